"""Every rule set's whole matches survive the .mat round trip: ImportMatch reads each export back
game by game, and GNU Backgammon (the dev extra's module) reads the same games and game values.

Random whole matches are played through the engine's game flow (``new_game``,
``list_actions``, ``apply_action``, ``next_game``; seeded dice, seeded random
actions: doubles, beavers, raccoons, drops, resignations offered, accepted and
rejected, before and after the roll), exported with ``format_mat`` and

* read back with ``parse_mat`` (ImportMatch's reader): every game's log, board,
  cube, result and score identical (a roll's dice compared as a pair: the
  format writes the higher die first);
* imported by gnubg (``import mat``, its Jacoby setting made the session's):
  per game the score before it, the winner, the points won and whether it was
  resigned, and the cube actions in gnubg's own terms (a beaver or raccoon is
  a double by the doubled side).  gnubg's .mat import starts every game on
  cube 1, so it cannot know automatic doubles, and its cube stops at 4096
  (its MAX_CUBE: a double offered on 4096 is listed but leaves the cube
  alone): a game with automatic doubles or a cube past 4096 is the same
  game on gnubg's own stakes, its end compared as gnubg reads it
  (``gnubg_end``), and those games are counted apart.

CI runs ``GAMMOND_RULES_MATCHES`` matches per rule set (default 2); the full
run (``GAMMOND_RULES_MATCHES=20``, say) is ``-m slow``.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

import pytest

from gammond.engine.flow import (
    Action,
    ActionKind,
    DiceSource,
    Game,
    LogEntry,
    Phase,
    apply_action,
    list_actions,
    new_game,
    next_game,
)
from gammond.engine.notation import parse_moves
from gammond.engine.players import Player
from gammond.engine.records import MatchRecord, format_mat, parse_mat, record_of
from gammond.engine.result import ResultKind
from gammond.engine.rules import RuleOptions
from gammond.engine.scoring import GameEnd

RULE_SETS: dict[str, RuleOptions] = {
    "match to 1": RuleOptions.match(1),
    "match to 3": RuleOptions.match(3),
    "match to 5": RuleOptions.match(5),
    "match to 7": RuleOptions.match(7),
    "cubeless match to 5": RuleOptions.match(5, cubeless=True),
    "Holland match to 5": RuleOptions.match(5, holland=True),
    "no dead cube, match to 5": RuleOptions.match(5, dead_cube=False),
    "money": RuleOptions.money(),
    "cubeless money": RuleOptions.money(cubeless=True),
    "money, Jacoby": RuleOptions.money(jacoby=True),
    "money, beavers": RuleOptions.money(beavers=True),
    "money, beavers and raccoons": RuleOptions.money(beavers=True, raccoons=True),
    "money, automatic doubles": RuleOptions.money(max_automatic_doubles=2),
    "money, all house rules": RuleOptions.money(
        jacoby=True, beavers=True, raccoons=True, max_automatic_doubles=3
    ),
}
MONEY_GAMES = 4  # games per money session
MAX_ACTIONS = 20_000


def _choose(choices: tuple[Action, ...], rng: random.Random, plays: int) -> Action:
    """A random action, weighted so that games go on and every kind of action turns up."""
    kinds = {a.kind for a in choices}
    # No resignation is listed right after one was rejected (docs/dice.md, "A game no one can stall").
    resigns = [a for a in choices if a.kind is ActionKind.RESIGN]
    if ActionKind.PLAY in kinds:
        if resigns and rng.random() < 0.04:
            return rng.choice(resigns)
        return rng.choice([a for a in choices if a.kind is ActionKind.PLAY])
    if ActionKind.ROLL in kinds and len(choices) > 1:  # before the roll: double, resign or roll
        roll = next(a for a in choices if a.kind is ActionKind.ROLL)
        doubles = [a for a in choices if a.kind is ActionKind.DOUBLE]
        chance = rng.random()
        if doubles and chance < 0.12:
            return doubles[0]
        if resigns and chance > 0.97:
            return rng.choice(resigns)
        return roll
    return rng.choice(choices)


def play_match(rules: RuleOptions, seed: int) -> list[Game]:
    """A whole match (or ``MONEY_GAMES`` games of a session) of seeded random actions."""
    rng = random.Random(seed)
    game = new_game(rules, dice_source=DiceSource.SEEDED, seed=seed.to_bytes(8, "big"))
    games: list[Game] = []
    for _ in range(MAX_ACTIONS):
        if game.over:
            games.append(game)
            if game.phase is Phase.MATCH_OVER or (not rules.is_match() and len(games) == MONEY_GAMES):
                return games
            game = next_game(game)
            continue
        choices = list_actions(game).actions
        if game.phase is Phase.OPENING_ROLL:
            action = Action(ActionKind.ROLL, Player.WHITE)
        else:
            action = _choose(choices, rng, len(game.log))
        game, _ = apply_action(game, action)
    raise AssertionError(f"match {seed} under {rules} did not end in {MAX_ACTIONS} actions")


def _entry(entry: LogEntry) -> LogEntry:
    """A log entry as the .mat format keeps it: a roll's dice as a pair, higher first."""
    if entry.kind is ActionKind.ROLL and entry.player is not None and entry.dice is not None:
        return replace(entry, dice=(max(entry.dice), min(entry.dice)))
    return entry


