"""Properties of the game flow: random legal games stay legal and replay exactly; corruptions never crash.

Random games take random actions from the list of allowed actions, for both
players, in money play and matches under every rule option.  Each state is
checked by the consistency check; each finished game's log, played again,
gives the same game.  Over gRPC, random single-field corruptions of valid
games are refused with INVALID_ARGUMENT or answered consistently (a listed
action is then accepted); no call gives INTERNAL.
"""

from __future__ import annotations

import random
from dataclasses import replace

import grpc
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backgammon.v1 import game_pb2
from backgammon.v1 import play_service_pb2 as pb
from gammond.engine import (
    Action,
    ActionKind,
    DiceSource,
    Game,
    Phase,
    RuleOptions,
    apply_action,
    check_game,
    list_actions,
    new_game,
    next_game,
    replay,
)
from gammond.engine.flow import fresh
from gammond_client import from_rpc_error
from tests.support.server import Stubs

RULES = [
    RuleOptions.money(),
    RuleOptions.money(jacoby=True, beavers=True, raccoons=True, max_automatic_doubles=3),
    RuleOptions.money(cubeless=True),
    RuleOptions.match(1),
    RuleOptions.match(3, holland=True),
    RuleOptions.match(5, dead_cube=False),
    RuleOptions.match(7),
    RuleOptions.match(5, cubeless=True),
]
SOURCES = [DiceSource.SEEDED, DiceSource.CLIENT, DiceSource.SERVER]


def random_action(game: Game, rng: random.Random) -> Action:
    """A random allowed action; resignations and drops are rarer so games get played."""
    allowed = list_actions(game).actions
    assert allowed, f"nothing to do at {game.phase}"
    action = rng.choice(allowed)
    if action.kind in (ActionKind.RESIGN, ActionKind.DROP, ActionKind.ACCEPT) and rng.random() < 0.8:
        action = rng.choice(allowed)
    if action.kind is ActionKind.ROLL and game.dice_source is DiceSource.CLIENT:
        action = replace(action, dice=(rng.randint(1, 6), rng.randint(1, 6)))
    return action


def play_randomly(rules: RuleOptions, source: DiceSource, seed: int, steps: int) -> list[Game]:
    """The states of a random legal match or session, at most ``steps`` actions long."""
    rng = random.Random(seed)
    seed_bytes = b"%d" % seed if source is DiceSource.SEEDED else b""
    game = new_game(rules, dice_source=source, seed=seed_bytes)
    seen = [game]
    for _ in range(steps):
        if game.phase is Phase.MATCH_OVER:
            break
        if game.phase is Phase.GAME_OVER:
            game = next_game(game)
        else:
            game, _ = apply_action(
                game, random_action(game, rng), lambda: (rng.randint(1, 6), rng.randint(1, 6))
            )
        seen.append(game)
    return seen


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=st.sampled_from(RULES),
    source=st.sampled_from(SOURCES),
    seed=st.integers(0, 2**32),
)
def test_random_legal_games_pass_the_consistency_check_and_replay_to_the_same_game(
    rules: RuleOptions, source: DiceSource, seed: int
) -> None:
    states = play_randomly(rules, source, seed, 200)
    for n, game in enumerate(states):
        assert check_game(game) is game
        # Replaying costs a move generation per play: every finished game, the
        # last state, and a sample along the way.
        sampled = game.over or n == len(states) - 1 or n % 20 == 0
        if sampled and not game.moves:
            # The version counts actions (single moves and undos among them), not log entries.
            assert replace(replay(fresh(game), game.log), version=game.version) == game


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=st.sampled_from(RULES), seed=st.integers(0, 2**32))
def test_random_legal_games_over_grpc_are_never_refused(stubs: Stubs, rules: RuleOptions, seed: int) -> None:
    from gammond.server.wire.game import decode_flow_action  # noqa: F401 - the wire's own decoder stays honest
    from gammond.server.wire.rules import encode_rules

    rng = random.Random(seed)
    game = stubs.play.NewGame(
        pb.NewGameRequest(
            rules=encode_rules(rules), dice_source=game_pb2.DICE_SOURCE_SEEDED, seed=b"g%d" % seed
        ),
        timeout=10,
    ).game
    for _ in range(120):
        if game.phase == game_pb2.PHASE_MATCH_OVER:
            break
        if game.phase == game_pb2.PHASE_GAME_OVER:
            game = stubs.play.NewGame(pb.NewGameRequest(previous=game), timeout=10).game
            continue
        listed = stubs.play.ListActions(pb.ListActionsRequest(game=game), timeout=10).actions
        action = rng.choice(list(listed))
        game = stubs.play.Act(pb.ActRequest(game=game, action=action), timeout=10).game


