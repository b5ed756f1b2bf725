"""A stream nobody reads holds no search: Rollout frees its worker's search slot at the server's cap."""

from __future__ import annotations

import time
from collections.abc import Iterator

import grpc
import pytest

from backgammon.v1 import bot_service_pb2 as pb
from gammond.server.app import Served, ServerOptions, create_server
from tests.support.server import Stubs, dice, start_position

# One expensive call at a time, each capped at a second: the rollout below
# holds the only slot until the cap cuts it.
_CAP_S = 1.0


@pytest.fixture(scope="module")
def capped() -> Iterator[Stubs]:
    served: Served = create_server(
        ServerOptions(host="127.0.0.1", port=0, threads=4, max_search_s=_CAP_S, max_expensive_calls=1)
    )
    served.warm_up()
    stubs = Stubs.connect(f"127.0.0.1:{served.port}")
    yield stubs
    stubs.channel.close()
    served.server.stop(1.0)


def _best_play_answers(stubs: Stubs, within_s: float) -> bool:
    """Whether a BestPlay gets an answer (not RESOURCE_EXHAUSTED) within ``within_s``."""
    request = pb.BestPlayRequest(position=start_position(), dice=dice(3, 1), level=pb.BOT_LEVEL_ADVANCED)
    end = time.monotonic() + within_s
    while time.monotonic() < end:
        try:
            stubs.bot.BestPlay(request, timeout=10.0)
            return True
        except grpc.RpcError as error:
            if error.code() is not grpc.StatusCode.RESOURCE_EXHAUSTED:
                raise
        time.sleep(0.1)
    return False


def test_an_unread_rollout_stream_frees_the_search_slot_and_keeps_its_messages(capped: Stubs) -> None:
    # A message a trial: far more than fit in one flow-control window.
    request = pb.RolloutRequest(position=start_position(), trials=1_000_000, progress_every=1)
    unread = capped.bot.Rollout(request, timeout=120.0)
    # Liveness, not speed: the cap is a second; thirty allow for a slow machine.
    assert _best_play_answers(capped, within_s=30.0)
    messages = list(unread)
    assert messages[-1].done and not messages[-1].complete
    # A progress message after each trial, then the answer.
    assert [m.trials_done for m in messages[:-1]] == list(range(1, len(messages)))
    assert messages[-1].trials_done == len(messages) - 1
    assert unread.code() is grpc.StatusCode.OK