def import_differences(record: MatchRecord, back: MatchRecord) -> list[str]:
    """Where ImportMatch's reading of the export parts from the games played (empty: identical)."""
    found: list[str] = []
    if back.rules != record.rules:
        found.append(f"rules {back.rules} against {record.rules}")
    if len(back.games) != len(record.games):
        found.append(f"{len(back.games)} games against {len(record.games)}")
    for number, (ours, theirs) in enumerate(zip(record.games, back.games), start=1):
        a = [_entry(e) for e in ours.log]
        b = [_entry(e) for e in theirs.log]
        if a != b:
            at = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
            found.append(f"game {number} log entry {at}: {a[at : at + 1]} against {b[at : at + 1]}")
        fields = ("board", "cube", "result", "score", "sheet", "phase", "turn")
        for name in fields:
            if getattr(ours, name) != getattr(theirs, name):
                found.append(f"game {number} {name}: {getattr(ours, name)} against {getattr(theirs, name)}")
    return found


_SIDE = {Player.WHITE: "X", Player.BLACK: "O"}


def automatic_doubles(game: Game) -> int:
    """The automatic doubles of ``game`` (tied opening rolls, up to the rules' limit)."""
    ties = sum(
        1
        for e in game.log
        if e.kind is ActionKind.ROLL and e.player is None and e.dice and e.dice[0] == e.dice[1]
    )
    return min(ties, game.rules.max_automatic_doubles)


def _our_values(game: Game) -> tuple[Any, ...]:
    cube: list[tuple[str, str]] = []
    for entry in game.log:
        if entry.kind in (ActionKind.DOUBLE, ActionKind.BEAVER, ActionKind.RACCOON):
            assert entry.player is not None
            cube.append(("double", _SIDE[entry.player]))
        elif entry.kind in (ActionKind.TAKE, ActionKind.DROP):
            assert entry.player is not None
            cube.append((entry.kind.value, _SIDE[entry.player]))
    result = game.result
    end = None
    if result is not None:
        end = (_SIDE[result.winner], result.points, result.ended is GameEnd.RESIGNED)
    return (game.score.scores, tuple(cube), end)


def _gnubg_values(game: dict[str, Any]) -> tuple[Any, ...]:
    info = game["info"]
    cube = tuple(
        (a["action"], a["player"]) for a in game["game"] if a["action"] in ("double", "take", "drop")
    )
    end = None
    if info.get("winner") in ("X", "O"):
        end = (info["winner"], info["points-won"], bool(info.get("resigned")))
    return ((info["score-X"], info["score-O"]), cube, end)


@dataclass
class Tally:
    matches: int = 0
    games: int = 0
    imported_identical: int = 0
    gnubg_games: int = 0
    gnubg_identical: int = 0
    automatic: int = 0
    failures: list[str] | None = None


GNUBG_MAX_CUBE = 4096  # gnubg's MAX_CUBE: it leaves out a double (or beaver) offered on a cube this high


