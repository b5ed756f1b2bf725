"""ListActions answered as wire bytes: the bytes of the reference message, in every phase.

``PlayService.ListActions`` is served by a handler that writes the answer's
plays and actions as bytes (:mod:`gammond.server.wire.choices`); the
message-building ``encode_choices`` is the reference.  CI runs this module
on both kernel paths.
"""

from __future__ import annotations

import random
from collections import Counter

from backgammon.v1 import play_service_pb2 as pb
from gammond.engine import (
    ActionKind,
    DiceSource,
    Game,
    Phase,
    RuleOptions,
    apply_action,
    list_actions,
    new_game,
    next_game,
)
from gammond.engine.bot import HeuristicEvaluator
from gammond.server.services.play import PlayServicer, add_to_server
from gammond.server.wire.choices import choices_wire
from gammond.server.wire.game import encode_choices, encode_game
from tests.support.server import HandlerRecorder

RULES = (
    RuleOptions.money(),
    RuleOptions.money(beavers=True, raccoons=True, jacoby=True),
    RuleOptions.match(7),
    RuleOptions.match(5, cubeless=True),
)


def states(count: int, seed: int) -> list[Game]:
    """States of random legal games, every phase, some turns with moves already made."""
    rng = random.Random(seed)
    found: list[Game] = []
    game = new_game(RULES[0], dice_source=DiceSource.SEEDED, seed=b"choices")
    while len(found) < count:
        if game.phase is Phase.MATCH_OVER or (game.phase is Phase.GAME_OVER and rng.random() < 0.3):
            game = new_game(rng.choice(RULES), dice_source=DiceSource.SEEDED, seed=b"%d" % len(found))
            continue
        found.append(game)
        if game.phase is Phase.GAME_OVER:
            game = next_game(game)
            continue
        allowed = list_actions(game).actions
        quiet = [a for a in allowed if a.kind not in (ActionKind.RESIGN, ActionKind.DROP)]
        game, _ = apply_action(game, rng.choice(quiet or list(allowed)))
    return found


def test_the_written_answer_is_the_reference_messages_bytes_in_every_phase() -> None:
    phases: Counter[Phase] = Counter()
    for game in states(800, seed=5):
        choices = list_actions(game)
        assert choices_wire(game, choices) == encode_choices(game, choices).SerializeToString(), game
        phases[game.phase] += 1
    # Every phase was seen, and many turns mid-move.
    assert set(phases) >= {Phase.OPENING_ROLL, Phase.BEFORE_ROLL, Phase.CUBE_OFFERED, Phase.MOVING}
    assert phases[Phase.MOVING] > 200


def test_the_servicer_answers_listactions_with_the_reference_bytes() -> None:
    servicer = PlayServicer(HeuristicEvaluator(), 1.0)
    for game in states(60, seed=9):
        request = pb.ListActionsRequest(game=encode_game(game))
        written = servicer.list_actions_wire(request, None)  # type: ignore[arg-type]
        assert written == servicer.ListActions(request, None).SerializeToString()  # type: ignore[arg-type]


def test_only_listactions_passes_bytes_through_in_playservice() -> None:
    server = HandlerRecorder()
    add_to_server(PlayServicer(HeuristicEvaluator(), 1.0), server)  # type: ignore[arg-type]
    handlers = server.registered["backgammon.v1.PlayService"]
    assert set(handlers) == set(pb.DESCRIPTOR.services_by_name["PlayService"].methods_by_name)
    assert {name for name, h in handlers.items() if h.response_serializer is None} == {"ListActions"}