def _corruptions(game: game_pb2.Game, rng: random.Random) -> game_pb2.Game:
    """``game`` with one field changed at random."""
    bad = game_pb2.Game()
    bad.CopyFrom(game)
    choice = rng.randrange(22)
    big = rng.choice([0, 1, 2, 3, 7, 25, 26, 1 << 31, 1 << 32, 1 << 62, 1 << 63, (1 << 64) - 1])
    if choice == 0:
        bad.phase = rng.randrange(9)
    elif choice == 1:
        bad.turn = rng.randrange(4)
    elif choice == 2:
        bad.cube.value = big
    elif choice == 3:
        bad.cube.owner = rng.randrange(5)
    elif choice == 4:
        bad.cube.pending.action = rng.randrange(7)
        bad.cube.pending.offered_by = rng.randrange(3)
    elif choice == 5:
        bad.cube.doubled_this_turn = not bad.cube.doubled_this_turn
    elif choice == 6:
        bad.dice.die1, bad.dice.die2 = rng.randrange(8), rng.randrange(8)
    elif choice == 7:
        bad.moves.add(from_point=rng.randrange(27), to_point=rng.randrange(27))
    elif choice == 8:
        bad.white_rolls = min(big, (1 << 32) - 1)
    elif choice == 9:
        bad.black_rolls += rng.choice([1, -1 if bad.black_rolls else 1])
    elif choice == 10:
        bad.resignation.by, bad.resignation.kind = rng.randrange(3), rng.randrange(5)
    elif choice == 11:
        bad.result.winner, bad.result.points, bad.result.cube_value = rng.randrange(3), big, big
    elif choice == 12 and bad.log:
        del bad.log[rng.randrange(len(bad.log))]
    elif choice == 13 and bad.log:
        entry = bad.log[rng.randrange(len(bad.log))]
        entry.kind = rng.randrange(15)
    elif choice == 14 and bad.log:
        bad.log.append(bad.log[-1])
    elif choice == 15:
        bad.score.white_score = big
    elif choice == 16:
        bad.game_number = min(big, (1 << 32) - 1)
    elif choice == 17:
        bad.board.points[rng.randrange(24)] += rng.choice([-1, 1])
    elif choice == 18:
        bad.dice_source = rng.randrange(5)
    elif choice == 19:
        bad.seed = bytes(rng.randrange(256) for _ in range(rng.randrange(80)))
    elif choice == 20:
        bad.rules.match_length = rng.randrange(10)
    else:
        bad.score.crawford = not bad.score.crawford
    return bad


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=st.sampled_from(RULES), seed=st.integers(0, 2**32))
def test_single_field_corruptions_are_refused_as_invalid_or_answered_consistently(
    stubs: Stubs, rules: RuleOptions, seed: int
) -> None:
    from gammond.server.wire.game import encode_game

    rng = random.Random(seed)
    states = play_randomly(rules, DiceSource.SEEDED, seed, rng.randrange(1, 120))
    valid = encode_game(states[-1])
    for _ in range(12):
        bad = _corruptions(valid, rng)
        try:
            listed = stubs.play.ListActions(pb.ListActionsRequest(game=bad), timeout=10)
        except grpc.RpcError as error:
            assert from_rpc_error(error).code is grpc.StatusCode.INVALID_ARGUMENT, from_rpc_error(error)
            continue
        # Accepted: the state is one a legal game can reach, so every listed action works on it.
        for action in rng.sample(list(listed.actions), min(3, len(listed.actions))):
            if action.kind == game_pb2.ACTION_KIND_ROLL and bad.dice_source == game_pb2.DICE_SOURCE_CLIENT:
                action.dice.die1, action.dice.die2 = 3, 1
            stubs.play.Act(pb.ActRequest(game=bad, action=action), timeout=10)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=st.sampled_from(RULES), seed=st.integers(0, 2**32))
def test_random_actions_are_taken_or_refused_but_never_crash(
    stubs: Stubs, rules: RuleOptions, seed: int
) -> None:
    from gammond.server.wire.game import encode_game

    rng = random.Random(seed)
    valid = encode_game(play_randomly(rules, DiceSource.CLIENT, seed, rng.randrange(1, 120))[-1])
    for _ in range(12):
        action = game_pb2.Action(
            kind=rng.randrange(15),
            player=rng.randrange(4),
            resign_kind=rng.randrange(5),
        )
        if rng.random() < 0.5:
            action.dice.die1, action.dice.die2 = rng.randrange(8), rng.randrange(8)
        for _ in range(rng.randrange(5)):
            step = action.steps.add() if rng.random() < 0.5 else action.moves.add()
            step.from_point, step.to_point = rng.randrange(30), rng.randrange(30)
        if rng.random() < 0.3:
            action.move.from_point, action.move.to_point = rng.randrange(30), rng.randrange(30)
        try:
            stubs.play.Act(pb.ActRequest(game=valid, action=action), timeout=10)
        except grpc.RpcError as error:
            code = from_rpc_error(error).code
            assert code in (grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.FAILED_PRECONDITION), error
