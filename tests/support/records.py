"""Match records against GNU Backgammon (dev-only): play matches through the API, compare with gnubg.

A match is compared as GNU Backgammon's ``gnubg.match()`` describes it: per
game, every action in order -- a move as (player, dice, Position ID before
it, the net checker flow of the play), a double, take or drop by its
player -- then the winner, the points won and whether it was resigned, and
the score before the game.  gnubg's left column (Player 1) is ``X``, our
White; the right column ``O`` is Black.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from typing import Any

from gammond.engine.flow import Action, ActionKind, DiceSource, Phase, apply_action, fresh
from gammond.engine.players import Player
from gammond.engine.records import MatchRecord
from gammond.engine.scoring import GameEnd

Summary = list[tuple[Any, ...]]
_SIDE = {Player.WHITE: "X", Player.BLACK: "O"}


def _flow(moves: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    out = Counter(a for a, _ in moves)
    into = Counter(b for _, b in moves)
    net = (out - into) + Counter({-k: v for k, v in (into - out).items()})
    return tuple(sorted(net.items()))


def our_summary(record: MatchRecord) -> Summary:
    """The record as comparable tuples (see the module docstring)."""
    games: Summary = []
    for game in record.games:
        actions: list[tuple[Any, ...]] = []
        state = replace(fresh(game), dice_source=DiceSource.CLIENT)
        log = game.log
        for entry in log:
            if entry.kind is ActionKind.ROLL and entry.dice is not None:
                opening = state.phase is Phase.OPENING_ROLL
                before = state
                action = Action(ActionKind.ROLL, Player.WHITE if opening else entry.player, dice=entry.dice)
                state, _ = apply_action(state, action)
                if state.phase is Phase.MOVING:
                    continue  # the play's entry records the move
                if opening:
                    continue  # a tie
                assert before.turn is not None
                dice = tuple(sorted(entry.dice))
                actions.append(("move", _SIDE[before.turn], dice, before.turn_position().position_id(), ()))
                continue
            if entry.kind is ActionKind.PLAY and entry.player is not None and state.dice is not None:
                moves = [(m.from_point, m.to_point) for m in entry.moves]
                actions.append(
                    (
                        "move",
                        _SIDE[entry.player],
                        tuple(sorted(state.dice)),
                        state.turn_position().position_id(),
                        _flow(moves),
                    )
                )
            elif entry.kind in (ActionKind.DOUBLE, ActionKind.TAKE, ActionKind.DROP):
                assert entry.player is not None
                actions.append((entry.kind.value, _SIDE[entry.player]))
            state, _ = apply_action(
                state, Action(entry.kind, entry.player, steps=entry.moves, resign=entry.resign)
            )
        result = game.result
        end = None
        if result is not None:
            end = (_SIDE[result.winner], result.points, result.ended is GameEnd.RESIGNED)
        games.append((game.score.scores, tuple(actions), end))
    return games


def gnubg_summary(match: dict[str, Any]) -> Summary:
    """``gnubg.match()`` as the same tuples."""
    games: Summary = []
    for game in match["games"]:
        info = game["info"]
        actions: list[tuple[Any, ...]] = []
        for action in game["game"]:
            kind = action["action"]
            if kind == "move":
                actions.append(
                    (
                        "move",
                        action["player"],
                        tuple(sorted(action["dice"])),
                        action["board"],
                        _flow(action.get("move") or ()),
                    )
                )
            elif kind in ("double", "take", "drop"):
                actions.append((kind, action["player"]))
        end = None
        if info.get("winner") in ("X", "O"):
            end = (info["winner"], info["points-won"], bool(info.get("resigned")))
        games.append(((info["score-X"], info["score-O"]), tuple(actions), end))
    return games


@contextlib.contextmanager
def quiet() -> Iterator[str]:
    """gnubg prints on the process's standard output: catch it at the file descriptor (yields the file)."""
    sys.stdout.flush()
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "gnubg.txt")
        saved = os.dup(1)
        try:
            with open(path, "w") as sink:
                os.dup2(sink.fileno(), 1)
                yield path
        finally:
            os.dup2(saved, 1)
            os.close(saved)


def gnubg_module() -> Any:
    """GNU Backgammon's Python module, quiet and single-threaded (it can hang otherwise)."""
    import gnubg  # type: ignore[import-not-found,import-untyped,unused-ignore]

    gnubg.command("set threads 1")
    gnubg.command("set display off")
    return gnubg


