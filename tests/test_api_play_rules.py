"""Every rule scenario of the seeds' rule texts, played through NewGame / ListActions / Act over gRPC.

Dice come from the client so each scenario is exact.  The rule texts are
000_*.txt (tournament rules: cube, Crawford, house rules) and 001_*.txt
(the app's cubeless matches of 1, 3, 5 or 7 points).
"""

from __future__ import annotations

import grpc
import pytest

from backgammon.v1 import board_pb2, bot_service_pb2, game_pb2, rules_pb2
from backgammon.v1 import play_service_pb2 as pb
from tests.support.play import BLACK, WHITE, K, Table, listing_error
from tests.support.server import Stubs, failure

MONEY = rules_pb2.RuleOptions()


def match(length: int, **options: bool) -> rules_pb2.RuleOptions:
    return rules_pb2.RuleOptions(match_length=length, **options)


def opened(stubs: Stubs, rules: rules_pb2.RuleOptions | None = None) -> Table:
    """White wins the opening roll with 3-1 and makes its 5-point; Black is to roll."""
    table = Table.new(stubs, rules)
    table.roll(WHITE, 3, 1)
    table.do(
        K.ACTION_KIND_PLAY,
        WHITE,
        moves=[
            board_pb2.CheckerMove(from_point=8, to_point=5),
            board_pb2.CheckerMove(from_point=6, to_point=5),
        ],
    )
    return table


def kinds_of(events: list[game_pb2.Event]) -> list[int]:
    return [e.kind for e in events]


def forge_double(game: game_pb2.Game) -> game_pb2.Game:
    """The player on turn, before rolling, with a double pending that they never could have made."""
    forged = game_pb2.Game()
    forged.CopyFrom(game)
    forged.phase = K.PHASE_CUBE_OFFERED
    forged.cube.pending.action = rules_pb2.CUBE_ACTION_DOUBLE
    forged.cube.pending.offered_by = game.turn
    forged.cube.doubled_this_turn = True
    forged.log.add(kind=K.ACTION_KIND_DOUBLE, player=game.turn)
    return forged


def refused_field(stubs: Stubs, game: game_pb2.Game) -> str:
    error = listing_error(stubs, game)
    assert error is not None, "the forged game was accepted"
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT, error
    return error.field_violations[0][0]


# -- the opening roll ----------------------------------------------------------------------


def test_tied_opening_rolls_are_rolled_again_and_double_the_cube_up_to_the_automatic_limit(
    stubs: Stubs,
) -> None:
    table = Table.new(stubs, rules_pb2.RuleOptions(max_automatic_doubles=1))
    assert kinds_of(table.roll(WHITE, 3, 3)) == [K.EVENT_KIND_OPENING_TIE, K.EVENT_KIND_AUTOMATIC_DOUBLE]
    assert table.game.phase == K.PHASE_OPENING_ROLL and table.game.cube.value == 2
    assert kinds_of(table.roll(BLACK, 2, 2)) == [K.EVENT_KIND_OPENING_TIE]
    assert table.game.cube.value == 2
    events = table.roll(WHITE, 5, 6)
    assert kinds_of(events) == [K.EVENT_KIND_OPENING_ROLL] and events[0].player == BLACK
    game = table.game
    assert (game.turn, game.dice.die1, game.dice.die2, game.phase) == (BLACK, 6, 5, K.PHASE_MOVING)
    assert game.cube.value == 2 and game.cube.owner == rules_pb2.CUBE_OWNER_CENTERED
    assert (game.white_rolls, game.black_rolls) == (0, 1)


def test_tied_opening_rolls_never_double_the_cube_in_a_match(stubs: Stubs) -> None:
    table = Table.new(stubs, match(5))
    table.roll(WHITE, 4, 4)
    assert table.game.cube.value == 1 and table.game.phase == K.PHASE_OPENING_ROLL


def test_server_dice_roll_the_opening_until_it_is_decided(stubs: Stubs) -> None:
    table = Table.new(stubs, source=K.DICE_SOURCE_SERVER)
    events = table.do(K.ACTION_KIND_ROLL, WHITE)
    assert events[-1].kind == K.EVENT_KIND_OPENING_ROLL
    assert all(e.dice.die1 == e.dice.die2 for e in events[:-1])
    assert table.game.phase in (K.PHASE_MOVING, K.PHASE_BEFORE_ROLL)


