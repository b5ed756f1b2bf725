"""Adapters to the peer engines the tests and benchmark use as oracles (dev-only).

GNU Backgammon's move generator (``gnubg_nn``) and OpenSpiel (``pyspiel``)
are imported inside the functions that need them, so this module loads
without either.  Tests ask for a peer with :func:`require_peer`: on a
developer's machine a missing peer skips the test, but in CI (``CI`` set, as
``.ci/run`` runs) the dev extra installs every peer, so a missing one fails.  Neither peer may be
imported from ``engine/`` or ``server/``.

Board layouts (see peers.md in the shared material):

* gnubg_nn: ``[opponent, side_on_roll]``, 25 counts each on the owner's own
  numbering (index ``j`` is point ``j + 1``, index 24 the bar) -- the same
  pair :meth:`Position.sides` returns, in the other order.
* OpenSpiel: ``state.board(player, i)`` for ``i`` in 0..23 on one shared
  numbering: player 0 (``x``) moves up from index 0, so its point ``p`` is
  index ``24 - p``; player 1 (``o``) moves down, its point ``p`` is index
  ``p - 1``.  Bars and borne-off counts are in the observation tensor.
  A turn is one action, or two half-turn actions for a double.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import pytest

from gammond.engine import Position
from tests.support.positions import Dice, Turn


def require_peer(module: str) -> ModuleType:
    """Import a peer engine's module; skip without it locally, fail without it in CI."""
    if not os.environ.get("CI"):
        found: ModuleType = pytest.importorskip(module)
        return found
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        pytest.fail(f"peer {module!r} is missing in CI, where the dev extra installs it: {exc}")


# Offsets in OpenSpiel's 200-float observation tensor (after the 2 x 24 x 4
# point encodings): own bar, own borne off, own turn flag, then the same for
# the opponent, then the two dice.
_OBS_BAR, _OBS_OPP_BAR, _OBS_DICE = 192, 195, 198


# -- GNU Backgammon -----------------------------------------------------------


def gnubg_board(position: Position) -> list[list[int]]:
    """The position as gnubg_nn's ``[opponent, side_on_roll]`` lists."""
    mine, theirs = position.sides()
    return [list(theirs), list(mine)]


def gnubg_results(position: Position, dice: Dice) -> set[Position]:
    """The distinct boards gnubg_nn reaches with ``dice``, seen from the mover."""
    import gnubg_nn  # type: ignore[import-not-found,import-untyped,unused-ignore]

    keys = gnubg_nn.moves(gnubg_board(position), dice[0], dice[1])
    results = set()
    for key in keys:
        opponent, mover = gnubg_nn.board_from_position_key(key)
        results.add(Position.from_sides(mover, opponent))
    return results


# -- OpenSpiel ----------------------------------------------------------------


def openspiel_game() -> Any:
    """OpenSpiel's backgammon, with its turn cap out of the way of long games."""
    import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]

    return pyspiel.load_game("backgammon", {"max_player_turns": 100_000})


def _index(player: int, point: int) -> int:
    return 24 - point if player == 0 else point - 1


def openspiel_position(state: Any, mover: int) -> Position:
    """An OpenSpiel state's board, seen from ``mover``."""
    opponent = 1 - mover
    observed = state.observation_tensor(mover)
    mine = [state.board(mover, _index(mover, p)) for p in range(1, 25)]
    theirs = [state.board(opponent, _index(opponent, p)) for p in range(1, 25)]
    mine.append(int(observed[_OBS_BAR]))
    theirs.append(int(observed[_OBS_OPP_BAR]))
    return Position.from_sides(mine, theirs)


def _roll_action(state: Any, dice: Dice, mover: int) -> int:
    """The chance outcome that gives ``mover`` the roll ``dice``.

    Found by trying the outcomes rather than from OpenSpiel's outcome table,
    whose opening-roll encoding differs between versions.
    """
    for action, _ in state.chance_outcomes():
        child = state.child(action)
        rolled = child.observation_tensor(mover)[_OBS_DICE : _OBS_DICE + 2]
        if child.current_player() == mover and sorted(int(d) for d in rolled) == sorted(dice):
            return int(action)
    raise LookupError(f"OpenSpiel has no chance outcome giving player {mover} the roll {dice}")


def openspiel_results(state: Any) -> dict[Position, Any]:
    """Every distinct board the player on roll can reach this turn, with its state.

    OpenSpiel plays a double as two half-turn actions, so the turn is over
    only once the state is a chance node, terminal, or the other player's.
    """
    mover = state.current_player()
    found: dict[Position, Any] = {}
    pending = [state]
    while pending:
        current = pending.pop()
        if current.is_terminal() or current.is_chance_node() or current.current_player() != mover:
            found.setdefault(openspiel_position(current, mover), current)
            continue
        pending.extend(current.child(action) for action in current.legal_actions())
    return found


@dataclass(frozen=True)
class MirroredTurn:
    """A recorded turn next to the same turn replayed in OpenSpiel.

    ``state`` is OpenSpiel's state after the roll; ``position`` is that
    state's board seen from the mover (it should equal the turn's own), and
    ``results`` maps each board OpenSpiel can reach to the state reaching it.
    """

    turn: Turn
    state: Any
    position: Position
    results: dict[Position, Any]


def mirror_game(turns: Iterable[Turn], game: Any | None = None) -> Iterator[MirroredTurn]:
    """Replay a recorded game in OpenSpiel, turn by turn, with the same rolls and plays.

    Stops early if OpenSpiel cannot reach the board the recorded play
    reached (the caller sees the disagreement in the last turn yielded).
    """
    state = (game or openspiel_game()).new_initial_state()
    for number, turn in enumerate(turns):
        mover = number % 2
        state = state.child(_roll_action(state, turn.sample.dice, mover))
        results = openspiel_results(state)
        yield MirroredTurn(turn, state, openspiel_position(state, mover), results)
        if turn.after not in results:
            return
        state = results[turn.after]
