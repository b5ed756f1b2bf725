"""ListActions answered as wire bytes: the bytes of the reference message, in every phase.

``PlayService.ListActions`` is served by a handler that writes the answer's
plays and actions as bytes (:mod:`gammond.server.wire.choices`); the
message-building ``encode_choices`` is the reference.  CI runs this module
on both kernel paths.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from backgammon.v1 import play_service_pb2 as pb
from gammond.engine import (
    ActionKind,
    DiceSource,
    Phase,
    list_actions,
)
from gammond.engine.bot import HeuristicEvaluator
from gammond.server.services.play import PlayServicer, add_to_server
from gammond.server.wire.choices import choices_wire
from gammond.server.wire.game import encode_choices, encode_flow_action, encode_game
from tests.support.games import game_states
from tests.support.server import HandlerRecorder

VIEWS = (
    pb.ACTIONS_VIEW_FULL,
    pb.ACTIONS_VIEW_COMPACT,
    pb.ACTIONS_VIEW_MOVES,
    pb.ACTIONS_VIEW_PLAYS,
    pb.ACTIONS_VIEW_NONE,
)


def test_the_written_answer_is_the_reference_messages_bytes_in_every_phase() -> None:
    phases: Counter[Phase] = Counter()
    for game in game_states(800, seed=5, finished=True):
        choices = list_actions(game)
        for view in VIEWS:
            written = choices_wire(game, choices, view)
            assert written == encode_choices(game, choices, view).SerializeToString(), (game, view)
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


def test_the_servicer_answers_act_with_the_reference_message_in_every_view() -> None:
    servicer = PlayServicer(HeuristicEvaluator(), 1.0)
    rng = random.Random(3)
    for game in game_states(80, seed=11):
        action = rng.choice(list_actions(game).actions)
        if action.kind is ActionKind.ROLL and game.dice_source is not DiceSource.SEEDED:
            continue  # the server's or the client's dice: not the same twice
        lean = replace(game, base=game.digest(), log=())
        for wire_game, view in ((encode_game(game), VIEWS[0]), (encode_game(lean), rng.choice(VIEWS))):
            request = pb.ActRequest(game=wire_game, action=encode_flow_action(action), view=view)
            written = pb.ActResponse.FromString(servicer.act_wire(request, None))  # type: ignore[arg-type]
            assert written == servicer.Act(request, None)  # type: ignore[arg-type]
            assert written.HasField("choices") == (view != pb.ACTIONS_VIEW_NONE)


def test_only_listactions_and_act_pass_bytes_through_in_playservice() -> None:
    server = HandlerRecorder()
    add_to_server(PlayServicer(HeuristicEvaluator(), 1.0), server)  # type: ignore[arg-type]
    handlers = server.registered["backgammon.v1.PlayService"]
    assert set(handlers) == set(pb.DESCRIPTOR.services_by_name["PlayService"].methods_by_name)
    assert {name for name, h in handlers.items() if h.response_serializer is None} == {"ListActions", "Act"}