def test_a_seeded_game_rolls_the_same_dice_every_time(stubs: Stubs) -> None:
    first = Table.new(stubs, source=K.DICE_SOURCE_SEEDED, seed=b"replay me")
    second = Table.new(stubs, source=K.DICE_SOURCE_SEEDED, seed=b"replay me")
    for table in (first, second):
        table.do(K.ACTION_KIND_ROLL, WHITE)
        table.play_first(table.game.turn)
        table.do(K.ACTION_KIND_ROLL, table.game.turn)
    # Two games, two ids; everything else the same.
    assert first.game.game_id != second.game.game_id
    first.game.ClearField("game_id")
    second.game.ClearField("game_id")
    assert first.game == second.game and len(first.game.log) >= 3


def test_client_dice_are_required_when_the_game_says_the_client_rolls(stubs: Stubs) -> None:
    table = Table.new(stubs)
    error = table.refused(game_pb2.Action(kind=K.ACTION_KIND_ROLL, player=WHITE))
    assert error.code is grpc.StatusCode.FAILED_PRECONDITION and error.reason == "ILLEGAL_ACTION"


# -- moving ----------------------------------------------------------------------------------


def test_doubles_are_played_four_times(stubs: Stubs) -> None:
    table = opened(stubs)
    table.roll(BLACK, 6, 6)
    listed = table.listed()
    assert list(listed.dice_left) == [6, 6, 6, 6]
    assert all(len(play.moves) == 4 for play in listed.plays)
    table.play_first(BLACK)
    moved = [e for e in table.events if e.kind == K.EVENT_KIND_MOVED]
    assert len(moved) == 4 and table.game.turn == WHITE


def test_undo_takes_back_the_last_checker_move(stubs: Stubs) -> None:
    table = Table.new(stubs)
    table.roll(WHITE, 3, 1)
    table.move(WHITE, 8, 5)
    assert K.ACTION_KIND_UNDO in table.kinds(WHITE)
    assert kinds_of(table.do(K.ACTION_KIND_UNDO, WHITE)) == [K.EVENT_KIND_UNDONE]
    assert len(table.game.moves) == 0 and K.ACTION_KIND_UNDO not in table.kinds(WHITE)


def test_a_whole_checker_move_over_both_dice_is_one_action(stubs: Stubs) -> None:
    table = Table.new(stubs)
    table.roll(WHITE, 3, 1)
    table.move(WHITE, 24, 20)
    assert [(m.from_point, m.to_point) for m in table.game.moves] in (
        [(24, 21), (21, 20)],
        [(24, 23), (23, 20)],
    )
    assert K.ACTION_KIND_CONFIRM in table.kinds(WHITE)


def test_a_hit_checker_enters_from_the_bar_before_anything_else_and_a_blocked_roll_passes(
    stubs: Stubs,
) -> None:
    table = Table.new(stubs)
    table.roll(WHITE, 2, 1)
    table.do(
        K.ACTION_KIND_PLAY,
        WHITE,
        moves=[
            board_pb2.CheckerMove(from_point=13, to_point=11),
            board_pb2.CheckerMove(from_point=6, to_point=5),
        ],
    )
    table.roll(BLACK, 4, 3)
    hit = table.move(BLACK, 1, 5)
    assert hit[0].kind == K.EVENT_KIND_MOVED and hit[0].move.hit
    table.move(BLACK, 12, 15)
    table.do(K.ACTION_KIND_CONFIRM, BLACK)
    assert table.game.board.white_bar == 1
    # Black's 6-point (point 19) blocks a 6: with 6-6 White cannot enter.
    assert kinds_of(table.roll(WHITE, 6, 6)) == [K.EVENT_KIND_ROLLED, K.EVENT_KIND_TURN_PASSED]
    assert table.game.turn == BLACK and table.game.phase == K.PHASE_BEFORE_ROLL
    table.turn(BLACK, 2, 1)
    table.roll(WHITE, 3, 1)
    moves = [a for a in table.listed().actions if a.kind == K.ACTION_KIND_MOVE and len(a.steps) == 1]
    assert {a.move.from_point for a in moves} == {25}
    entered = table.move(WHITE, 25, 22)
    assert entered[0].entered and table.game.board_now.white_bar == 0


