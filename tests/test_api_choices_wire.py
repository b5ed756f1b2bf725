"""ListActions answered as wire bytes: the bytes of the reference message, in every phase.

``PlayService.ListActions`` is served by a handler that writes the answer's
plays and actions as bytes (:mod:`gammond.server.wire.choices`); the
message-building ``encode_choices`` is the reference.  CI runs this module
on both kernel paths.
"""

from __future__ import annotations

from collections import Counter

from backgammon.v1 import play_service_pb2 as pb
from gammond.engine import (
    Phase,
    list_actions,
)
from gammond.engine.bot import HeuristicEvaluator
from gammond.server.services.play import PlayServicer, add_to_server
from gammond.server.wire.choices import choices_wire
from gammond.server.wire.game import encode_choices, encode_game
from tests.support.games import game_states
from tests.support.server import HandlerRecorder


def test_the_written_answer_is_the_reference_messages_bytes_in_every_phase() -> None:
    phases: Counter[Phase] = Counter()
    for game in game_states(800, seed=5, finished=True):
        choices = list_actions(game)
        assert choices_wire(game, choices) == encode_choices(game, choices).SerializeToString(), game
        phases[game.phase] += 1
    # Every phase was seen, and many turns mid-move.
    assert set(phases) >= {Phase.OPENING_ROLL, Phase.BEFORE_ROLL, Phase.CUBE_OFFERED, Phase.MOVING}
    assert phases[Phase.MOVING] > 200


def test_the_servicer_answers_listactions_with_the_reference_bytes() -> None:
    servicer = PlayServicer(HeuristicEvaluator(), 1.0)
    for game in game_states(60, seed=9):
        request = pb.ListActionsRequest(game=encode_game(game))
        written = servicer.list_actions_wire(request, None)  # type: ignore[arg-type]
        assert written == servicer.ListActions(request, None).SerializeToString()  # type: ignore[arg-type]


def test_only_listactions_passes_bytes_through_in_playservice() -> None:
    server = HandlerRecorder()
    add_to_server(PlayServicer(HeuristicEvaluator(), 1.0), server)  # type: ignore[arg-type]
    handlers = server.registered["backgammon.v1.PlayService"]
    assert set(handlers) == set(pb.DESCRIPTOR.services_by_name["PlayService"].methods_by_name)
    assert {name for name, h in handlers.items() if h.response_serializer is None} == {"ListActions"}
