"""The lean game flow: one call per user action, a Game of constant size, a stale-state guard.

A board UI plays whole games as a phone would: one side taps single-die
MOVEs and CONFIRM, the other is the bot (BotAct), and nothing calls
ListActions because every answer lists what may be done next.  Calls and
bytes are counted on the channel.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import grpc
import pytest

from backgammon.v1 import bot_service_pb2, game_pb2, record_service_pb2, record_service_pb2_grpc
from backgammon.v1 import play_service_pb2 as pb
from bench.lean_game import lean_game, metered
from gammond.engine import LogDigest, RuleOptions, apply_action, check_game, list_actions, new_game
from gammond.server.app import Served, ServerOptions, create_server
from gammond.server.sealing import new_key_text, parse_keys
from gammond_client import Game, GammondClient
from gammond_client.game import WHITE
from gammond_client.relay import StaleGameError, StaleGuard
from tests.support.server import Stubs

K = game_pb2
MOVES = pb.ACTIONS_VIEW_MOVES


@pytest.fixture(scope="module")
def sealed() -> Iterator[Served]:
    server = create_server(
        ServerOptions(host="127.0.0.1", port=0, threads=2, keyring=parse_keys(new_key_text("lean")))
    )
    server.warm_up()
    yield server
    server.stop(1.0)


@pytest.mark.parametrize("keys", [False, True], ids=["plain", "sealed"])
def test_a_board_ui_plays_a_whole_game_in_at_most_150_calls_and_100_kb(
    served: Served, sealed: Served, keys: bool
) -> None:
    client, meter = metered(f"127.0.0.1:{(sealed if keys else served).port}")
    with client:
        for seed in (1, 2, 3):
            before_calls, before_wire = meter.total, meter.wire
            lean_game(client, seed, bot_service_pb2.BOT_LEVEL_BEGINNER)
            calls, wire = meter.total - before_calls, meter.wire - before_wire
            print(f"game {seed} ({'sealed' if keys else 'plain'}): {calls} calls, {wire} B of protobuf")
            # JSON through the gateway, compressed, is measured in tests/test_gateway_json_game.py.
            assert calls <= 150 and wire <= 100_000
        assert "ListActions" not in meter.calls
        # Constant size: no request grows with the moves played (a sealed client sends back the seal alone).
        assert meter.largest_request < 700


def test_every_answer_lists_what_listactions_would_in_the_same_view(served: Served) -> None:
    client, _ = metered(f"127.0.0.1:{served.port}")
    with client:
        for view in (
            pb.ACTIONS_VIEW_MOVES,
            pb.ACTIONS_VIEW_COMPACT,
            pb.ACTIONS_VIEW_PLAYS,
            pb.ACTIONS_VIEW_FULL,
        ):
            game = Game.start(client, view=view, dice_source=K.DICE_SOURCE_SEEDED, seed=b"same view")
            rng = random.Random(view)
            for _ in range(40):
                if game.game_over:
                    break
                assert game.choices is not None
                listed_again = client.list_actions(game.state, view)
                if view != pb.ACTIONS_VIEW_FULL:  # an answer's Game says the board now
                    listed_again.ClearField("board_now")
                assert listed_again == game.choices
                listed = [a for a in game.choices.actions if a.player == game.choices.to_act[0]]
                # In the PLAYS view a mover whose resignation was just rejected has only the plays.
                if game.choices.plays and (rng.random() < 0.5 or not listed):
                    game.play(rng.choice(game.choices.plays).notation)
                else:
                    action = rng.choice([a for a in listed if a.kind != K.ACTION_KIND_RESIGN] or listed)
                    game.act(action)
                kinds = {a.kind for a in game.choices.actions} if game.choices else set()
                assert K.ACTION_KIND_PLAY not in kinds or view == pb.ACTIONS_VIEW_FULL
                if view == pb.ACTIONS_VIEW_MOVES and game.choices is not None:
                    assert not game.choices.plays


def test_a_lean_game_keeps_its_size_and_its_record_exports_like_the_full_game(served: Served) -> None:
    client, _ = metered(f"127.0.0.1:{served.port}")
    with client:
        lean = Game.start(client, dice_source=K.DICE_SOURCE_SEEDED, seed=b"twins")
        full = Game.start(client, dice_source=K.DICE_SOURCE_SEEDED, seed=b"twins", lean=False)
        sizes = []
        while not lean.game_over:
            opening = lean.phase == K.PHASE_OPENING_ROLL
            lean.bot(bot_service_pb2.BOT_LEVEL_BEGINNER, player=WHITE if opening else None)
            full.bot(bot_service_pb2.BOT_LEVEL_BEGINNER, player=WHITE if opening else None)
            sizes.append(lean.state.ByteSize())
        assert not lean.state.log and lean.state.digest.length == len(full.state.log) > 20
        assert max(sizes) < 400 < full.state.ByteSize()
        assert lean.log == list(full.state.log)
        records = record_service_pb2_grpc.RecordServiceStub(client.channel)
        lean_mat = records.ExportMatch(record_service_pb2.ExportMatchRequest(games=[lean.record()])).mat
        full_mat = records.ExportMatch(record_service_pb2.ExportMatchRequest(games=[full.state])).mat
        assert lean_mat == full_mat
        # A lean game's log that is not the one it was digested from is refused, naming the field.
        forged = lean.record()
        forged.log[3].dice.die1 = 7 - forged.log[3].dice.die1 if forged.log[3].HasField("dice") else 1
        del forged.log[-1]
        with pytest.raises(grpc.RpcError) as refused:
            records.ExportMatch(record_service_pb2.ExportMatchRequest(games=[forged]))
        assert refused.value.code() is grpc.StatusCode.INVALID_ARGUMENT
        assert "games[0].log" in (refused.value.details() or "")


def test_a_relay_refuses_an_older_sealed_game_of_the_same_game_by_version_alone(sealed: Served) -> None:
    guard = StaleGuard()
    with GammondClient(f"127.0.0.1:{sealed.port}", timeout=30) as client:
        game = Game.start(client, view=MOVES)
        guard.handed_out(game.state)
        kept = game_pb2.Game()
        kept.CopyFrom(game.state)
        game.roll(WHITE)
        guard.admit(game.state)
        guard.handed_out(game.state)
        assert game.state.seal.version == game.state.version == kept.version + 1
        with pytest.raises(StaleGameError, match="is stale"):
            guard.admit(kept)
        # The server itself, told the version it handed out last, refuses the older state.
        action = game_pb2.Action(kind=K.ACTION_KIND_RESIGN, player=WHITE, resign_kind=1)
        request = pb.ActRequest(game=kept, action=action, expected_version=game.state.version)
        with pytest.raises(grpc.RpcError) as stale:
            client.play.Act(request)
        assert stale.value.code() is grpc.StatusCode.FAILED_PRECONDITION
        assert "STALE_GAME" in str(stale.value.trailing_metadata())
        # An older game of another id is not this game's business.
        guard.admit(game_pb2.Game(game_id=b"x" * 16, version=0))


def test_a_sealed_game_cannot_be_re_versioned_or_given_another_id(sealed: Served) -> None:
    stubs = Stubs.connect(f"127.0.0.1:{sealed.port}")
    game = stubs.play.NewGame(pb.NewGameRequest(form=K.GAME_FORM_LEAN)).game
    for change in (
        lambda g: setattr(g.seal, "version", g.seal.version + 1),
        lambda g: setattr(g.seal, "game_id", b"y" * 16),
    ):
        altered = game_pb2.Game()
        altered.CopyFrom(game)
        change(altered)
        with pytest.raises(grpc.RpcError) as refused:
            stubs.play.ListActions(pb.ListActionsRequest(game=altered))
        assert refused.value.code() is grpc.StatusCode.UNAUTHENTICATED
    # The readable copy is only a copy: the server reads the sealed version.
    readable = game_pb2.Game()
    readable.CopyFrom(game)
    readable.version = 99
    answer = stubs.play.Act(
        pb.ActRequest(game=readable, action=game_pb2.Action(kind=K.ACTION_KIND_ROLL, player=WHITE))
    )
    assert answer.game.version == 1
    stubs.channel.close()


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda g: setattr(g, "version", 1 << 60), "game.version"),
        (lambda g: setattr(g, "game_id", b"short"), "game.game_id"),
        (lambda g: setattr(g.digest, "chain", b"\0" * 31), "game.digest.chain"),
        (lambda g: setattr(g.digest, "length", 5000), "game.digest.length"),
        (lambda g: setattr(g.digest, "raises", g.digest.length + 1), "game.digest.raises"),
        (lambda g: setattr(g.digest.last, "kind", K.ACTION_KIND_MOVE), "game.digest.last"),
        (lambda g: setattr(g.digest, "opening_ties", 0), "game.cube"),
        (
            lambda g: g.digest.anchor.CopyFrom(
                game_pb2.LogEntry(kind=K.ACTION_KIND_RESIGN, player=WHITE, resign_kind=1)
            ),
            "game.digest.anchor",
        ),
        (
            lambda g: g.log.extend(
                [game_pb2.LogEntry(kind=K.ACTION_KIND_ROLL, dice={"die1": 3, "die2": 3})] * 5000
            ),
            "game.log",
        ),
    ],
)
def test_bad_lean_games_are_invalid_argument_naming_the_field(
    stubs: Stubs, change: Callable[[game_pb2.Game], None], field: str
) -> None:
    game = stubs.play.NewGame(
        pb.NewGameRequest(form=K.GAME_FORM_LEAN, rules={"max_automatic_doubles": 2})
    ).game
    while game.phase == K.PHASE_OPENING_ROLL or game.digest.opening_ties == 0:
        game = stubs.play.NewGame(
            pb.NewGameRequest(
                form=K.GAME_FORM_LEAN, rules={"max_automatic_doubles": 2}, dice_source=K.DICE_SOURCE_CLIENT
            )
        ).game
        game = stubs.play.Act(
            pb.ActRequest(
                game=game,
                action=game_pb2.Action(kind=K.ACTION_KIND_ROLL, player=WHITE, dice={"die1": 2, "die2": 2}),
            )
        ).game
        game = stubs.play.Act(
            pb.ActRequest(
                game=game,
                action=game_pb2.Action(kind=K.ACTION_KIND_ROLL, player=WHITE, dice={"die1": 5, "die2": 2}),
            )
        ).game
    change(game)
    with pytest.raises(grpc.RpcError) as refused:
        stubs.play.ListActions(pb.ListActionsRequest(game=game), timeout=10)
    assert refused.value.code() is grpc.StatusCode.INVALID_ARGUMENT
    assert (refused.value.details() or "").startswith(field), refused.value.details()


def test_a_lean_game_goes_through_the_same_states_as_the_full_one() -> None:
    rng = random.Random(4)
    full = new_game(RuleOptions.money(beavers=True, jacoby=True), game_id=b"i" * 16)
    lean = new_game(RuleOptions.money(beavers=True, jacoby=True), game_id=b"i" * 16, lean=True)
    for _ in range(300):
        if full.over:
            break
        action = rng.choice(list_actions(full).actions)
        roll = (rng.randint(1, 6), rng.randint(1, 6))
        full, _ = apply_action(full, action, lambda roll=roll: roll)  # type: ignore[misc]
        lean, _ = apply_action(lean, action, lambda roll=roll: roll)  # type: ignore[misc]
        # As the wire carries it: the digest, no log.
        lean = check_game(type(lean)(**{**_fields(lean), "base": lean.digest(), "log": ()}))
        assert _fields(lean) | {"base": None, "log": ()} == _fields(full) | {"base": None, "log": ()}
        assert lean.digest() == LogDigest.of(full.log)
        assert list_actions(lean) == list_actions(full)
    assert full.over


def _fields(game: Any) -> dict[str, Any]:
    return {name: getattr(game, name) for name in game.__dataclass_fields__}