def test_a_game_is_played_out_to_the_last_checker_borne_off(stubs: Stubs) -> None:
    table = Table.new(
        stubs, rules_pb2.RuleOptions(cubeless=True), source=K.DICE_SOURCE_SEEDED, seed=b"bear off"
    )
    events: list[game_pb2.Event] = []
    for _ in range(400):
        if table.game.phase == K.PHASE_GAME_OVER:
            break
        player = WHITE if table.game.phase == K.PHASE_OPENING_ROLL else table.game.turn
        table.bot(bot_service_pb2.BOT_LEVEL_ADVANCED, player)
        events.extend(table.events)
    assert table.game.phase == K.PHASE_GAME_OVER
    assert any(e.bore_off for e in events)
    won = events[-1]
    assert won.kind == K.EVENT_KIND_GAME_WON and won.outcome.ended == rules_pb2.GAME_END_PLAYED_OUT
    winner = table.game.result.winner
    off = table.game.board.white_off if winner == WHITE else table.game.board.black_off
    assert off == 15


# -- the cube -------------------------------------------------------------------------------


def test_a_refused_double_loses_a_single_game_at_the_cube_before_it(stubs: Stubs) -> None:
    table = opened(stubs)
    assert table.kinds(BLACK) >= {K.ACTION_KIND_ROLL, K.ACTION_KIND_DOUBLE, K.ACTION_KIND_RESIGN}
    assert kinds_of(table.do(K.ACTION_KIND_DOUBLE, BLACK)) == [K.EVENT_KIND_DOUBLED]
    assert table.kinds(WHITE) == {K.ACTION_KIND_TAKE, K.ACTION_KIND_DROP} and not table.kinds(BLACK)
    events = table.do(K.ACTION_KIND_DROP, WHITE)
    assert kinds_of(events) == [K.EVENT_KIND_DROPPED, K.EVENT_KIND_GAME_WON]
    result = table.game.result
    assert (result.winner, result.points, result.ended) == (BLACK, 1, rules_pb2.GAME_END_DOUBLE_DROPPED)
    assert table.game.phase == K.PHASE_GAME_OVER and table.game.score_after.black_score == 1


def test_a_taken_double_passes_the_cube_and_only_its_owner_may_redouble(stubs: Stubs) -> None:
    table = opened(stubs)
    table.do(K.ACTION_KIND_DOUBLE, BLACK)
    events = table.do(K.ACTION_KIND_TAKE, WHITE)
    assert events[0].kind == K.EVENT_KIND_TOOK and events[0].cube_value == 2
    assert table.game.cube.owner == rules_pb2.CUBE_OWNER_WHITE
    assert table.kinds(BLACK) == {K.ACTION_KIND_ROLL, K.ACTION_KIND_RESIGN}
    table.turn(BLACK, 2, 1)
    assert K.ACTION_KIND_DOUBLE in table.kinds(WHITE)


def test_beavers_and_raccoons_redouble_at_once_and_keep_the_cube(stubs: Stubs) -> None:
    table = opened(stubs, rules_pb2.RuleOptions(beavers=True, raccoons=True))
    table.do(K.ACTION_KIND_DOUBLE, BLACK)
    assert table.kinds(WHITE) == {K.ACTION_KIND_TAKE, K.ACTION_KIND_DROP, K.ACTION_KIND_BEAVER}
    assert table.do(K.ACTION_KIND_BEAVER, WHITE)[0].cube_value == 4
    assert table.kinds(BLACK) == {K.ACTION_KIND_TAKE, K.ACTION_KIND_DROP, K.ACTION_KIND_RACCOON}
    assert table.do(K.ACTION_KIND_RACCOON, BLACK)[0].cube_value == 8
    assert table.kinds(WHITE) == {K.ACTION_KIND_TAKE, K.ACTION_KIND_DROP}
    table.do(K.ACTION_KIND_TAKE, WHITE)
    cube = table.game.cube
    assert (cube.value, cube.owner, cube.doubled_this_turn) == (8, rules_pb2.CUBE_OWNER_BLACK, True)
    # Black, holding the cube again after the raccoon, may not double twice in a turn.
    assert table.kinds(BLACK) == {K.ACTION_KIND_ROLL, K.ACTION_KIND_RESIGN}


