"""Types of the compiled kernel built from gammond/engine/_ckernel_src/*.c (see setup.py)."""

from collections.abc import Sequence
from typing import Any, final

from _typeshed import ReadableBuffer, WriteableBuffer
from numpy.typing import NDArray

Step = tuple[int, int, bool]
Board = tuple[int, ...]
RawPlay = tuple[tuple[Step, ...], Board]

@final
class Plays:
    """The plays of one roll, stored compactly; item i is a (steps, board) pair.

    Supports len() and integer indexing (so iteration), nothing more.
    """

    def __len__(self) -> int: ...
    def __getitem__(self, index: int) -> RawPlay: ...

def generate(board: Sequence[int], die1: int, die2: int) -> list[RawPlay]: ...
def plays(board: Sequence[int], die1: int, die2: int) -> Plays: ...
def result_ids(board: Sequence[int], die1: int, die2: int) -> tuple[str, ...]: ...
def encode_position_id(board: Sequence[int], /) -> str: ...
def decode_position_id(position_id: str, /) -> Board: ...

# numpy's stubs declare the buffer protocol only from Python 3.12 on.
def encode_features(boards: ReadableBuffer | NDArray[Any], out: WriteableBuffer | NDArray[Any], /) -> None:
    """gammond.engine.bot.features.encode into ``out``.

    ``boards``: C-contiguous int8 (or bytes) of n * 26 slots; ``out``: writable
    C-contiguous float32 of n * INPUTS values.  TypeError for a wrong item
    type, ValueError for a wrong size, layout or shared memory.
    """

def score_boards(
    boards: ReadableBuffer | NDArray[Any],
    w1: ReadableBuffer | NDArray[Any],
    b1: ReadableBuffer | NDArray[Any],
    w2: ReadableBuffer | NDArray[Any],
    b2: ReadableBuffer | NDArray[Any],
    rw1: ReadableBuffer | NDArray[Any] | None,
    rb1: ReadableBuffer | NDArray[Any] | None,
    rw2: ReadableBuffer | NDArray[Any] | None,
    rb2: ReadableBuffer | NDArray[Any] | None,
    bw1: ReadableBuffer | NDArray[Any] | None,
    bb1: ReadableBuffer | NDArray[Any] | None,
    bw2: ReadableBuffer | NDArray[Any] | None,
    bb2: ReadableBuffer | NDArray[Any] | None,
    out: WriteableBuffer | NDArray[Any],
    /,
) -> None:
    """gammond.engine.bot.neural.score_boards into ``out``, without the GIL.

    ``boards``: C-contiguous int8 of n * 26 slots; the weights C-contiguous
    float32 (w1 INPUTS x H, b1 H, w2 H x 5, b2 5); ``rw1`` .. ``rb2`` the race
    network's (the same shapes, its own H), which scores the boards with no
    contact left, or four Nones; ``bw1`` .. ``bb2`` the bearing network's, which
    scores the boards still in contact where one side has every checker home
    or off, or four Nones; ``out``: writable
    C-contiguous float64 of n * 5 values.  TypeError for a wrong item type,
    ValueError for a wrong size, layout or shared memory.
    """

def rolled_values(
    boards: ReadableBuffer | NDArray[Any],
    w1: ReadableBuffer | NDArray[Any],
    b1: ReadableBuffer | NDArray[Any],
    w2: ReadableBuffer | NDArray[Any],
    b2: ReadableBuffer | NDArray[Any],
    pw1: ReadableBuffer | NDArray[Any] | None,
    pb1: ReadableBuffer | NDArray[Any] | None,
    pw2: ReadableBuffer | NDArray[Any] | None,
    pb2: ReadableBuffer | NDArray[Any] | None,
    rw1: ReadableBuffer | NDArray[Any] | None,
    rb1: ReadableBuffer | NDArray[Any] | None,
    rw2: ReadableBuffer | NDArray[Any] | None,
    rb2: ReadableBuffer | NDArray[Any] | None,
    bw1: ReadableBuffer | NDArray[Any] | None,
    bb1: ReadableBuffer | NDArray[Any] | None,
    bw2: ReadableBuffer | NDArray[Any] | None,
    bb2: ReadableBuffer | NDArray[Any] | None,
    off: ReadableBuffer | NDArray[Any],
    first: ReadableBuffer | NDArray[Any],
    rank: ReadableBuffer | NDArray[Any],
    out: WriteableBuffer | NDArray[Any],
    /,
) -> None:
    """gammond.engine.bot.search.on_roll_values(boards, 1) with the shipped evaluator, into ``out``.

    The boards and networks as for :func:`score_boards`; ``pw1`` ..
    ``pb2`` a pruning network's arrays (the replies a roll allows are ranked by it
    first, and only the best two scored by the network), or four Nones; ``off`` and ``first`` the
    bear-off database's float64 tables (54264 x 32), ``rank`` its int64 rank
    table (6 x 16 x 17).  Without the GIL.
    """