def gnubg_end(game: Game) -> tuple[tuple[Any, ...] | None, bool]:
    """The end of ``game`` as gnubg's ``import mat`` reads it, on gnubg's own stakes; whether they are ours.

    gnubg starts every game on cube 1 (no automatic doubles) and its cube
    stops at ``GNUBG_MAX_CUBE`` (play.c's ApplyMoveRecord): it lists a double
    or beaver offered on a cube that high but leaves the cube alone, so the
    take that follows changes nothing and a drop does not end the game (the
    ``Wins N points`` line that follows then reads as a resignation).  A
    resignation's ``Wins N points`` gnubg sizes against its own cube: single
    up to the cube, gammon up to twice it, backgammon above.
    """
    cube, offered, left_out = 1, False, False
    for entry in game.log:
        if entry.kind in (ActionKind.DOUBLE, ActionKind.BEAVER, ActionKind.RACCOON):
            if cube >= GNUBG_MAX_CUBE:
                left_out = True
                continue
            if offered:
                cube <<= 1
            offered = True
        elif entry.kind is ActionKind.TAKE and offered:
            cube, offered = cube << 1, False
    same = not left_out and not automatic_doubles(game)
    result = game.result
    if result is None:
        return None, same
    winner = _SIDE[result.winner]
    if result.ended is GameEnd.PLAYED_OUT:
        return (winner, cube * (result.points // result.cube_value), False), same
    if result.ended is GameEnd.DOUBLE_DROPPED and offered:
        return (winner, cube, False), same
    resigned = 1 if result.points <= cube else 2 if result.points <= 2 * cube else 3
    return (winner, cube * resigned, True), same


def gnubg_differences(record: MatchRecord, text: str, gnubg: Any) -> tuple[list[str], int, int]:
    """Where gnubg's reading of ``text`` parts from the games in game values; games compared, on gnubg's stakes.

    A game with automatic doubles (gnubg has none in ``.mat`` files) or a cube
    past gnubg's ``GNUBG_MAX_CUBE`` is compared with its end as gnubg reads
    it on its own stakes (``gnubg_end``), and counted apart.
    """
    import tempfile

    from tests.support.records import quiet

    with tempfile.TemporaryDirectory() as folder, quiet():
        path = os.path.join(folder, "match.mat")
        with open(path, "w") as handle:
            handle.write(text)
        gnubg.command(f"set jacoby {'on' if record.rules.jacoby else 'off'}")
        gnubg.command(f"import mat {path}")
        match = dict(gnubg.match())
    theirs = list(match["games"])
    found: list[str] = []
    compared = skipped = 0
    if len(theirs) != len(record.games):
        found.append(f"gnubg read {len(theirs)} games against {len(record.games)}")
    for number, (ours, game) in enumerate(zip(record.games, theirs), start=1):
        a, b = _our_values(ours), _gnubg_values(game)
        end, same = gnubg_end(ours)
        if same:
            compared += 1
        else:
            # gnubg plays this game on other stakes: the same game, its end as gnubg reads it.
            skipped += 1
            a = (a[0], a[1], end)
        if a != b:
            found.append(f"game {number}: ours {a} against gnubg's {b}")
    return found, compared, skipped


def run(matches: int, first_seed: int = 1, gnubg: Any = None) -> Iterator[tuple[str, Tally]]:
    """Per rule set, what the round trips found over ``matches`` seeded matches."""
    for index, (name, rules) in enumerate(RULE_SETS.items()):
        tally = Tally(failures=[])
        for seed in range(first_seed, first_seed + matches):
            games = play_match(rules, 1000 * index + seed)
            record = record_of(games)
            text = format_mat(record)
            back = parse_mat(text)
            tally.matches += 1
            tally.games += len(games)
            found = import_differences(record, back)
            tally.imported_identical += not found
            assert tally.failures is not None
            tally.failures += [f"{name}, seed {seed}, ImportMatch: {f}" for f in found[:3]]
            if gnubg is not None:
                differ, compared, skipped = gnubg_differences(record, text, gnubg)
                tally.gnubg_games += compared
                tally.automatic += skipped
                tally.gnubg_identical += (
                    compared + skipped - len([d for d in differ if d.startswith("game ")])
                )
                tally.failures += [f"{name}, seed {seed}, gnubg: {f}" for f in differ[:3]]
        yield name, tally


def _gnubg() -> Any:
    """gnubg's module where it is installed (required in CI, as tests/support/peers.py says)."""
    from tests.support.peers import require_peer
    from tests.support.records import gnubg_module

    require_peer("gnubg")
    return gnubg_module()


def _check(matches: int, with_gnubg: bool) -> None:
    gnubg = _gnubg() if with_gnubg else None
    failures: list[str] = []
    for _name, tally in run(matches, gnubg=gnubg):
        assert tally.failures is not None
        failures += tally.failures
        assert tally.imported_identical == tally.matches
        if gnubg is not None:
            assert tally.gnubg_identical == tally.gnubg_games + tally.automatic
    assert failures == []


def test_every_rule_sets_exports_import_back_game_by_game() -> None:
    _check(int(os.environ.get("GAMMOND_RULES_MATCHES", "2")), with_gnubg=False)


def test_gnubg_reads_every_rule_sets_exports_with_the_same_game_values() -> None:
    _check(int(os.environ.get("GAMMOND_RULES_MATCHES", "2")), with_gnubg=True)


@pytest.mark.slow
def test_the_full_run_of_every_rule_set() -> None:
    _check(int(os.environ.get("GAMMOND_RULES_MATCHES_SLOW", "20")), with_gnubg=True)


if __name__ == "__main__":  # python -m tests.test_records_rules [MATCHES]: the figures for docs/benchmarks.md
    import sys
    import time

    start = time.monotonic()
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    try:
        module = _gnubg()
    except BaseException:
        module = None
    totals = Tally(failures=[])
    for name, tally in run(count, gnubg=module):
        print(
            f"{name}: {tally.matches} matches, {tally.games} games; ImportMatch identical "
            f"{tally.imported_identical}/{tally.matches}; gnubg identical {tally.gnubg_identical}/"
            f"{tally.gnubg_games + tally.automatic} games ({tally.automatic} with automatic doubles, "
            "or a cube past 4096, on gnubg's own stakes)"
        )
        for failure in (tally.failures or [])[:5]:
            print("  ", failure)
        totals.matches += tally.matches
        totals.games += tally.games
        totals.imported_identical += tally.imported_identical
        totals.gnubg_games += tally.gnubg_games
        totals.gnubg_identical += tally.gnubg_identical
        totals.automatic += tally.automatic
    print(
        f"total: {totals.matches} matches, {totals.games} games, {len(RULE_SETS)} rule sets; ImportMatch "
        f"identical {totals.imported_identical}/{totals.matches} matches; gnubg identical "
        f"{totals.gnubg_identical}/{totals.gnubg_games + totals.automatic} games ({totals.automatic} with "
        f"automatic doubles or a cube past 4096, on gnubg's own stakes); "
        f"{time.monotonic() - start:.0f} s"
    )


def test_a_roll_then_an_accepted_resignation_reads_back_and_gnubg_scores_it_as_the_resignation() -> None:
    # Mid-game, a roll with no play before the offer: written "Resigns single after rolling 44",
    # since gnubg read "44:" then the resignation as a win of the other side.
    game = new_game(RuleOptions.money(), dice_source=DiceSource.CLIENT)
    for action in (
        Action(ActionKind.ROLL, Player.WHITE, dice=(3, 1)),
        Action(ActionKind.PLAY, Player.WHITE, steps=parse_moves("8/5 6/5")),
        Action(ActionKind.ROLL, Player.BLACK, dice=(4, 4)),
        Action(ActionKind.RESIGN, Player.BLACK, resign=ResultKind.SINGLE),
        Action(ActionKind.ACCEPT, Player.WHITE),
    ):
        game, _ = apply_action(game, action)
    record = record_of([game])
    text = format_mat(record)
    assert "Resigns single after rolling 44" in text
    [back] = parse_mat(text).games
    assert back.log == game.log and back.result == game.result
    found, compared, _ = gnubg_differences(record, text, _gnubg())
    assert (found, compared) == ([], 1)
