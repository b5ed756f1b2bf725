"""The Python client: a whole game and a 3-point match through the RPCs, sync and asyncio."""

from __future__ import annotations

import asyncio

import grpc
import pytest

from backgammon.v1 import board_pb2, rules_pb2
from gammond.server.app import Served
from gammond_client import AsyncGammondClient, GammondClient, GammondError, starting_position
from gammond_client.selfplay import play_game, play_match

SEEDS = range(10)


@pytest.fixture(scope="module")
def client(served: Served):
    with GammondClient(f"127.0.0.1:{served.port}", timeout=30) as connected:
        connected.wait_until_serving(10)
        yield connected


def test_a_whole_game_from_the_opening_roll_to_the_score_sheet(client) -> None:
    log = play_game(client, seed=3, demo_double_turn=3, always_take=True, bot_doubles=False)
    doubles = [e for e in log.events if "doubles" in e]
    assert len(doubles) == 1 and any(e.endswith("takes") for e in log.events)
    assert "opening roll" in log.events[0]
    result, row = log.result, log.record.row
    assert result.ended == rules_pb2.GAME_END_PLAYED_OUT and result.cube_value == 2
    assert result.points == result.kind * 2
    assert (row.game, row.winner, row.points) == (1, result.winner, result.points)
    scores = {board_pb2.COLOR_WHITE: row.white_score, board_pb2.COLOR_BLACK: row.black_score}
    assert scores[result.winner] == result.points and sum(scores.values()) == result.points


def test_the_same_seed_replays_the_same_game(client) -> None:
    first = play_game(client, seed=8, bot_doubles=False, always_take=True)
    again = play_game(client, seed=8, bot_doubles=False, always_take=True)
    assert first.events == again.events


def test_a_three_point_match_goes_through_its_crawford_game(client) -> None:
    for seed in SEEDS:
        logs = play_match(client, 3, seed=seed, bot_doubles=False)
        if any(log.record.row.crawford for log in logs):
            break
    else:
        raise AssertionError(f"no match among seeds {list(SEEDS)} had a Crawford game")
    rows = [log.record.row for log in logs]
    crawford = [i for i, row in enumerate(rows) if row.crawford]
    assert len(crawford) == 1
    before = rows[crawford[0] - 1] if crawford[0] else None
    assert before is not None and 2 in (before.white_score, before.black_score)
    assert rows[crawford[0]].cube_value == 1
    assert [log.record.winner for log in logs[:-1]] == [board_pb2.COLOR_UNSPECIFIED] * (len(logs) - 1)
    final = rows[-1]
    assert max(final.white_score, final.black_score) >= 3
    assert logs[-1].record.winner == (
        board_pb2.COLOR_WHITE if final.white_score >= 3 else board_pb2.COLOR_BLACK
    )


def test_the_client_asks_for_the_best_play_at_a_match_score(client) -> None:
    # 8/4 7/1* plays for the gammon; at double match point only the win counts.
    position = board_pb2.PositionInput(
        position_id=board_pb2.PositionId(id="23gOAFC2uR0EAA", turn=board_pb2.COLOR_WHITE)
    )
    context = rules_pb2.CubeContext(
        turn=board_pb2.COLOR_WHITE,
        rules=rules_pb2.RuleOptions(match_length=7),
        match=rules_pb2.MatchState(white_score=6, black_score=6),
    )
    assert client.best_play(position, (6, 4)).best.play.notation == "8/4 7/1*"
    assert client.best_play(position, (6, 4), context=context).best.play.notation == "13/7 8/4"


def test_the_client_streams_a_rollout_to_its_last_message(client) -> None:
    # A short race, both sides home.
    race = board_pb2.PositionInput(
        position_id=board_pb2.PositionId(id="VQEAgJUAAAAAAA", turn=board_pb2.COLOR_WHITE)
    )
    messages = list(client.rollout(race, trials=72, seed=3, progress_every=36))
    assert [(m.trials_done, m.done) for m in messages] == [(36, False), (72, True)]
    assert messages[-1].complete and 0.0 < messages[-1].probabilities.win < 1.0
    with pytest.raises(GammondError, match="trials"):
        list(client.rollout(race, trials=2_000_000))


def test_the_client_raises_readable_errors(client) -> None:
    with pytest.raises(GammondError) as caught:
        client.legal_plays(starting_position(board_pb2.COLOR_WHITE), (0, 3))
    assert caught.value.code is grpc.StatusCode.INVALID_ARGUMENT
    assert caught.value.field_violations[0][0] == "dice.die1"
    with pytest.raises(GammondError) as illegal:
        client.apply_play(starting_position(board_pb2.COLOR_WHITE), (3, 1), "24/22")
    assert illegal.value.code is grpc.StatusCode.FAILED_PRECONDITION
    assert illegal.value.reason == "ILLEGAL_PLAY"
    # The client sends a fresh id with each call; the server returns it in the trailers.
    assert illegal.value.request_id and illegal.value.request_id != caught.value.request_id


def test_the_asyncio_client_makes_the_same_calls(served: Served) -> None:
    async def session() -> tuple[int, str, int]:
        async with AsyncGammondClient(f"127.0.0.1:{served.port}") as client:
            plays = await client.legal_plays(starting_position(board_pb2.COLOR_WHITE), (3, 1))
            (roll,) = await client.roll(seed=4)
            best = await client.best_play(starting_position(board_pb2.COLOR_BLACK), roll)
            result = rules_pb2.GameResult(
                winner=board_pb2.COLOR_WHITE,
                kind=rules_pb2.RESULT_KIND_SINGLE,
                cube_value=1,
                ended=rules_pb2.GAME_END_PLAYED_OUT,
                points=1,
            )
            record = await client.record_game(result)
            return len(plays), best.best.play.notation, record.match.white_score

    async def refused() -> GammondError:
        async with AsyncGammondClient(f"127.0.0.1:{served.port}") as client:
            try:
                await client.legal_plays(starting_position(board_pb2.COLOR_WHITE), (0, 3))
            except GammondError as error:
                return error
        raise AssertionError("a die of 0 was accepted")

    assert asyncio.run(refused()).request_id
    count, notation, score = asyncio.run(session())
    with GammondClient(f"127.0.0.1:{served.port}") as sync:
        assert count == len(sync.legal_plays(starting_position(board_pb2.COLOR_WHITE), (3, 1)))
    assert notation and score == 1
