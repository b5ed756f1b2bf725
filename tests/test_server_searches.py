"""Searches in the workers' search processes: same answers, cancellation, a lost process replaced.

Both ways of running a search are served here: in a search process (the
default) and on the gRPC thread (``--search-processes off``).
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from prometheus_client import REGISTRY

from backgammon.v1 import board_pb2, bot_service_pb2
from gammond.engine import Position
from gammond.engine.bot import Level, hint, rank_plays
from gammond.server.app import Served, ServerOptions, create_server
from tests.support.positions import games
from tests.support.server import Stubs, dice
from tests.support.waits import appeared

# The Position ID with the most legal plays we know: 2,224 for White's 1-1.
WIDEST_ID = "AAIA/n9UkpJSKg"
LEVELS = {
    Level.EXPERT: bot_service_pb2.BOT_LEVEL_EXPERT,
    Level.WORLD_CLASS: bot_service_pb2.BOT_LEVEL_WORLD_CLASS,
}


@pytest.fixture(scope="module", params=[True, False], ids=["search processes", "gRPC threads"])
def served(request: pytest.FixtureRequest) -> Iterator[Served]:
    # A long --max-search: only the level's own budget, the deadline or a cancellation stop a search.
    # Budgets four times the levels' (the search processes read it when they start, the engine
    # each search): long enough that a fast machine's search is still running when the test
    # cancels it, and that the server's and the test's own searches are rarely cut short.
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GAMMOND_BUDGET_SCALE", "4")
        server = create_server(ServerOptions(max_search_s=60.0, search_processes=request.param))
        server.warm_up()
        yield server
        server.stop(0)


@pytest.fixture(scope="module")
def stubs(served: Served) -> Iterator[Stubs]:
    connected = Stubs.connect(f"127.0.0.1:{served.port}")
    yield connected
    connected.channel.close()


def stopped(method: str, reason: str) -> float:
    labels = {"method": method, "reason": reason}
    return REGISTRY.get_sample_value("gammond_search_stopped_total", labels) or 0.0


def restarts() -> float:
    return REGISTRY.get_sample_value("gammond_search_restarts_total") or 0.0


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def running(pid: int) -> bool:
    """Whether ``pid`` exists and is not a zombie."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def position_input(position: Position) -> board_pb2.PositionInput:
    return board_pb2.PositionInput(
        position_id=board_pb2.PositionId(id=position.position_id(), turn=board_pb2.COLOR_WHITE)
    )


def samples(count: int) -> list[tuple[Position, tuple[int, int]]]:
    """Positions from seeded games, every fifth turn, with their rolls."""
    found = []
    for game in games(seed=16):
        for turn in game[3::5]:
            found.append((turn.sample.position, turn.sample.dice))
            if len(found) == count:
                return found
    return found


@pytest.mark.parametrize("level", [Level.EXPERT, Level.WORLD_CLASS], ids=["expert", "world class"])
def test_a_search_answers_as_the_engine_does_when_not_cut_short(
    stubs: Stubs, served: Served, level: Level
) -> None:
    compared = 0
    for position, roll in samples(6):
        expected = rank_plays(position, roll, served.evaluator, level)
        request = bot_service_pb2.BestPlayRequest(
            position=position_input(position), dice=dice(*roll), level=LEVELS[level]
        )
        answer = stubs.bot.BestPlay(request, timeout=60)
        # A level's time budget can cut either search short on a loaded
        # machine (the pure-Python pass beside the image build): compare the
        # searches that both finished.
        if not (answer.complete and expected.complete):
            continue
        assert answer.best.play.notation == str(expected.plays[0].play)
        assert answer.best.equity == pytest.approx(expected.plays[0].equity, abs=1e-9)
        compared += 1
    assert compared >= 1


def test_a_hint_lists_the_same_plays_as_the_engine(stubs: Stubs, served: Served) -> None:
    compared = 0
    for position, roll in samples(6):
        expected = hint(position, roll, served.evaluator, Level.WORLD_CLASS, max_plays=5)
        request = bot_service_pb2.HintRequest(
            position=position_input(position),
            dice=dice(*roll),
            level=bot_service_pb2.BOT_LEVEL_WORLD_CLASS,
            max_plays=5,
        )
        answer = stubs.bot.Hint(request, timeout=60)
        # As above: two searches cut short by the clock stop at different places.
        if not (answer.complete and expected.complete):
            continue
        assert [p.play.notation for p in answer.plays] == [str(r.play) for r in expected.plays]
        assert [p.equity for p in answer.plays] == pytest.approx([r.equity for r in expected.plays], abs=1e-9)
        compared += 1
    assert compared >= 1


def test_a_cancelled_world_class_call_stops_its_search_at_the_next_check(
    stubs: Stubs, served: Served
) -> None:
    before = stopped("BestPlay", "cancelled")
    request = bot_service_pb2.BestPlayRequest(
        position=board_pb2.PositionInput(
            position_id=board_pb2.PositionId(id=WIDEST_ID, turn=board_pb2.COLOR_WHITE)
        ),
        dice=dice(1, 1),
        level=bot_service_pb2.BOT_LEVEL_WORLD_CLASS,
    )
    # Without the cancellation this search runs for its level's budget (0.3 s
    # here) after ranking 2,224 plays; nothing else could stop it here.
    future = stubs.bot.BestPlay.future(request, timeout=120)
    assert appeared(lambda: served.gate.running == 1, timeout_s=60.0), "the call was never admitted"
    future.cancel()
    # The counter moves only when a stop check saw the cancellation.
    assert appeared(lambda: stopped("BestPlay", "cancelled") == before + 1, timeout_s=60.0)
    assert appeared(lambda: served.gate.running == 0, timeout_s=60.0)
    for pid in served.searches.pids():
        # An idle search process burns no CPU (a searching one a whole core).
        spent = cpu_seconds(pid)
        time.sleep(0.5)
        assert cpu_seconds(pid) - spent < 0.25
    # The slot is free: the next search is admitted.
    quick = bot_service_pb2.BestPlayRequest(
        position=request.position, dice=dice(1, 1), level=bot_service_pb2.BOT_LEVEL_EXPERT
    )
    assert stubs.bot.BestPlay(quick, timeout=60).best.play.notation


def test_a_search_process_that_died_is_replaced_before_the_next_call(stubs: Stubs, served: Served) -> None:
    if not served.searches.isolated:
        pytest.skip("searches run on the gRPC threads")
    (victim,) = served.searches.pids()
    before = restarts()
    os.kill(victim, signal.SIGKILL)
    assert appeared(lambda: not running(victim), timeout_s=60.0)
    request = bot_service_pb2.BestPlayRequest(
        position=board_pb2.PositionInput(
            position_id=board_pb2.PositionId(id=WIDEST_ID, turn=board_pb2.COLOR_WHITE)
        ),
        dice=dice(1, 1),
        level=bot_service_pb2.BOT_LEVEL_EXPERT,
    )
    assert stubs.bot.BestPlay(request, timeout=120).best.play.notation
    assert restarts() == before + 1
    (replacement,) = served.searches.pids()
    assert replacement != victim