def test_a_dropped_beaver_pays_the_stakes_before_it(stubs: Stubs) -> None:
    table = opened(stubs, rules_pb2.RuleOptions(beavers=True))
    table.do(K.ACTION_KIND_DOUBLE, BLACK)
    table.do(K.ACTION_KIND_BEAVER, WHITE)
    table.do(K.ACTION_KIND_DROP, BLACK)
    assert (table.game.result.winner, table.game.result.points) == (WHITE, 2)


def test_the_cube_grows_past_32_bits_without_overflow(stubs: Stubs) -> None:
    table = opened(stubs)
    doubler = BLACK
    for _ in range(33):
        table.do(K.ACTION_KIND_DOUBLE, doubler)
        table.do(K.ACTION_KIND_TAKE, 3 - doubler)
        table.turn(doubler, 2, 1)
        doubler = 3 - doubler
    assert table.game.cube.value == 1 << 33
    table.do(K.ACTION_KIND_RESIGN, doubler, resign_kind=rules_pb2.RESULT_KIND_BACKGAMMON)
    table.do(K.ACTION_KIND_ACCEPT, 3 - doubler)
    assert table.game.result.points == 3 << 33 and table.game.result.cube_value == 1 << 33


def test_the_older_32_bit_rpcs_refuse_a_cube_past_their_limit_naming_the_field(stubs: Stubs) -> None:
    from backgammon.v1 import game_service_pb2

    context = rules_pb2.CubeContext(
        cube=rules_pb2.CubeState(
            value=1 << 31,
            owner=rules_pb2.CUBE_OWNER_BLACK,
            pending=rules_pb2.CubeOffer(action=rules_pb2.CUBE_ACTION_DOUBLE, offered_by=BLACK),
        ),
        turn=BLACK,
    )
    take = game_service_pb2.ApplyCubeActionRequest(
        context=context, player=WHITE, action=rules_pb2.CUBE_ACTION_TAKE
    )
    error = failure(stubs.game.ApplyCubeAction, take)
    # The older messages hold numbers to 2^24 on the way in (gammond.server.wire.board.MAX_NUMBER).
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT
    assert [f for f, _ in error.field_violations] == ["context.cube.value"]


# -- match play --------------------------------------------------------------------------------


def resign_and_accept(table: Table, loser: int, kind: int) -> None:
    table.do(K.ACTION_KIND_RESIGN, loser, resign_kind=kind)
    table.do(K.ACTION_KIND_ACCEPT, 3 - loser)


def to_post_crawford(stubs: Stubs, rules: rules_pb2.RuleOptions) -> Table:
    """A 3-point match at 2-1 to White after the Crawford game, at the new game's opening roll."""
    table = opened(stubs, rules)
    resign_and_accept(table, BLACK, rules_pb2.RESULT_KIND_GAMMON)
    table.next_game()
    assert table.game.score.crawford and table.game.score.white_score == 2
    table.roll(WHITE, 3, 1)
    table.play_first(WHITE)
    assert not table.kinds(BLACK) & {K.ACTION_KIND_DOUBLE}, "no cube in the Crawford game"
    table.roll(BLACK, 2, 1)
    table.play_first(BLACK)
    resign_and_accept(table, WHITE, rules_pb2.RESULT_KIND_SINGLE)
    table.next_game()
    assert not table.game.score.crawford and (table.game.score.white_score, table.game.score.black_score) == (
        2,
        1,
    )
    return table


def test_the_crawford_game_has_no_cube_and_a_forged_double_in_it_is_refused(stubs: Stubs) -> None:
    table = opened(stubs, match(3))
    resign_and_accept(table, BLACK, rules_pb2.RESULT_KIND_GAMMON)
    table.next_game()
    table.roll(WHITE, 3, 1)
    table.play_first(WHITE)
    assert table.game.score.crawford and K.ACTION_KIND_DOUBLE not in table.kinds(BLACK)
    assert refused_field(stubs, forge_double(table.game)) == "game.cube.pending"