def play_out(
    boards: ReadableBuffer | NDArray[Any],
    w1: ReadableBuffer | NDArray[Any],
    b1: ReadableBuffer | NDArray[Any],
    w2: ReadableBuffer | NDArray[Any],
    b2: ReadableBuffer | NDArray[Any],
    pw1: ReadableBuffer | NDArray[Any] | None,
    pb1: ReadableBuffer | NDArray[Any] | None,
    pw2: ReadableBuffer | NDArray[Any] | None,
    pb2: ReadableBuffer | NDArray[Any] | None,
    rw1: ReadableBuffer | NDArray[Any] | None,
    rb1: ReadableBuffer | NDArray[Any] | None,
    rw2: ReadableBuffer | NDArray[Any] | None,
    rb2: ReadableBuffer | NDArray[Any] | None,
    bw1: ReadableBuffer | NDArray[Any] | None,
    bb1: ReadableBuffer | NDArray[Any] | None,
    bw2: ReadableBuffer | NDArray[Any] | None,
    bb2: ReadableBuffer | NDArray[Any] | None,
    off: ReadableBuffer | NDArray[Any],
    first: ReadableBuffer | NDArray[Any],
    rank: ReadableBuffer | NDArray[Any],
    dice: ReadableBuffer | NDArray[Any],
    out: WriteableBuffer | NDArray[Any],
    /,
) -> None:
    """gammond.engine.bot.playout.play_out with the shipped evaluator, into ``out``.

    ``dice``: C-contiguous uint8 of n * H * 2 bytes, 1..6 (H half-moves a game);
    the rest as for :func:`rolled_values`.  Without the GIL.
    """

PLAYS: int
RESULT: int
COUNT: int

def plays_wire(
    board: Sequence[int], die1: int, die2: int, black: bool, parts: int, /
) -> tuple[bytes, int, int]:
    """``(ListLegalPlaysResponse bytes, plays, steps a play)``; ``parts`` ORs PLAYS, RESULT, COUNT."""

def plays_wire_request(request: bytes, parts_by_view: tuple[int, ...], /) -> tuple[bytes, int, int] | None:
    """``plays_wire`` for a ListLegalPlaysRequest's bytes in its common form; None for anything else."""

def fits_wire(request: bytes, plan: bytes, /) -> int:
    """1 when every string and repeated field is within its limit by ``plan``, else 0 (not known to fit)."""

def format_play(steps: Sequence[Step], /) -> str:
    """gammond.engine.notation.format_moves of (from, to, hit) steps."""

# turn_options' answer: (board after ``made`` or None when nothing was made,
# dice left, options as (steps, dice, dice left), complete, plays left).
TurnParts = tuple[
    Board | None,
    tuple[int, ...],
    tuple[tuple[tuple[Step, ...], tuple[int, ...], tuple[int, ...]], ...],
    bool,
    int,
]

def turn_options(
    board: Sequence[int], die1: int, die2: int, made: Sequence[tuple[int, int, bool]]
) -> TurnParts | None:
    """gammond.engine.turn.turn_options' parts, options in its order; None where the
    Python reference must answer (an illegal ``made``, which it names, or a tie
    only Python's set order breaks: see turn.c)."""

def flow_step(
    game: bytes,
    action: bytes,
    consts: tuple[int | bytes, ...],
    allowed: int,
    drop: tuple[bytes, ...] | None = None,
    /,
) -> tuple[bytes, bytes, bytes] | None:
    """Act's MOVE, UNDO, CONFIRM, PLAY, RESIGN, ROLL, DOUBLE or TAKE on a lean Game's bytes (gammond.server.wire.flow_bytes), or None."""

def flow_list(game: bytes, consts: tuple[int | bytes, ...], full: bool, allowed: int, /) -> bytes | None:
    """ListActions on a lean Game's bytes (gammond.server.wire.flow_bytes), or None."""

def strip_fields(data: bytes, mask: int, field: bytes = ..., number: int = ..., /) -> bytes | None:
    """``data`` without its top-level fields numbered in ``mask``, ``field`` put in; None for bytes that are not a message."""

def message_fields(data: bytes, max_number: int, /) -> tuple[int | bytes | None, ...] | None:
    """A flat message's fields by number: None absent, an int for a varint, bytes for a body; None if not such a message."""

def pick_fields(data: bytes, keep: int, read: int, /) -> tuple[bytes, tuple[int, ...]] | None:
    """``data``'s top-level fields numbered in ``keep``, and the values of the varint ones numbered in ``read``."""
