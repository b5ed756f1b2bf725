"""Legal-play generation: the reference implementation of the hot path.

Everything here works on the raw 26-slot signed board of
:mod:`gammond.engine.position`.  :func:`generate` is the one function a compiled
kernel replaces; the rest of the engine calls it and nothing below it.

A *step* is ``(from_point, to_point, hit)`` with 25 for the bar and 0 for
off.  A *play* is a tuple of steps in canonical order (from the highest
source point down), which is always a valid order to make them in.
"""

from __future__ import annotations

from collections.abc import Sequence

Step = tuple[int, int, bool]
Board = tuple[int, ...]
RawPlay = tuple[tuple[Step, ...], Board]


def _highest(board: Sequence[int]) -> int:
    """Highest point holding a checker of the player on roll (0 if none)."""
    for point in range(25, 0, -1):
        if board[point] > 0:
            return point
    return 0


def single_steps(board: Sequence[int], die: int) -> list[Step]:
    """Every single-checker move of ``die`` pips that is legal on its own."""
    steps: list[Step] = []
    if board[25] > 0:
        to = 25 - die
        if board[to] >= -1:
            steps.append((25, to, board[to] == -1))
        return steps
    highest = _highest(board)
    for src in range(highest, 0, -1):
        if board[src] <= 0:
            continue
        to = src - die
        if to >= 1:
            if board[to] >= -1:
                steps.append((src, to, board[to] == -1))
        elif highest <= 6 and (to == 0 or src == highest):
            steps.append((src, 0, False))
    return steps


def _make(board: list[int], step: Step) -> None:
    src, to, hit = step
    board[src] -= 1
    if to:
        if hit:
            board[to] = 1
            board[0] -= 1
        else:
            board[to] += 1


def _unmake(board: list[int], step: Step) -> None:
    src, to, hit = step
    board[src] += 1
    if to:
        if hit:
            board[to] = -1
            board[0] += 1
        else:
            board[to] -= 1


def _search(
    board: list[int],
    dice: tuple[int, ...],
    min_src: int,
    steps: list[Step],
    found: dict[Board, tuple[int, tuple[Step, ...]]],
) -> int:
    """Depth-first over the dice; records each leaf; returns dice used at best."""
    if not dice:
        _record(board, steps, found, len(steps))
        return len(steps)
    best = len(steps)
    die, rest = dice[0], dice[1:]
    moved = False
    for step in single_steps(board, die):
        # Doubles: taking sources in non-increasing order reaches every result once.
        if step[0] > min_src:
            continue
        moved = True
        _make(board, step)
        steps.append(step)
        next_min = step[0] if rest and rest[0] == die else 25
        best = max(best, _search(board, rest, next_min, steps, found))
        steps.pop()
        _unmake(board, step)
    if not moved:
        _record(board, steps, found, len(steps))
    return best


def _record(
    board: list[int],
    steps: list[Step],
    found: dict[Board, tuple[int, tuple[Step, ...]]],
    used: int,
) -> None:
    key = tuple(board)
    if key not in found or found[key][0] < used:
        found[key] = (used, tuple(steps))


def _canonical(steps: tuple[Step, ...]) -> tuple[Step, ...]:
    return tuple(sorted(steps, key=lambda s: (-s[0], -s[1])))


def generate(board: Board, die1: int, die2: int) -> list[RawPlay]:
    """Every distinct legal play for the roll, as ``(steps, resulting board)``.

    The resulting board is still seen from the player who moved.  An empty
    list means the roll cannot be played at all.  Plays come in a stable
    order: by their canonical steps, highest first.
    """
    found: dict[Board, tuple[int, tuple[Step, ...]]] = {}
    high_results: set[Board] = set()
    work = list(board)
    if die1 == die2:
        _search(work, (die1,) * 4, 25, [], found)
    else:
        high, low = max(die1, die2), min(die1, die2)
        _search(work, (high, low), 25, [], found)
        high_results = {after(board, step) for step in single_steps(board, high)}
        _search(work, (low, high), 25, [], found)
    most = max((used for used, _ in found.values()), default=0)
    if most == 0:
        return []
    plays = [(steps, key) for key, (used, steps) in found.items() if used == most]
    if most == 1 and die1 != die2:
        # Either die alone: the larger one must be played if it can be.
        high = max(die1, die2)
        with_high = [p for p in plays if p[1] in high_results]
        if with_high:
            plays = with_high
    result = [(_canonical(steps), key) for steps, key in plays]
    result.sort(key=lambda p: tuple((-s[0], -s[1]) for s in p[0]))
    return result


def after(board: Sequence[int], step: Step) -> Board:
    """The board after one step, as a new tuple."""
    work = list(board)
    _make(work, step)
    return tuple(work)
