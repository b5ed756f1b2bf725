"""A game no one can stall: resignation offers are limited, and the log never outgrows what is accepted.

Issue #38: a losing player who kept offering resignations (each one
rejected) filled the log to its 4,096 entries, and the next Game was
refused by every call for ever.  Now a player whose offer was rejected
offers again only once the game has moved on, and near the end of the log
only what still lets the game end is allowed.
"""

from __future__ import annotations

import grpc
import pytest

from backgammon.v1 import board_pb2, game_pb2
from backgammon.v1 import play_service_pb2 as pb
from gammond.engine import (
    MAX_LOG,
    Action,
    ActionKind,
    DiceSource,
    Game,
    IllegalActionError,
    Phase,
    Player,
    ResultKind,
    apply_action,
    check_game,
    list_actions,
    new_game,
)
from gammond.engine.rules import RuleOptions
from tests.support.server import Stubs, failure

K = game_pb2


def _resign(player: Player) -> Action:
    return Action(ActionKind.RESIGN, player, resign=ResultKind.SINGLE)


def _kinds(game: Game, player: Player) -> set[ActionKind]:
    return {a.kind for a in list_actions(game, play_actions=True).for_player(player)}


def _length(game: Game) -> int:
    return game.digest().length


def test_a_player_whose_resignation_was_rejected_may_offer_again_only_once_the_game_moves_on() -> None:
    game, _ = apply_action(
        new_game(RuleOptions.money(), dice_source=DiceSource.SEEDED, seed=b"s"),
        Action(ActionKind.ROLL, Player.WHITE),
    )
    mover = game.turn
    assert mover is not None
    offered, _ = apply_action(game, _resign(mover))
    rejected, _ = apply_action(offered, Action(ActionKind.REJECT, mover.opponent))
    assert ActionKind.RESIGN not in _kinds(rejected, mover)
    with pytest.raises(IllegalActionError, match="just rejected"):
        apply_action(rejected, _resign(mover))
    play = next(a for a in list_actions(rejected).for_player(mover) if a.kind is ActionKind.PLAY)
    played, _ = apply_action(rejected, play)
    assert played.turn is mover.opponent and ActionKind.RESIGN in _kinds(played, mover.opponent)
    rolled, _ = apply_action(played, Action(ActionKind.ROLL, mover.opponent))
    if rolled.turn is mover.opponent:  # the roll moved the game on: the opponent may offer now too
        assert ActionKind.RESIGN in _kinds(rolled, mover.opponent)


def test_a_griefer_who_offers_at_every_chance_cannot_keep_the_game_from_ending() -> None:
    """White offers a resignation whenever allowed and Black always rejects; both play the first play listed."""
    game = new_game(RuleOptions.money(), dice_source=DiceSource.SEEDED, seed=b"griefer", lean=True)
    offers = 0
    for _ in range(20_000):
        if game.over:
            break
        listed = list_actions(game).actions
        white = [a for a in listed if a.player is Player.WHITE]
        if any(a.kind is ActionKind.RESIGN for a in white):
            action = _resign(Player.WHITE)
            offers += 1
        elif game.phase is Phase.RESIGNATION_OFFERED:
            action = Action(ActionKind.REJECT, Player.BLACK)
        else:
            action = next(
                a for a in listed if a.kind in (ActionKind.ROLL, ActionKind.PLAY, ActionKind.CONFIRM)
            )
        game = apply_action(game, action)[0].rebased()
        assert _length(game) <= MAX_LOG
    assert game.over and game.result is not None and game.result.ended.name == "PLAYED_OUT"
    rolls = game.digest().opening_ties + sum(game.rolls)
    assert 0 < offers <= 2 * rolls  # at most one offer before and one after each of the griefer's rolls
    check_game(game)


def _near_full(free: int) -> Game:
    """A lean game with client dice whose opening roll tied until ``free`` entries are left."""
    game = new_game(RuleOptions.money(), dice_source=DiceSource.CLIENT, lean=True)
    tie = Action(ActionKind.ROLL, Player.WHITE, dice=(1, 1))
    while MAX_LOG - _length(game) > free:
        game = apply_action(game, tie)[0].rebased()
    return game


def test_near_the_end_of_the_log_only_a_resignation_and_its_acceptance_are_left() -> None:
    game = apply_action(_near_full(6), Action(ActionKind.ROLL, Player.WHITE, dice=(2, 1)))[0].rebased()
    assert game.turn is Player.WHITE and MAX_LOG - _length(game) == 5
    offered = apply_action(game, _resign(Player.WHITE))[0].rebased()
    rejected = apply_action(offered, Action(ActionKind.REJECT, Player.BLACK))[0].rebased()
    play = next(a for a in list_actions(rejected).actions if a.kind is ActionKind.PLAY)
    black_turn = apply_action(rejected, play)[0].rebased()
    assert MAX_LOG - _length(black_turn) == 2 and black_turn.turn is Player.BLACK
    # Two entries left: a roll or a double would leave no room to end, so only resigning is listed.
    assert _kinds(black_turn, Player.BLACK) == {ActionKind.RESIGN}
    with pytest.raises(IllegalActionError, match="nearly full"):
        apply_action(black_turn, Action(ActionKind.ROLL, Player.BLACK, dice=(3, 1)))
    resigned = apply_action(black_turn, _resign(Player.BLACK))[0].rebased()
    assert _kinds(resigned, Player.WHITE) == {ActionKind.ACCEPT}
    with pytest.raises(IllegalActionError, match="nearly full"):
        apply_action(resigned, Action(ActionKind.REJECT, Player.WHITE))
    ended = apply_action(resigned, Action(ActionKind.ACCEPT, Player.WHITE))[0].rebased()
    assert ended.over and _length(ended) == MAX_LOG
    check_game(ended)  # the last Game is still one the server accepts


def test_through_playservice_a_second_offer_after_a_rejection_is_refused_and_not_listed(stubs: Stubs) -> None:
    game = stubs.play.NewGame(pb.NewGameRequest(dice_source=K.DICE_SOURCE_SEEDED, seed=b"g"), timeout=10).game
    roll = K.Action(kind=K.ACTION_KIND_ROLL, player=board_pb2.COLOR_WHITE)
    game = stubs.play.Act(pb.ActRequest(game=game, action=roll), timeout=10).game
    griefer = game.turn
    other = board_pb2.COLOR_BLACK if griefer == board_pb2.COLOR_WHITE else board_pb2.COLOR_WHITE
    resign = K.Action(kind=K.ACTION_KIND_RESIGN, player=griefer, resign_kind=1)
    game = stubs.play.Act(pb.ActRequest(game=game, action=resign), timeout=10).game
    game = stubs.play.Act(
        pb.ActRequest(game=game, action=K.Action(kind=K.ACTION_KIND_REJECT, player=other))
    ).game
    again = failure(stubs.play.Act, pb.ActRequest(game=game, action=resign))
    assert again.code is grpc.StatusCode.FAILED_PRECONDITION and "just rejected" in again.message
    listed = stubs.play.ListActions(pb.ListActionsRequest(game=game), timeout=10)
    assert listed.actions and all(a.kind != K.ACTION_KIND_RESIGN for a in listed.actions)
