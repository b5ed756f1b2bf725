"""Chooses the implementation of the hot paths: compiled if built, else pure Python.

Set ``GAMMOND_PURE_PYTHON=1`` to force the pure-Python reference path.
``IMPLEMENTATION`` says which one is in use (``"compiled"`` or ``"python"``).

* ``generate(board, d1, d2)``: a list of ``(steps, result board)`` pairs;
* ``plays(board, d1, d2)``: the same pairs in an indexable, possibly compact form;
* ``result_ids(board, d1, d2)``: the results' Position IDs, in play order;
* ``encode_position_id(board)`` / ``decode_position_id(text)``: a valid board's
  Position ID and back (:mod:`gammond.engine.ids` on the pure-Python path), what
  :class:`~gammond.engine.position.Position` uses;
* ``encode_features(boards, out)``: the bot's network inputs
  (:func:`gammond.engine.bot.features.encode`) written into ``out``; compiled only,
  ``None`` on the pure-Python path, where the numpy reference is used.
* ``score_boards(boards, w1, b1, w2, b2, rw1, rb1, rw2, rb2, bw1, bb1, bw2, bb2, out)``:
  the network's probabilities, the race network's (``rw1`` .. ``rb2``, or four
  Nones) where no contact is left, the bearing network's (``bw1`` .. ``bb2``, or
  four Nones) where one side bears off in contact, with finished games scored exactly
  (:func:`gammond.engine.bot.neural.score_boards`) written into ``out``, without
  the GIL; compiled only, ``None`` on the pure-Python path, where the numpy
  reference is used.
* ``rolled_values(boards, w1, b1, w2, b2, pw1, pb1, pw2, pb2, rw1, rb1, rw2, rb2, bw1,
  bb1, bw2, bb2, off, first, rank, out)``: one ply of search
  (:func:`gammond.engine.bot.search.on_roll_values` at 1 ply with the shipped
  evaluator, its pruning network (``pw1`` .. ``pb2``, or four Nones), its race
  and bearing networks and the bear-off database) in one call, without the GIL; compiled only.
* ``play_out(boards, w1, b1, w2, b2, pw1, pb1, pw2, pb2, rw1, rb1, rw2, rb2, bw1, bb1,
  bw2, bb2, off, first, rank, dice, out)``: rollout
  trials with the given dice (:func:`gammond.engine.bot.playout.play_out`
  with the shipped evaluator) in one call, without the GIL; compiled only.
* ``plays_wire(board, die1, die2, black, parts)``: the plays written as the
  protobuf bytes of a ``ListLegalPlaysResponse``, with the number of plays and
  of steps in each; compiled only, ``None`` on the pure-Python path, where the
  server's own encoder (:mod:`gammond.server.wire.plays`) is used.
* ``plays_wire_request(request, parts_by_view)``: the same for the bytes of a
  ``ListLegalPlaysRequest`` in its common form (a Position ID with its turn,
  the dice, maybe a view), read in C; ``None`` (the value) for any other
  form or anything amiss, for the caller to decode the request in full and
  name the problem.  Compiled only.
* ``fits_wire(request, plan)``: whether a request's bytes have every string and
  repeated field within its limit, by a plan of the request type that
  :mod:`gammond.server.limits` writes (1 yes, 0 not known, for its Python
  check to judge); compiled only.
* ``turn_options(board, die1, die2, made)``: what
  :func:`gammond.engine.turn.turn_options` builds its answer from (the board
  after ``made``, or None when nothing was made, the dice left, each option's
  steps, dice and dice left in order, complete, plays left), or ``None`` (the
  value) where the Python reference must answer (an illegal ``made``, which
  it names, or a tie only Python's set order breaks); compiled only.
* ``flow_step(game, action, consts, allowed, drop)``: Act's MOVE, UNDO, CONFIRM,
  PLAY, RESIGN, ROLL, DOUBLE, TAKE or DROP on a lean Game, both
  as wire bytes, answered as the bytes of the ``ActResponse`` in the compact
  view, with the new Game's bytes (``_ckernel_src/flow.c``;
  :mod:`gammond.server.wire.flow_bytes` calls it); ``None`` (the value) for
  anything else, for the general path.  Compiled only.
* ``flow_list(game, consts, full, allowed)``: ListActions' answer for a lean
  Game that is moving (the full or the compact view), before the roll or
  answering a double, or ``None``; compiled only.
* ``strip_fields(data, mask[, field, number])``: a message's bytes without its
  top-level fields whose numbers are set in ``mask``, and with ``field`` (a
  whole field numbered ``number``) put in its place (``data`` itself when
  nothing changes), or ``None`` for bytes that are not such a message;
  compiled only.
* ``message_fields(data, max_number)``: a flat message's fields by number
  (None absent, an int for a varint, bytes for a length-delimited body), or
  ``None`` for bytes that are not such a message (a number repeated, or above
  ``max_number``); compiled only.
* ``pick_fields(data, keep, read)``: a message's top-level fields numbered in
  ``keep``, whole, and the values of the varint fields numbered in ``read``,
  or ``None`` for bytes that are not such a message; compiled only.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from gammond.engine import ids, movegen
from gammond.engine.movegen import Board, RawPlay

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer, WriteableBuffer
    from numpy.typing import NDArray


class RawPlays(Protocol):
    """What :func:`plays` returns: ``(steps, board)`` pairs by index."""

    def __len__(self) -> int: ...

    def __getitem__(self, index: int, /) -> RawPlay: ...


# kernel.turn_options' answer: (board after the moves made or None, dice left,
# options as (steps, dice used, dice left), complete, plays left).
TurnParts = tuple[
    Board | None,
    tuple[int, ...],
    tuple[tuple[tuple[movegen.Step, ...], tuple[int, ...], tuple[int, ...]], ...],
    bool,
    int,
]


def _python_result_ids(board: Sequence[int], die1: int, die2: int) -> tuple[str, ...]:
    return tuple(ids.encode_position_id(result) for _, result in movegen.generate(tuple(board), die1, die2))


generate: Callable[[Board, int, int], list[RawPlay]] = movegen.generate
plays: Callable[[Board, int, int], RawPlays] = movegen.generate
result_ids: Callable[[Board, int, int], tuple[str, ...]] = _python_result_ids
encode_features: Callable[[ReadableBuffer | NDArray[Any], WriteableBuffer | NDArray[Any]], None] | None = None
score_boards: Callable[..., None] | None = None
rolled_values: Callable[..., None] | None = None
play_out: Callable[..., None] | None = None
plays_wire: Callable[[Board, int, int, bool, int], tuple[bytes, int, int]] | None = None
# The same from a request's bytes in its common form; None for anything else.
plays_wire_request: Callable[[bytes, tuple[int, ...]], tuple[bytes, int, int] | None] | None = None
# The field limits' quick check on a request's bytes: 1 fits, 0 not known (Python judges).
fits_wire: Callable[[bytes, bytes], int] | None = None
# The parts of turn.turn_options, or None where the Python reference must answer.
turn_options: Callable[[Board, int, int, Sequence[tuple[int, int, bool]]], TurnParts | None] | None = None
# Act's MOVE, UNDO, CONFIRM, PLAY, RESIGN, ROLL, DOUBLE or TAKE on a lean Game's bytes: (answer, the new
# Game's bytes, the new Game as the answer holds it), or None.
FlowStep = tuple[bytes, bytes, bytes]
flow_step: (
    Callable[[bytes, bytes, tuple[int | bytes, ...], int, tuple[bytes, ...] | None], FlowStep | None] | None
) = None
# ListActions on a lean Game's bytes (full or compact while moving; what the cube allows): the answer, or None.
flow_list: Callable[[bytes, tuple[int | bytes, ...], bool, int], bytes | None] | None = None
# A message's bytes without the top-level fields numbered in a mask (and with a field put in), or None
# for bytes that are not one.
strip_fields: Callable[..., bytes | None] | None = None
# A message's top-level fields numbered in a mask, whole, and the values of the varint ones numbered in
# another, or None for bytes that are not one.
pick_fields: Callable[[bytes, int, int], tuple[bytes, tuple[int, ...]] | None] | None = None
# A flat message's fields by number (None, an int or bytes each), or None for bytes that are not one.
message_fields: Callable[[bytes, int], tuple[int | bytes | None, ...] | None] | None = None
# What plays_wire writes, ORed: the plays (moves, notation), their results, play_count.
WIRE_PLAYS, WIRE_RESULT, WIRE_COUNT = 1, 2, 4
# Position IDs of boards, both directions; gammond.engine.ids holds the pure-Python codec.
decode_position_id: Callable[[str], Board] = ids.decode_position_id
encode_position_id: Callable[[Sequence[int]], str] = ids.encode_position_id
IMPLEMENTATION = "python"

if os.environ.get("GAMMOND_PURE_PYTHON", "") not in ("1", "true", "yes"):
    try:
        from gammond.engine import _ckernel
    except ImportError:
        pass
    else:
        generate = _ckernel.generate
        plays = _ckernel.plays
        result_ids = _ckernel.result_ids
        encode_features = _ckernel.encode_features
        score_boards = _ckernel.score_boards
        rolled_values = _ckernel.rolled_values
        play_out = _ckernel.play_out
        plays_wire = _ckernel.plays_wire
        plays_wire_request = _ckernel.plays_wire_request
        fits_wire = _ckernel.fits_wire
        turn_options = _ckernel.turn_options
        flow_step = _ckernel.flow_step
        flow_list = _ckernel.flow_list
        strip_fields = _ckernel.strip_fields
        pick_fields = _ckernel.pick_fields
        message_fields = _ckernel.message_fields
        decode_position_id = _ckernel.decode_position_id
        encode_position_id = _ckernel.encode_position_id
        IMPLEMENTATION = "compiled"
