"""Property tests over raw random boards (not only positions play can reach).

Boards are drawn checker by checker for both sides, with bars and borne-off
checkers, and one kind of draw keeps the side on roll in its home board so
bear-offs are common.  Example counts are bounded to keep the suite fast.
"""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from gammond.engine import (
    GameState,
    IllegalPlayError,
    MatchId,
    Move,
    Play,
    Position,
    legal_plays,
    parse_play,
)
from gammond.engine.game import apply_play
from gammond.engine.movegen import single_steps

FAST = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOWER = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MANY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ATTEMPTS = settings(MANY, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

Dice = tuple[int, int]
Step = tuple[int, int, bool]


@st.composite
def positions(draw: st.DrawFn, kinds: Sequence[str] = ("anywhere", "home", "bar", "blocked")) -> Position:
    """Any legal board: 1..15 checkers a side, bars and borne-off checkers included.

    Four kinds of draw: checkers anywhere; ours all home (bear-offs); some of
    ours on the bar; and a few of ours against opposing points, where only
    part of a roll can often be played.
    """
    kind = draw(st.sampled_from(kinds))
    board = [0] * 26
    if kind == "bar":
        board[25] = draw(st.integers(1, 3))
    slots = list(range(1, 7)) if kind == "home" else list(range(1, 26))
    most = 3 if kind == "blocked" else 15 - board[25]
    for slot in draw(st.lists(st.sampled_from(slots), min_size=1, max_size=most)):
        board[slot] += 1
    free = [0] + [point for point in range(1, 25) if board[point] == 0]
    if kind == "blocked":
        for point in draw(st.sets(st.sampled_from(free[1:]), min_size=3, max_size=7)):
            board[point] = -2
    else:
        for slot in draw(st.lists(st.sampled_from(free), min_size=1, max_size=15)):
            board[slot] -= 1
    return Position(tuple(board))


dice_rolls = st.tuples(st.integers(1, 6), st.integers(1, 6))


def _dice_list(dice: Dice) -> list[int]:
    return [dice[0]] * 4 if dice[0] == dice[1] else list(dice)


def _make(board: list[int], step: Step) -> None:
    src, to, hit = step
    board[src] -= 1
    if to and hit:
        board[to] = 1
        board[0] -= 1
    elif to:
        board[to] += 1


def _most_dice(board: Sequence[int], dice: Sequence[int]) -> int:
    """How many dice can be played at most, by brute force over every order."""
    best = 0
    for i, die in enumerate(dice):
        if die in dice[:i]:
            continue
        rest = list(dice[:i]) + list(dice[i + 1 :])
        for step in single_steps(board, die):
            work = list(board)
            _make(work, step)
            best = max(best, 1 + _most_dice(work, rest))
    return best


def _replays(board: Sequence[int], moves: Sequence[Move], dice: Sequence[int]) -> tuple[int, ...] | None:
    """The board after making ``moves`` in order, each a single legal step of an unused die."""
    if not moves:
        return tuple(board)
    move, rest = moves[0], moves[1:]
    step = (move.from_point, move.to_point, move.hit)
    for i, die in enumerate(dice):
        if die in dice[:i] or step not in single_steps(board, die):
            continue
        work = list(board)
        _make(work, step)
        after = _replays(work, rest, list(dice[:i]) + list(dice[i + 1 :]))
        if after is not None:
            return after
    return None


# -- boards and IDs -----------------------------------------------------------------


@FAST
@given(positions())
def test_flipping_twice_gives_back_the_same_position(position: Position) -> None:
    assert position.flipped().flipped() == position


@FAST
@given(positions())
def test_flipping_swaps_the_pip_counts_and_the_bars(position: Position) -> None:
    flipped = position.flipped()
    assert flipped.pips() == position.pips()[::-1]
    assert (flipped.bar, flipped.opponent_bar) == (position.opponent_bar, position.bar)


@FAST
@given(positions())
def test_position_ids_round_trip(position: Position) -> None:
    text = position.position_id()
    assert len(text) == 14
    assert Position.from_id(text) == position


match_ids = st.builds(
    MatchId,
    cube_value=st.integers(0, 15).map(lambda n: 1 << n),
    cube_owner=st.sampled_from([None, 0, 1]),
    on_roll=st.integers(0, 1),
    crawford=st.booleans(),
    game_state=st.sampled_from(list(GameState)),
    turn=st.integers(0, 1),
    double_offered=st.booleans(),
    resignation=st.integers(0, 3),
    dice=st.one_of(st.just((0, 0)), dice_rolls),
    match_length=st.integers(0, (1 << 15) - 1),
    scores=st.tuples(st.integers(0, (1 << 15) - 1), st.integers(0, (1 << 15) - 1)),
    jacoby=st.booleans(),
)


@FAST
@given(match_ids)
def test_match_ids_round_trip(match: MatchId) -> None:
    text = match.match_id()
    assert len(text) == 12
    assert MatchId.from_id(text) == match


# -- legal plays ------------------------------------------------------------------------


@SLOWER
@given(positions(), dice_rolls)
def test_every_legal_play_conserves_checkers(position: Position, dice: Dice) -> None:
    mine, theirs = position.sides()
    for play in legal_plays(position, dice):
        after_mine, after_theirs = play.result.sides()
        borne_off = sum(1 for m in play.moves if m.to_point == 0)
        assert sum(after_mine) == sum(mine) - borne_off
        assert play.result.off == position.off + borne_off
        assert sum(after_theirs) == sum(theirs)
        assert play.result.opponent_bar == position.opponent_bar + play.hits


@SLOWER
@given(positions(), dice_rolls)
def test_every_legal_play_uses_as_many_dice_as_can_be_used(position: Position, dice: Dice) -> None:
    most = _most_dice(position.board, _dice_list(dice))
    plays = legal_plays(position, dice)
    assert (most == 0) == (len(plays) == 0)
    assert all(len(play.moves) == most for play in plays)


@MANY
@given(positions(kinds=("blocked",)), dice_rolls)
def test_when_only_one_die_can_be_played_it_is_the_larger_if_the_larger_can_be(
    position: Position, dice: Dice
) -> None:
    high = max(dice)
    if dice[0] == dice[1] or _most_dice(position.board, list(dice)) != 1:
        return
    high_steps = single_steps(position.board, high)
    event("the larger die can be played" if high_steps else "only the smaller die can be played")
    for play in legal_plays(position, dice):
        (move,) = play.moves
        if high_steps:
            assert (move.from_point, move.to_point, move.hit) in high_steps


@SLOWER
@given(positions(), dice_rolls)
def test_every_step_of_every_play_is_legal_when_made_in_order(position: Position, dice: Dice) -> None:
    for play in legal_plays(position, dice):
        assert _replays(position.board, play.moves, _dice_list(dice)) == play.result.board, str(play)


@SLOWER
@given(positions(), dice_rolls)
def test_the_order_of_the_dice_does_not_matter(position: Position, dice: Dice) -> None:
    forward = {p.result for p in legal_plays(position, dice)}
    assert forward == {p.result for p in legal_plays(position, dice[::-1])}


# -- notation and applying plays ----------------------------------------------------------


def _spread(plays: Sequence[Play], most: int = 12) -> Sequence[Play]:
    """At most ``most`` plays spread over the list: resolving each one scans them all."""
    return plays[:: max(1, len(plays) // most)]


@SLOWER
@given(positions(), dice_rolls)
def test_formatting_a_legal_play_and_parsing_it_back_gives_the_same_play(
    position: Position, dice: Dice
) -> None:
    for play in _spread(legal_plays(position, dice)):
        assert parse_play(str(play), position, dice) == play


@SLOWER
@given(positions(), dice_rolls)
def test_every_listed_play_applies_and_passes_the_turn(position: Position, dice: Dice) -> None:
    for play in _spread(legal_plays(position, dice)):
        applied = apply_play(position, dice, play)
        assert applied.play == play
        assert applied.next_position == play.result.flipped()


def _point_name(point: int) -> str:
    return "bar" if point == 25 else "off" if point == 0 else str(point)


@st.composite
def attempts(draw: st.DrawFn) -> tuple[Position, Dice, list[Move], Position]:
    """A board, a roll, and 1..4 single-die moves made by hand, legal or not.

    Each move takes a checker of the side on roll by one of the dice, without
    asking whether the rules allow it, but stops before landing on a point
    two opposing checkers hold (no board could show that).  Returns the
    moves, possibly none, and the board they lead to.
    """
    position = draw(positions())
    dice = draw(dice_rolls)
    board = list(position.board)
    moves: list[Move] = []
    for _ in range(draw(st.integers(1, 4))):
        sources = [p for p in range(1, 26) if board[p] > 0]
        if not sources:
            break
        src = draw(st.sampled_from(sources))
        to = max(src - draw(st.sampled_from(dice)), 0)
        if to and board[to] < -1:
            break
        move = Move(src, to, bool(to) and board[to] == -1)
        _make(board, (move.from_point, move.to_point, move.hit))
        moves.append(move)
    return position, dice, moves, Position(tuple(board))


def _text(moves: Sequence[Move]) -> str:
    return " ".join(
        f"{_point_name(m.from_point)}/{_point_name(m.to_point)}{'*' if m.hit else ''}" for m in moves
    )


@ATTEMPTS
@given(attempts().filter(lambda a: len(a[2]) > 0))
def test_play_text_is_accepted_exactly_when_it_reaches_a_legal_result(
    attempt: tuple[Position, Dice, list[Move], Position],
) -> None:
    position, dice, moves, reached = attempt
    legal = {p.result: p for p in legal_plays(position, dice)}
    text = _text(moves)
    event("legal" if reached in legal else "illegal")
    if reached in legal:
        assert parse_play(text, position, dice).result == reached
    else:
        try:
            play: Play = parse_play(text, position, dice)
        except IllegalPlayError:
            return
        raise AssertionError(f"{text!r} with {dice} in {position!r} was accepted as {play}")


@ATTEMPTS
@given(attempts().filter(lambda a: len(a[2]) > 0))
def test_moves_apply_exactly_when_they_reach_a_legal_result(
    attempt: tuple[Position, Dice, list[Move], Position],
) -> None:
    position, dice, moves, reached = attempt
    legal = {p.result for p in legal_plays(position, dice)}
    if reached in legal:
        assert apply_play(position, dice, moves).play.result == reached
    else:
        try:
            apply_play(position, dice, moves)
        except IllegalPlayError:
            return
        raise AssertionError(f"{_text(moves)} with {dice} in {position!r} was accepted")
