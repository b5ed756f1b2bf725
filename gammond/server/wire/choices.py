"""ListActions' answer written as wire bytes, without a message object per play.

While a player is moving, ``ListActions`` lists every complete legal play
twice, as a ``PLAY`` action (moves and notation) and in ``plays`` (moves,
notation and result), beside the few other actions.  Those plays are most of
the answer, so :func:`choices_wire` writes them as bytes: the ``plays`` as
the compiled kernel writes a ``ListLegalPlays`` answer's plays (else the
Python encoder of :mod:`gammond.server.wire.plays`), the ``PLAY`` actions
as one run per turn (from the kernel's plays, their fields renumbered;
cached by the turn's board, dice and mover), each other action once per
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

import threading
from functools import lru_cache
from typing import TypeVar

from backgammon.v1 import game_pb2, play_service_pb2
from gammond.engine import Action, ActionKind, Choices, Game, Move, Phase, Player, Position, kernel
from gammond.server.wire.board import encode_board, encode_color
from gammond.server.wire.game import (
    VIEW_FULL,
    VIEW_MOVES,
    choices_head,
    dice_lefts,
    encode_flow_action,
    listed_actions,
)
from gammond.server.wire.plays import field_bytes, play_bytes, read_varint, retagged

# Field tags, (number << 3) | wire type 2 (length-delimited).
_TAG_ACTIONS, _TAG_PLAYS = 3 << 3 | 2, 4 << 3 | 2  # ListActionsResponse
_PLAYS_WITH_RESULTS = kernel.WIRE_PLAYS | kernel.WIRE_RESULT
_K = TypeVar("_K")


@lru_cache(maxsize=1 << 14)  # a few MB at most
def _action_field(action: Action, dice_left: tuple[int, ...], compact: bool) -> bytes:
    """An action as a field of the answer; cached, as the same plays and moves recur call after call."""
    return field_bytes(_TAG_ACTIONS, encode_flow_action(action, dice_left, compact).SerializeToString())


def _plays_field(game: Game, choices: Choices, turn: Player, with_result: bool) -> bytes:
    """``plays``: the kernel's plays (the ListLegalPlays answer's items) retagged, else the Python encoder.

    Kept by the turn's board, dice and mover: a turn lists the same plays at each of its steps.
    """
    dice = game.dice
    assert dice is not None
    board = game.turn_position().board
    key = (board, dice, turn, with_result)
    field = _PLAYS_FIELDS.get(key)
    if field is None:
        field = _written_plays(board, dice, choices, turn, with_result)
        _keep(_PLAYS_FIELDS, key, field)
    return field


def _written_plays(
    board: tuple[int, ...], dice: tuple[int, int], choices: Choices, turn: Player, with_result: bool
) -> bytes:
    wire = kernel.plays_wire
    if wire is not None:
        flags = _PLAYS_WITH_RESULTS if with_result else kernel.WIRE_PLAYS
        raw, count, _ = wire(board, dice[0], dice[1], turn is Player.BLACK, flags)
        if count == len(choices.plays):
            return retagged(raw, _TAG_PLAYS)
    return b"".join(
        field_bytes(_TAG_PLAYS, play_bytes(play, turn, with_result=with_result)) for play in choices.plays
    )


# The PLAY actions of a turn, as fields, by the turn's board (from the mover's
# side), dice and mover: FULL lists them at every step of the turn, dozens a
# call.  Bounded; the oldest go first.
_PLAY_RUNS: dict[tuple[tuple[int, ...], tuple[int, int], Player], bytes] = {}
_RUNS_MAX = 2048
_RUNS_LOCK = threading.Lock()


def _keep(table: dict[_K, bytes], key: _K, value: bytes) -> None:
    """``table[key] = value``, the oldest entry going first once the table holds :data:`_RUNS_MAX`."""
    with _RUNS_LOCK:  # evicting iterates the dict: one thread at a time
        if len(table) >= _RUNS_MAX:
            del table[next(iter(table))]
        table[key] = value


# The turn's plays likewise (with or without their results).
_PLAYS_FIELDS: dict[tuple[tuple[int, ...], tuple[int, int], Player, bool], bytes] = {}
# The MOVE actions of a turn's options likewise, by the moves made so far and the view too.
_MOVE_RUNS: dict[tuple[tuple[int, ...], tuple[int, int], tuple[Move, ...], Player, bool], bytes] = {}


def _play_run(game: Game, actions: tuple[Action, ...]) -> bytes:
    """The fields of ``actions``, the turn's PLAY actions in the order the engine lists them."""
    dice, turn = game.dice, game.turn
    assert dice is not None and turn is not None
    board = game.turn_position().board
    key = (board, dice, turn)
    run = _PLAY_RUNS.get(key)
    if run is None:
        run = _kernel_play_run(board, dice, turn, len(actions))
        if run is None:
            # A PLAY action's field does not depend on the dice left (only a MOVE carries them).
            run = b"".join(_action_field(action, (), False) for action in actions)
        _keep(_PLAY_RUNS, key, run)
    return run


# A PLAY Action holds a play's moves and notation as a Play message does, under
# other field numbers: Play.moves (1) and Play.notation (2) are Action.moves
# (8) and Action.notation (9), after Action.kind (1) and Action.player (2).
_PLAY_TO_ACTION = {1 << 3 | 2: 8 << 3 | 2, 2 << 3 | 2: 9 << 3 | 2}
_TAG_KIND, _TAG_PLAYER = 1 << 3, 2 << 3
_KIND_PLAY = game_pb2.ACTION_KIND_PLAY


