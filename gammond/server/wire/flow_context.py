"""What the kernel's flow needs of the engine for a Game's context, kept by the context's bytes.

The kernel (:mod:`~gammond.server.wire.flow_bytes`) writes a game's common
answers from its bytes, but the cube's and the score's rules stay in the
engine: whether a player may double or beaver (:func:`~gammond.engine.cube_rights`)
and what a dropped double ends the game with (the result, the score after,
the events).  Both are functions of a few of the Game's fields: the rules,
the score, the phase, the turn and the cube, and the roll counts as far as
the Holland rule reads them (:func:`~gammond.engine.rolls_that_matter`).
So the engine is asked once per such context, of a Game decoded from those
fields alone, and its answer is kept by their bytes: a game's few contexts
recur all game, and every game's like it.
"""

from __future__ import annotations

from typing import NamedTuple

from backgammon.v1 import game_pb2
from gammond.engine import (
    Action,
    ActionKind,
    CubeAction,
    EngineError,
    Game,
    Phase,
    apply_action,
    cube_rights,
    kernel,
    list_actions,
    rolls_that_matter,
)
from gammond.server.wire.choices import choices_wire
from gammond.server.wire.flow_bytes import MAY_BEAVER, MAY_DOUBLE_NEXT, MAY_DOUBLE_NOW
from gammond.server.wire.game import VIEW_COMPACT, VIEW_MOVES, decode_context
from gammond.server.wire.game_bytes import (
    CUBE,
    PHASE,
    RESULT,
    SCORE_AFTER,
    event_bytes,
    game_parts,
    repeated_field,
)

# cube_rights' answers as flags: the next player may double once this turn ends; the player on turn
# may double now; the other side may beaver that double (those three as the kernel's step reads them);
# the player answering a double may beaver now (the listing's MAY_BEAVER).
DOUBLE_NEXT, DOUBLE_NOW, BEAVER_IF_DOUBLED, BEAVER_NOW = MAY_DOUBLE_NEXT, MAY_DOUBLE_NOW, MAY_BEAVER, 16
ACT_RIGHTS = DOUBLE_NEXT | DOUBLE_NOW | BEAVER_IF_DOUBLED
_FLAGS = (DOUBLE_NEXT, DOUBLE_NOW, BEAVER_IF_DOUBLED, BEAVER_NOW)
_GAME = game_pb2.Game
_FIELDS = (
    _GAME.RULES_FIELD_NUMBER,
    _GAME.SCORE_FIELD_NUMBER,
    _GAME.PHASE_FIELD_NUMBER,
    _GAME.TURN_FIELD_NUMBER,
    _GAME.CUBE_FIELD_NUMBER,
)
_CONTEXT = sum(1 << number for number in _FIELDS)
_ROLLS = (1 << _GAME.WHITE_ROLLS_FIELD_NUMBER) | (1 << _GAME.BLACK_ROLLS_FIELD_NUMBER)
_ACT_EVENTS = 2  # ActResponse.events
# Bounded: cleared when full.
_KEPT: dict[tuple[bytes, int, int], Context] = {}
_KEPT_MAX = 4096


class Context(NamedTuple):
    """The engine's answers for a Game's context, as the kernel reads them."""

    rights: int  # DOUBLE_NEXT, DOUBLE_NOW, BEAVER_IF_DOUBLED, BEAVER_NOW
    # A double dropped, where one waits for an answer: the new Game's phase, cube and result fields,
    # its score after, the answer's events, and its choices in the compact and the moves view.
    drop: tuple[bytes, ...] | None


def context(key: bytes) -> Context | None:
    """The engine's answers for the context of the Game whose bytes are ``key``; None if unreadable.

    ``key``: a Game's bytes as this server wrote them, or decoded and
    checked them whole (see ``GameCodec.read_flow``).  A context not seen
    lately is decoded alone (:func:`~gammond.server.wire.game.decode_context`)
    and the engine asked.
    """
    pick = kernel.pick_fields
    picked = None if pick is None else pick(key, _CONTEXT, _ROLLS)
    if picked is None:
        return None
    fields, (white_rolls, black_rolls) = picked
    rolls = rolls_that_matter((white_rolls, black_rolls))
    found = _KEPT.get((fields, *rolls))
    if found is None:
        game = decode_context(game_pb2.Game.FromString(fields), rolls)
        rights = sum(flag for flag, allowed in zip(_FLAGS, cube_rights(game)) if allowed)
        found = Context(rights, _drop(game))
        if len(_KEPT) >= _KEPT_MAX:
            _KEPT.clear()
        _KEPT[(fields, *rolls)] = found
    return found


def _drop(game: Game) -> tuple[bytes, ...] | None:
    """What dropping the double ``game`` waits on gives, as the general path writes it; None if none waits."""
    responder = game.cube.responder
    if (
        game.phase is not Phase.CUBE_OFFERED
        or game.cube.pending is not CubeAction.DOUBLE
        or responder is None
    ):
        return None
    try:
        after, events = apply_action(game, Action(ActionKind.DROP, responder))
    except EngineError:  # a score past the largest accepted, say: the general path names it
        return None
    parts = game_parts(after.rebased())
    written = dict(zip(parts.numbers, parts.bodies))
    listed = list_actions(after, play_actions=False)
    return (
        written[PHASE],
        written[CUBE],
        written[RESULT],
        written[SCORE_AFTER],
        repeated_field(_ACT_EVENTS, map(event_bytes, events)),
        choices_wire(after, listed, VIEW_COMPACT, False),
        choices_wire(after, listed, VIEW_MOVES, False),
    )