def gnubg_reads(text: str) -> dict[str, Any]:
    """What GNU Backgammon makes of ``.mat`` text: ``gnubg.match()`` after ``import mat``."""
    gnubg = gnubg_module()
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "match.mat")
        with open(path, "w") as handle:
            handle.write(text)
        with quiet():
            gnubg.command(f"import mat {path}")
            return dict(gnubg.match())


def gnubg_plays(length: int, seed: int) -> tuple[str, dict[str, Any]]:
    """A match GNU Backgammon plays against itself at 0-ply: its own ``.mat`` export and its match dict."""
    with quiet():
        return _gnubg_plays(length, seed)


def _gnubg_plays(length: int, seed: int) -> tuple[str, dict[str, Any]]:
    gnubg = gnubg_module()
    for player in (0, 1):
        gnubg.command(f"set player {player} gnubg")
        gnubg.command(f"set player {player} chequerplay evaluation plies 0")
        gnubg.command(f"set player {player} cubedecision evaluation plies 0")
    gnubg.command(f"set seed {seed}")
    gnubg.command(f"new match {length}")
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "match.mat")
        gnubg.command(f"export match mat {path}")
        with open(path) as handle:
            text = handle.read()
    return text, dict(gnubg.match())


def differences(ours: Summary, theirs: Summary) -> list[str]:
    """Where two summaries part, in words (empty when identical)."""
    found: list[str] = []
    if len(ours) != len(theirs):
        found.append(f"{len(ours)} games against {len(theirs)}")
    for number, (a, b) in enumerate(zip(ours, theirs), start=1):
        if a[0] != b[0]:
            found.append(f"game {number}: score {a[0]} against {b[0]}")
        if a[2] != b[2]:
            found.append(f"game {number}: result {a[2]} against {b[2]}")
        for index, (x, y) in enumerate(zip(a[1], b[1])):
            if x != y:
                found.append(f"game {number} action {index + 1}: {x} against {y}")
                break
        if len(a[1]) != len(b[1]):
            found.append(f"game {number}: {len(a[1])} actions against {len(b[1])}")
    return found


def first(sequence: Sequence[str]) -> str:
    return sequence[0] if sequence else ""


def _numbers(line: str) -> list[float]:
    """The two players' figures on a line of gnubg's statistics (the EMG ones, not the MWC in brackets)."""
    import re

    return [float(x) for x in re.findall(r"([+-]?\d+\.\d+)\s+\(", line)]


def gnubg_statistics(text: str, plies: int = 0) -> dict[str, tuple[float, float]]:
    """GNU Backgammon's own analysis of a .mat match at ``plies``: its figures for (left, right) player.

    Keys: ``checker`` (mEMG per unforced move), ``cube`` (mEMG per close or
    actual cube decision), ``overall`` (mEMG per decision), ``luck`` (EMG in
    total).  gnubg prints errors as negative numbers; they are returned >= 0.
    """
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "match.mat")
        with open(path, "w") as handle:
            handle.write(text)
        # gnubg prints on the process's standard output: catch it at the file descriptor.
        report = os.path.join(folder, "statistics.txt")
        sys.stdout.flush()
        saved = os.dup(1)
        try:
            with open(report, "w") as sink:
                os.dup2(sink.fileno(), 1)
                gnubg = gnubg_module()
                gnubg.command(f"import mat {path}")
                gnubg.command(f"set analysis chequerplay evaluation plies {plies}")
                gnubg.command(f"set analysis cubedecision evaluation plies {plies}")
                gnubg.command("analyse match")
                gnubg.command("show statistics match")
        finally:
            os.dup2(saved, 1)
            os.close(saved)
        with open(report, errors="replace") as handle:
            lines = handle.read().splitlines()
    rates = [_numbers(line) for line in lines if line.startswith("Error rate mEMG")]
    luck = [_numbers(line) for line in lines if line.startswith("Luck total EMG")]
    if len(rates) < 3 or not luck:
        raise RuntimeError("gnubg printed no statistics for the match")
    checker, cube, overall = rates[0], rates[1], rates[2]
    return {
        "checker": (-checker[0], -checker[1]),
        "cube": (-cube[0], -cube[1]),
        "overall": (-overall[0], -overall[1]),
        "luck": (luck[0][0], luck[0][1]),
    }