def _kernel_play_run(board: tuple[int, ...], dice: tuple[int, int], turn: Player, count: int) -> bytes | None:
    """The PLAY actions' fields from the kernel's plays (moves and notation), or None without the kernel."""
    wire = kernel.plays_wire
    if wire is None:
        return None
    raw, made, _ = wire(board, dice[0], dice[1], turn is Player.BLACK, kernel.WIRE_PLAYS)
    if made != count:
        return None
    head = bytes((_TAG_KIND, _KIND_PLAY, _TAG_PLAYER, encode_color(turn)))
    out = bytearray()
    at, size = 0, len(raw)
    while at < size:  # each play: a field of the kernel's answer, its body a Play message
        start, end = _payload(raw, at)
        body = bytearray(head)
        inner = start
        while inner < end:  # one-byte tags; the length and the bytes after it stay as they are
            after = _payload(raw, inner)[1]
            body.append(_PLAY_TO_ACTION[raw[inner]])
            body += raw[inner + 1 : after]
            inner = after
        out += field_bytes(_TAG_ACTIONS, bytes(body))
        at = end
    return bytes(out)


def _payload(raw: bytes, at: int) -> tuple[int, int]:
    """Where the body of the length-delimited field whose one-byte tag is at ``at`` starts and ends."""
    length, start = read_varint(raw, at + 1)
    return start, start + length


def _run_at(listed: tuple[Action, ...], at: int, kind: ActionKind, count: int) -> bool:
    """Whether ``listed`` holds exactly ``count`` actions of ``kind`` from ``at`` on.

    The engine lists a turn's MOVE actions (one per move option) and its
    PLAY actions (one per play) each together and in order, so a run as
    long as the options or the plays is all of them (near the log's end some
    PLAY actions may be left out).
    """
    end = at + count
    return (
        count > 0
        and end <= len(listed)
        and listed[at].kind is kind
        and listed[end - 1].kind is kind
        and (end == len(listed) or listed[end].kind is not kind)
    )


def _move_run(game: Game, actions: tuple[Action, ...], choices: Choices, compact: bool) -> bytes:
    """The fields of ``actions``, the MOVE actions of the turn's options in the order the engine lists them."""
    dice, turn = game.dice, game.turn
    assert dice is not None and turn is not None
    key = (game.turn_position().board, dice, game.moves, turn, compact)
    run = _MOVE_RUNS.get(key)
    if run is None:
        lefts = dice_lefts(choices)
        run = b"".join(_action_field(action, lefts.get(action.steps, ()), compact) for action in actions)
        _keep(_MOVE_RUNS, key, run)
    return run


def _actions_fields(game: Game, choices: Choices, view: int) -> bytes:
    """The listed actions as fields; the turn's MOVE and PLAY actions, when all are listed, as cached runs."""
    listed = listed_actions(choices, view)
    compact = view != VIEW_FULL
    moves = len(choices.turn.options) if choices.turn is not None else 0
    plays = len(choices.plays)
    lefts: dict[tuple[Move, ...], tuple[int, ...]] | None = None
    out = bytearray()
    at, size = 0, len(listed)
    while at < size:
        action = listed[at]
        if action.kind is ActionKind.MOVE and _run_at(listed, at, ActionKind.MOVE, moves):
            out += _move_run(game, listed[at : at + moves], choices, compact)
            at += moves
        elif action.kind is ActionKind.PLAY and _run_at(listed, at, ActionKind.PLAY, plays):
            out += _play_run(game, listed[at : at + plays])
            at += plays
        else:
            if lefts is None:
                lefts = dice_lefts(choices)
            out += _action_field(action, lefts.get(action.steps, ()), compact)
            at += 1
    return bytes(out)


# By phase and players to act: a few dozen at most.
_PHASE_HEADS: dict[tuple[Phase, tuple[Player, ...]], bytes] = {}


def _head_bytes(game: Game, choices: Choices) -> bytes:
    """The fields before the actions: a handful of distinct values, kept."""
    key = (game.phase, tuple(sorted({a.player for a in choices.actions if a.player is not None})))
    head = _PHASE_HEADS.get(key)
    if head is None:
        head = _PHASE_HEADS[key] = bytes(choices_head(game, choices).SerializeToString())
    return head


@lru_cache(maxsize=4096)
def _tail(dice_left: tuple[int, ...], board_now: Position | None) -> bytes:
    """The dice left and the board now: the last fields, kept by their values (a turn's recur)."""
    tail = play_service_pb2.ListActionsResponse(dice_left=dice_left)
    if board_now is not None:
        tail.board_now.CopyFrom(encode_board(board_now, Player.WHITE))
    return bytes(tail.SerializeToString())


def choices_wire(game: Game, choices: Choices, view: int = VIEW_FULL, board_now: bool = True) -> bytes:
    """``encode_choices(game, choices, view, board_now).SerializeToString()``, the plays and actions written as bytes."""
    turn, options = game.turn, choices.turn
    out = bytearray(_head_bytes(game, choices))
    out += _actions_fields(game, choices, view)
    dice_left: tuple[int, ...] = ()
    if turn is not None and options is not None:
        if view != VIEW_MOVES:
            out += _plays_field(game, choices, turn, view == VIEW_FULL)
        dice_left = tuple(options.dice_left)
    out += _tail(dice_left, choices.board_now if board_now else None)
    return bytes(out)
