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