def test_after_the_crawford_game_the_dead_cube_rule_bars_the_leader_from_doubling(stubs: Stubs) -> None:
    table = to_post_crawford(stubs, match(3))
    table.roll(WHITE, 3, 1)
    table.play_first(WHITE)
    assert K.ACTION_KIND_DOUBLE in table.kinds(BLACK)
    table.turn(BLACK, 2, 1)
    # White needs 1 point: winning at the cube's value already wins the match.
    assert K.ACTION_KIND_DOUBLE not in table.kinds(WHITE)
    assert refused_field(stubs, forge_double(table.game)) == "game.cube.pending"


def test_the_holland_rule_bars_doubling_until_each_side_has_rolled_twice(stubs: Stubs) -> None:
    table = to_post_crawford(stubs, match(3, holland=True))
    table.roll(WHITE, 3, 1)
    table.play_first(WHITE)
    assert K.ACTION_KIND_DOUBLE not in table.kinds(BLACK)
    assert refused_field(stubs, forge_double(table.game)) == "game.cube.pending"
    table.turn(BLACK, 2, 1)
    table.turn(WHITE, 4, 2)
    assert K.ACTION_KIND_DOUBLE not in table.kinds(BLACK)
    table.turn(BLACK, 5, 3)
    table.turn(WHITE, 6, 4)
    assert (table.game.white_rolls, table.game.black_rolls) == (3, 2)
    assert K.ACTION_KIND_DOUBLE in table.kinds(BLACK)


def test_a_match_ends_when_a_player_reaches_the_length_and_no_next_game_starts(stubs: Stubs) -> None:
    table = opened(stubs, match(1))
    events = table.do(K.ACTION_KIND_RESIGN, BLACK, resign_kind=rules_pb2.RESULT_KIND_SINGLE)
    assert kinds_of(events) == [K.EVENT_KIND_RESIGNED]
    events = table.do(K.ACTION_KIND_ACCEPT, WHITE)
    assert kinds_of(events) == [
        K.EVENT_KIND_RESIGNATION_ACCEPTED,
        K.EVENT_KIND_GAME_WON,
        K.EVENT_KIND_MATCH_WON,
    ]
    assert table.game.phase == K.PHASE_MATCH_OVER and not table.listed().actions
    error = failure(stubs.play.NewGame, pb.NewGameRequest(previous=table.game))
    assert error.code is grpc.StatusCode.FAILED_PRECONDITION


@pytest.mark.parametrize("length", [1, 3, 5, 7])
def test_a_cubeless_match_is_played_to_its_length_without_cube_or_crawford(stubs: Stubs, length: int) -> None:
    table = Table.new(stubs, match(length, cubeless=True), source=K.DICE_SOURCE_SEEDED, seed=b"%d" % length)
    for _ in range(5000):
        game = table.game
        if game.phase == K.PHASE_MATCH_OVER:
            break
        if game.phase == K.PHASE_GAME_OVER:
            table.next_game()
            continue
        assert not game.score.crawford and game.cube.value == 1
        player = WHITE if game.phase == K.PHASE_OPENING_ROLL else game.turn
        assert K.ACTION_KIND_DOUBLE not in table.kinds(player)
        table.bot(bot_service_pb2.BOT_LEVEL_BEGINNER, player)
    after = table.game.score_after
    assert table.game.phase == K.PHASE_MATCH_OVER and max(after.white_score, after.black_score) >= length
    assert len(table.game.sheet) == table.game.game_number - 1


def test_a_forged_double_in_a_cubeless_match_is_refused(stubs: Stubs) -> None:
    table = opened(stubs, match(3, cubeless=True))
    assert refused_field(stubs, forge_double(table.game)) == "game.cube.pending"


def test_a_centred_cube_of_2_in_a_match_is_refused(stubs: Stubs) -> None:
    table = opened(stubs, match(5))
    forged = game_pb2.Game()
    forged.CopyFrom(table.game)
    forged.cube.value = 2
    assert refused_field(stubs, forged).startswith("game.cube")


@pytest.mark.parametrize("value", [3, 1 << 63, (1 << 64) - 1, 0])
def test_an_impossible_cube_value_is_an_invalid_argument(stubs: Stubs, value: int) -> None:
    table = opened(stubs)
    forged = game_pb2.Game()
    forged.CopyFrom(table.game)
    forged.cube.value = value
    assert refused_field(stubs, forged) == "game.cube.value"


# -- resignations and the Jacoby rule ----------------------------------------------------------


