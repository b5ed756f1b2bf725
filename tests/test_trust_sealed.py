"""Sealed game state: with state keys the server accepts only Games it sealed (docs/security.md)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import grpc
import pytest

from backgammon.v1 import board_pb2, game_pb2, rules_pb2
from backgammon.v1 import play_service_pb2 as pb
from gammond.server.app import Served, ServerOptions, create_server
from gammond.server.config import parse_config
from gammond.server.sealing import SealError, parse_keys
from gammond.server.services.sealed import GameCodec
from tests.support.server import Stubs, failure

WHITE, BLACK = board_pb2.COLOR_WHITE, board_pb2.COLOR_BLACK
K = game_pb2
KEY_1 = "k1:" + "MTExMTExMTExMTExMTExMTExMTExMTExMTExMTExMTE="  # 32 bytes of "1"
KEY_2 = "k2:" + "MjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjI="  # 32 bytes of "2"
KEY_3 = "k3:" + "MzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzM="  # 32 bytes of "3"


def _serve(keys: str) -> Served:
    served = create_server(ServerOptions(host="127.0.0.1", port=0, threads=2, keyring=parse_keys(keys)))
    served.warm_up()
    return served


@pytest.fixture(scope="module")
def replicas() -> Iterator[dict[str, Stubs]]:
    """Two replicas with key k1, one rotated to k2 (k1 still verifying), one with k3 only."""
    servers = {
        "a": _serve(KEY_1),
        "b": _serve(KEY_1),
        "rotated": _serve(f"{KEY_2},{KEY_1}"),
        "other": _serve(KEY_3),
    }
    stubs = {name: Stubs.connect(f"127.0.0.1:{s.port}") for name, s in servers.items()}
    yield stubs
    for name, server in servers.items():
        stubs[name].channel.close()
        server.stop(1.0)


def _client_dice_game(stubs: Stubs, rules: rules_pb2.RuleOptions | None = None) -> game_pb2.Game:
    request = pb.NewGameRequest(rules=rules, dice_source=K.DICE_SOURCE_CLIENT)  # type: ignore[arg-type]
    return stubs.play.NewGame(request, timeout=10).game


def _roll(stubs: Stubs, game: game_pb2.Game, player: int, d1: int, d2: int) -> game_pb2.Game:
    action = K.Action(kind=K.ACTION_KIND_ROLL, player=player, dice=board_pb2.Dice(die1=d1, die2=d2))
    return stubs.play.Act(pb.ActRequest(game=game, action=action), timeout=10).game


def _list(stubs: Stubs, game: game_pb2.Game) -> pb.ListActionsResponse:
    return stubs.play.ListActions(pb.ListActionsRequest(game=game), timeout=10)


def _refused_as_tampered(stubs: Stubs, game: game_pb2.Game) -> None:
    error = failure(stubs.play.ListActions, pb.ListActionsRequest(game=game))
    assert error.code is grpc.StatusCode.UNAUTHENTICATED, error
    assert error.reason == "STATE_TAMPERED"


def _forged(game: game_pb2.Game, change: Callable[[game_pb2.Game], None]) -> game_pb2.Game:
    """``game`` with its sealed state changed (the seal kept) and its readable copy changed alike."""
    inner = game_pb2.Game.FromString(game.seal.state)
    change(inner)
    forged = game_pb2.Game()
    forged.CopyFrom(inner)
    forged.seal.CopyFrom(game.seal)
    forged.seal.state = inner.SerializeToString()
    return forged


def _cube_64_owned(g: game_pb2.Game) -> None:
    g.cube.value, g.cube.owner = 64, rules_pb2.CUBE_OWNER_WHITE


def _pending_double(g: game_pb2.Game) -> None:
    g.cube.pending.CopyFrom(rules_pb2.CubeOffer(action=rules_pb2.CUBE_ACTION_DOUBLE, offered_by=WHITE))
    g.phase = K.PHASE_CUBE_OFFERED


def _roll_counts(g: game_pb2.Game) -> None:
    g.white_rolls += 5


def _score_and_crawford(g: game_pb2.Game) -> None:
    g.score.white_score, g.score.crawford = 4, True


def _finished_with_cube_2_30(g: game_pb2.Game) -> None:
    g.phase = K.PHASE_GAME_OVER
    g.cube.value = 1 << 30
    g.result.CopyFrom(K.GameOutcome(winner=WHITE, kind=rules_pb2.RESULT_KIND_SINGLE, cube_value=1 << 30))


def _other_dice(g: game_pb2.Game) -> None:
    g.dice.die1, g.dice.die2 = 6, 6


def _seed_chosen(g: game_pb2.Game) -> None:
    g.dice_source, g.seed = K.DICE_SOURCE_SEEDED, b"my lucky seed"


FORGERIES = {
    "a cube of 64 owned by the forger": _cube_64_owned,
    "a pending double": _pending_double,
    "more rolls than were made": _roll_counts,
    "a match score with the Crawford flag": _score_and_crawford,
    "a made-up finished game with a cube of 2^30": _finished_with_cube_2_30,
    "other dice": _other_dice,
    "dice from a seed the client chose": _seed_chosen,
}


@pytest.mark.parametrize("name", sorted(FORGERIES))
def test_every_forged_state_is_refused_as_tampered_once_a_key_is_set(
    replicas: dict[str, Stubs], name: str
) -> None:
    stubs = replicas["a"]
    rules = rules_pb2.RuleOptions(match_length=7)
    game = _roll(stubs, _client_dice_game(stubs, rules), WHITE, 5, 3)  # White moves with 5-3
    assert game.phase == K.PHASE_MOVING and game.HasField("seal")
    _list(stubs, game)  # the genuine state is accepted
    _refused_as_tampered(stubs, _forged(game, FORGERIES[name]))


def test_a_game_without_a_seal_is_refused_by_a_server_with_keys(replicas: dict[str, Stubs]) -> None:
    game = _client_dice_game(replicas["a"])
    game.ClearField("seal")
    _refused_as_tampered(replicas["a"], game)
    error = failure(replicas["a"].play.NewGame, pb.NewGameRequest(previous=game))
    assert error.code is grpc.StatusCode.UNAUTHENTICATED and error.reason == "STATE_TAMPERED"


def test_the_readable_copy_is_not_trusted_only_the_sealed_state_is(replicas: dict[str, Stubs]) -> None:
    stubs = replicas["a"]
    game = _roll(stubs, _client_dice_game(stubs), WHITE, 5, 3)
    game.dice.die1, game.dice.die2 = 6, 6  # the copy says 6-6; the seal says 5-3
    listed = _list(stubs, game)
    assert sorted(listed.dice_left) == [3, 5]


def test_an_action_never_copies_the_readable_log_into_the_next_sealed_state(
    replicas: dict[str, Stubs],
) -> None:
    stubs = replicas["a"]
    game = _roll(stubs, _client_dice_game(stubs), WHITE, 5, 3)
    game.log[0].dice.die1 = 6  # the copy claims the opening roll was 6-3
    undo = K.Action(kind=K.ACTION_KIND_RESIGN, player=WHITE, resign_kind=rules_pb2.RESULT_KIND_SINGLE)
    after = stubs.play.Act(pb.ActRequest(game=game, action=undo), timeout=10).game
    signed = game_pb2.Game.FromString(after.seal.state)
    assert (signed.log[0].dice.die1, signed.log[0].dice.die2) == (5, 3)


def test_a_state_sealed_by_one_replica_is_accepted_by_another_with_the_same_keys(
    replicas: dict[str, Stubs],
) -> None:
    game = _client_dice_game(replicas["a"])
    after = _roll(replicas["b"], game, WHITE, 6, 1)
    assert after.phase == K.PHASE_MOVING
    assert after.seal.key_id == "k1"


def test_a_rotated_key_still_verifies_and_the_new_first_key_signs(replicas: dict[str, Stubs]) -> None:
    old = _client_dice_game(replicas["a"])
    assert old.seal.key_id == "k1"
    after = _roll(replicas["rotated"], old, WHITE, 6, 1)
    assert after.seal.key_id == "k2"
    _list(replicas["rotated"], after)


def test_a_server_without_the_key_refuses_the_state(replicas: dict[str, Stubs]) -> None:
    _refused_as_tampered(replicas["other"], _client_dice_game(replicas["a"]))


def test_a_single_flipped_bit_anywhere_in_the_seal_is_refused() -> None:
    codec = GameCodec(parse_keys(KEY_1))
    from gammond.engine.flow import new_game
    from gammond.engine.rules import RuleOptions

    sealed = codec.write(new_game(RuleOptions()))
    codec.read(sealed)  # the untouched seal verifies
    for name in ("state", "mac"):
        original = bytes(getattr(sealed.seal, name))
        for bit in range(len(original) * 8):
            flipped = bytearray(original)
            flipped[bit // 8] ^= 1 << (bit % 8)
            changed = game_pb2.Game()
            changed.CopyFrom(sealed)
            setattr(changed.seal, name, bytes(flipped))
            with pytest.raises(SealError):
                codec.read(changed)
    for bit in range(len(sealed.seal.key_id) * 8):
        key_id = bytearray(sealed.seal.key_id.encode())
        key_id[bit // 8] ^= 1 << (bit % 8)
        changed = game_pb2.Game()
        changed.CopyFrom(sealed)
        changed.seal.key_id = key_id.decode("latin-1")
        with pytest.raises(SealError):
            codec.read(changed)


def test_a_flipped_bit_is_refused_over_the_wire_too(replicas: dict[str, Stubs]) -> None:
    game = _client_dice_game(replicas["a"])
    for name in ("state", "mac"):
        flipped = bytearray(getattr(game.seal, name))
        flipped[len(flipped) // 2] ^= 0x10
        changed = game_pb2.Game()
        changed.CopyFrom(game)
        setattr(changed.seal, name, bytes(flipped))
        _refused_as_tampered(replicas["a"], changed)


def test_state_keys_come_from_the_flag_or_the_environment_and_bad_ones_are_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    config = parse_config([], {"GAMMOND_STATE_KEYS": f"{KEY_2},{KEY_1}"})
    assert config.state_keys is not None
    assert [k.key_id for k in config.state_keys.keys] == ["k2", "k1"]
    assert "MjIy" not in repr(config)  # secrets are never printed
    assert parse_config(["--state-keys", KEY_1], {}).state_keys is not None
    assert parse_config([], {}).state_keys is None
    with pytest.raises(SystemExit):
        parse_config(["--state-keys", "k1:c2hvcnQ="], {})  # 5 bytes: too short
    assert "at least 32" in capsys.readouterr().err


def test_a_developer_run_binds_loopback_and_serves_reflection_unless_told_otherwise() -> None:
    config = parse_config([], {})
    assert config.host == "127.0.0.1" and config.reflection
    assert not parse_config([], {"GAMMOND_REFLECTION": "off"}).reflection
    assert parse_config([], {"GAMMOND_HOST": "0.0.0.0"}).host == "0.0.0.0"
