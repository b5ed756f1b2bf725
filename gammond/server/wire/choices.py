"""ListActions' answer written as wire bytes, without a message object per play.

While a player is moving, ``ListActions`` lists every complete legal play
twice, as a ``PLAY`` action (moves and notation) and in ``plays`` (moves,
notation and result), beside the few other actions.  Those plays are most of
the answer, so :func:`choices_wire` writes them as bytes: the ``plays`` as
the compiled kernel writes a ``ListLegalPlays`` answer's plays (else the
Python encoder of :mod:`gammond.server.wire.plays`), each action once per
distinct action and dice left (cached).  The bytes are those
``SerializeToString`` gives for
:func:`~gammond.server.wire.game.encode_choices`' message, which stays the
reference; the tests compare the two on every phase of hundreds of games,
both kernel paths.

Protobuf writes a message's fields in the order of their numbers, and a
repeated field's items in order, so the answer is written in that order:
the phase and the players (a message), the actions, the plays, then the
dice left and the board (another message).
"""

from __future__ import annotations

from functools import lru_cache

from backgammon.v1 import play_service_pb2
from gammond.engine import Action, Choices, Game, Player, kernel
from gammond.server.wire.board import encode_board
from gammond.server.wire.game import (
    VIEW_FULL,
    VIEW_MOVES,
    choices_head,
    dice_lefts,
    encode_flow_action,
    listed_actions,
)
from gammond.server.wire.plays import field_bytes, play_bytes, retagged

# Field tags, (number << 3) | wire type 2 (length-delimited).
_TAG_ACTIONS, _TAG_PLAYS = 3 << 3 | 2, 4 << 3 | 2  # ListActionsResponse
_PLAYS_WITH_RESULTS = kernel.WIRE_PLAYS | kernel.WIRE_RESULT


@lru_cache(maxsize=1 << 14)  # a few MB at most
def _action_field(action: Action, dice_left: tuple[int, ...], compact: bool) -> bytes:
    """An action as a field of the answer; cached, as the same plays and moves recur call after call."""
    return field_bytes(_TAG_ACTIONS, encode_flow_action(action, dice_left, compact).SerializeToString())


def _plays_field(game: Game, choices: Choices, turn: Player, with_result: bool) -> bytes:
    """``plays``: the kernel's plays (the ListLegalPlays answer's items) retagged, else the Python encoder."""
    wire, dice = kernel.plays_wire, game.dice
    if wire is not None and dice is not None:
        flags = _PLAYS_WITH_RESULTS if with_result else kernel.WIRE_PLAYS
        raw, count, _ = wire(game.turn_position().board, dice[0], dice[1], turn is Player.BLACK, flags)
        if count == len(choices.plays):
            return retagged(raw, _TAG_PLAYS)
    return b"".join(
        field_bytes(_TAG_PLAYS, play_bytes(play, turn, with_result=with_result)) for play in choices.plays
    )


def choices_wire(game: Game, choices: Choices, view: int = VIEW_FULL, board_now: bool = True) -> bytes:
    """``encode_choices(game, choices, view, board_now).SerializeToString()``, the plays and actions written as bytes."""
    turn, options = game.turn, choices.turn
    out = bytearray(choices_head(game, choices).SerializeToString())
    lefts = dice_lefts(choices)
    compact = view != VIEW_FULL
    for action in listed_actions(choices, view):
        out += _action_field(action, lefts.get(action.steps, ()), compact)
    tail = play_service_pb2.ListActionsResponse()
    if turn is not None and options is not None:
        if view != VIEW_MOVES:
            out += _plays_field(game, choices, turn, view == VIEW_FULL)
        tail.dice_left.extend(options.dice_left)
    if board_now and choices.board_now is not None:
        tail.board_now.CopyFrom(encode_board(choices.board_now, Player.WHITE))
    out += tail.SerializeToString()
    return bytes(out)