@pytest.mark.parametrize(("jacoby", "points"), [(False, 2), (True, 1)])
def test_a_resigned_gammon_counts_single_under_jacoby_until_the_cube_is_turned(
    stubs: Stubs, jacoby: bool, points: int
) -> None:
    table = opened(stubs, rules_pb2.RuleOptions(jacoby=jacoby))
    resign_and_accept(table, BLACK, rules_pb2.RESULT_KIND_GAMMON)
    assert table.game.result.points == points and table.game.result.ended == rules_pb2.GAME_END_RESIGNED


def test_a_rejected_resignation_lets_play_go_on_where_it_stopped(stubs: Stubs) -> None:
    table = opened(stubs)
    table.roll(BLACK, 4, 2)
    table.move(BLACK, 12, 16)
    assert {a.resign_kind for a in table.listed().actions if a.kind == K.ACTION_KIND_RESIGN} == {1, 2, 3}
    table.do(K.ACTION_KIND_RESIGN, BLACK, resign_kind=rules_pb2.RESULT_KIND_BACKGAMMON)
    assert table.kinds(WHITE) == {K.ACTION_KIND_ACCEPT, K.ACTION_KIND_REJECT} and not table.kinds(BLACK)
    assert kinds_of(table.do(K.ACTION_KIND_REJECT, WHITE)) == [K.EVENT_KIND_RESIGNATION_REJECTED]
    assert table.game.phase == K.PHASE_MOVING and len(table.game.moves) == 1


def test_the_older_rpcs_refuse_scores_and_points_past_their_limit_naming_the_field(stubs: Stubs) -> None:
    from backgammon.v1 import game_service_pb2, match_service_pb2

    white_home = board_pb2.Board(points=[0] * 24, white_off=15, black_bar=0)
    white_home.points[18] = -15  # every Black checker still on point 19: a gammon
    won = board_pb2.PositionInput(position=board_pb2.Position(board=white_home, turn=WHITE))
    cube = rules_pb2.CubeState(value=1 << 31, owner=rules_pb2.CUBE_OWNER_WHITE)
    error = failure(stubs.game.ScoreGame, game_service_pb2.ScoreGameRequest(position=won, cube=cube))
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT
    assert [f for f, _ in error.field_violations] == ["cube.value"]
    record = match_service_pb2.RecordGameRequest(
        match=rules_pb2.MatchState(white_score=(1 << 32) - 1),
        game=rules_pb2.GameResult(
            winner=WHITE,
            kind=rules_pb2.RESULT_KIND_SINGLE,
            cube_value=1,
            ended=rules_pb2.GAME_END_PLAYED_OUT,
            points=1,
        ),
    )
    error = failure(stubs.match.RecordGame, record)
    assert error.code is grpc.StatusCode.INVALID_ARGUMENT
    assert [f for f, _ in error.field_violations] == ["match.white_score"]


def test_a_turn_the_log_does_not_give_is_refused(stubs: Stubs) -> None:
    table = opened(stubs)
    forged = game_pb2.Game()
    forged.CopyFrom(table.game)
    forged.turn = WHITE  # White just played: Black is to roll
    assert refused_field(stubs, forged) == "game.turn"


def test_a_turn_passed_by_an_unplayable_roll_is_the_opponents(stubs: Stubs) -> None:
    table = Table.new(stubs)
    table.roll(WHITE, 2, 1)
    table.do(
        K.ACTION_KIND_PLAY,
        WHITE,
        moves=[
            board_pb2.CheckerMove(from_point=13, to_point=11),
            board_pb2.CheckerMove(from_point=6, to_point=5),
        ],
    )
    table.roll(BLACK, 4, 3)
    table.move(BLACK, 1, 5)
    table.move(BLACK, 12, 15)
    table.do(K.ACTION_KIND_CONFIRM, BLACK)
    table.roll(WHITE, 6, 6)
    assert table.game.turn == BLACK and listing_error(stubs, table.game) is None


def test_a_score_sheet_longer_than_any_session_is_refused_before_it_is_walked(stubs: Stubs) -> None:
    table = opened(stubs)
    forged = game_pb2.Game()
    forged.CopyFrom(table.game)
    for n in range(1025):
        forged.sheet.add(game=n + 1)
    assert refused_field(stubs, forged) == "game.sheet"
