"""Provably fair dice: commit, players' seeds, fixed rolls, reveal, and an independent check (docs/dice.md)."""

from __future__ import annotations

import base64
import hashlib
import itertools
import json
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest

from backgammon.v1 import board_pb2, bot_service_pb2, game_pb2
from backgammon.v1 import play_service_pb2 as pb
from gammond.engine.flow import fair_chain_roll, fair_roll
from gammond.server.app import Served, ServerOptions, create_server
from gammond.server.config import parse_config
from gammond.server.sealing import parse_keys
from gammond_client.fairdice import FairDiceError, derive_roll, main, verify_game
from tests.support.fair_vectors import FIXTURE, roll_vectors
from tests.support.server import Stubs, failure

WHITE, BLACK = board_pb2.COLOR_WHITE, board_pb2.COLOR_BLACK
K = game_pb2
KEYS = "k1:" + "MTExMTExMTExMTExMTExMTExMTExMTExMTExMTExMTE="

# Chi-square critical values at p = 0.001 (a fixed seed, so the test is
# deterministic; a fair source would fail it once in a thousand seeds).
CRITICAL_DF5 = 20.515
CRITICAL_DF20 = 45.315


@pytest.fixture(scope="module")
def keyed() -> Iterator[Stubs]:
    served: Served = create_server(
        ServerOptions(host="127.0.0.1", port=0, threads=2, keyring=parse_keys(KEYS))
    )
    served.warm_up()
    stubs = Stubs.connect(f"127.0.0.1:{served.port}")
    yield stubs
    stubs.channel.close()
    served.stop(1.0)


WHITE_SEED, BLACK_SEED = b"white's own randomness", b"black's own randomness"


def _fair_game(stubs: Stubs, white: bytes = b"", black: bytes = b"") -> game_pb2.Game:
    """A fair game whose players commit to ``white`` and ``black`` (none when empty)."""
    request = pb.NewGameRequest(
        dice_source=K.DICE_SOURCE_FAIR,
        white_seed_commitment=hashlib.sha256(white).digest() if white else b"",
        black_seed_commitment=hashlib.sha256(black).digest() if black else b"",
    )
    return stubs.play.NewGame(request, timeout=10).game


def _add_seed(stubs: Stubs, game: game_pb2.Game, player: int, seed: bytes) -> game_pb2.Game:
    request = pb.AddClientSeedRequest(game=game, player=player, seed=seed)
    return stubs.play.AddClientSeed(request, timeout=10).game


def _opening(stubs: Stubs, game: game_pb2.Game) -> pb.ActResponse:
    action = K.Action(kind=K.ACTION_KIND_ROLL, player=WHITE)
    return stubs.play.Act(pb.ActRequest(game=game, action=action), timeout=10)


def _play_out(stubs: Stubs, game: game_pb2.Game) -> list[game_pb2.Game]:
    """Bot against bot until the game is over: every Game the server returned, in order."""
    seen = [game]
    for _ in range(400):
        if game.phase in (K.PHASE_GAME_OVER, K.PHASE_MATCH_OVER):
            return seen
        player = WHITE if game.phase == K.PHASE_OPENING_ROLL else 0
        request = pb.BotActRequest(game=game, level=bot_service_pb2.BOT_LEVEL_BEGINNER, player=player, seed=1)
        game = stubs.play.BotAct(request, timeout=30).game
        seen.append(game)
    raise AssertionError("the game did not end in 400 bot turns")


def test_fair_dice_need_a_server_with_state_keys(stubs: Stubs) -> None:
    error = failure(stubs.play.NewGame, pb.NewGameRequest(dice_source=K.DICE_SOURCE_FAIR))
    assert error.code is grpc.StatusCode.FAILED_PRECONDITION
    assert error.reason == "FAIR_DICE_NEED_STATE_KEYS"


def _hashed(key: bytes, times: int) -> bytes:
    for _ in range(times):
        key = hashlib.sha256(key).digest()
    return key


def test_a_fair_game_publishes_a_commitment_and_reveals_only_the_chain_key_after_its_rolls(
    keyed: Stubs,
) -> None:
    game = _fair_game(keyed, WHITE_SEED, BLACK_SEED)
    assert len(game.fair.commitment) == 32 and game.fair.scheme == 2
    assert game.fair.server_seed == b"" and game.seed == b"" and game.fair.chain_key == b""
    assert game.fair.commitment != _fair_game(keyed).fair.commitment  # a fresh chain per game
    game = _add_seed(keyed, game, WHITE, WHITE_SEED)
    game = _add_seed(keyed, game, BLACK, BLACK_SEED)
    seen = _play_out(keyed, game)
    final = seen[-1]
    key = final.fair.chain_key
    rolls = sum(entry.kind == K.ACTION_KIND_ROLL for entry in final.log)
    assert len(key) == 32 and _hashed(key, rolls) == game.fair.commitment
    assert final.fair.server_seed == b""  # the chain's top, the server's seed, is never shown
    for before in seen[:-1]:
        assert key not in before.SerializeToString()
    verified = verify_game(final, commitment=game.fair.commitment, my_seed=WHITE_SEED, player="white")
    assert verified.rolls == rolls >= 2


def test_re_asking_for_a_roll_gives_the_same_dice(keyed: Stubs) -> None:
    game = _fair_game(keyed)
    first, again = _opening(keyed, game), _opening(keyed, game)
    assert first.events == again.events
    assert first.game.log == again.game.log
    white_turn = first.game
    while white_turn.phase != K.PHASE_BEFORE_ROLL:
        request = pb.BotActRequest(game=white_turn, level=bot_service_pb2.BOT_LEVEL_BEGINNER)
        white_turn = keyed.play.BotAct(request, timeout=30).game
    roll = K.Action(kind=K.ACTION_KIND_ROLL, player=white_turn.turn)
    rolls = {
        keyed.play.Act(pb.ActRequest(game=white_turn, action=roll), timeout=10).game.log[-1].dice.die1
        for _ in range(3)
    }
    assert len(rolls) == 1


def test_players_add_their_committed_seeds_once_each_and_only_before_the_first_roll(keyed: Stubs) -> None:
    start = _fair_game(keyed, b"w" * 16)
    assert start.fair.white_seed_commitment == hashlib.sha256(b"w" * 16).digest()
    other = failure(
        keyed.play.AddClientSeed, pb.AddClientSeedRequest(game=start, player=WHITE, seed=b"x" * 16)
    )
    assert other.code is grpc.StatusCode.FAILED_PRECONDITION and "committed" in other.message
    uncommitted = failure(
        keyed.play.AddClientSeed, pb.AddClientSeedRequest(game=start, player=BLACK, seed=b"b")
    )
    assert uncommitted.code is grpc.StatusCode.FAILED_PRECONDITION and "commit" in uncommitted.message
    early = failure(
        keyed.play.Act, pb.ActRequest(game=start, action=K.Action(kind=K.ACTION_KIND_ROLL, player=WHITE))
    )
    assert early.code is grpc.StatusCode.FAILED_PRECONDITION and "AddClientSeed" in early.message
    game = _add_seed(keyed, start, WHITE, b"w" * 16)
    assert game.fair.white_seed == b"w" * 16
    twice = failure(
        keyed.play.AddClientSeed, pb.AddClientSeedRequest(game=game, player=WHITE, seed=b"w" * 16)
    )
    assert twice.code is grpc.StatusCode.FAILED_PRECONDITION
    rolled = _opening(keyed, game).game
    late = failure(keyed.play.AddClientSeed, pb.AddClientSeedRequest(game=rolled, player=BLACK, seed=b"late"))
    assert late.code is grpc.StatusCode.FAILED_PRECONDITION
    short = failure(
        keyed.play.NewGame, pb.NewGameRequest(dice_source=K.DICE_SOURCE_FAIR, white_seed_commitment=b"x")
    )
    assert short.code is grpc.StatusCode.INVALID_ARGUMENT
    assert short.field_violations[0][0] == "white_seed_commitment"


def test_the_players_seeds_change_the_dice() -> None:
    server_seed = bytes(range(32))
    plain = [fair_roll(server_seed, (b"", b""), 1, n) for n in range(20)]
    mixed = [fair_roll(server_seed, (b"", b"x"), 1, n) for n in range(20)]
    assert plain != mixed


def test_the_client_verifier_agrees_with_the_engine_on_every_derived_roll() -> None:
    server_seed = hashlib.sha256(b"agreement").digest()
    for game, n in itertools.product((1, 2, 9), range(200)):
        assert derive_roll(server_seed, b"w", b"b", game, n) == fair_roll(server_seed, (b"w", b"b"), game, n)


def test_the_verifier_rejects_a_single_altered_roll_and_a_wrong_seed(keyed: Stubs, tmp_path: Path) -> None:
    start = _fair_game(keyed)
    final = _play_out(keyed, start)[-1]
    inner = game_pb2.Game.FromString(final.seal.state)
    verify_game(inner, start.fair.commitment)
    rolls = [i for i, entry in enumerate(inner.log) if entry.kind == K.ACTION_KIND_ROLL]
    for index in (rolls[0], rolls[-1]):
        altered = game_pb2.Game()
        altered.CopyFrom(inner)
        die = altered.log[index].dice.die2
        altered.log[index].dice.die2 = die % 6 + 1
        with pytest.raises(FairDiceError, match=f"log\\[{index}\\]"):
            verify_game(altered, start.fair.commitment)
    wrong = game_pb2.Game()
    wrong.CopyFrom(inner)
    wrong.fair.chain_key = bytes(32)
    with pytest.raises(FairDiceError, match="commitment"):
        verify_game(wrong)
    with pytest.raises(FairDiceError, match="published at its start"):
        verify_game(inner, _fair_game(keyed).fair.commitment)
    good, bad = tmp_path / "good.binpb", tmp_path / "bad.binpb"
    good.write_bytes(final.SerializeToString())
    bad.write_bytes(wrong.SerializeToString())
    assert main([str(good), "--commitment", start.fair.commitment.hex()]) == 0
    assert main([str(bad)]) == 1


def _chi_square(counts: list[int], expected: list[float]) -> float:
    return sum((c - e) ** 2 / e for c, e in zip(counts, expected, strict=True))


def test_100000_derived_rolls_pass_chi_square_for_each_die_and_for_the_21_rolls() -> None:
    seeds = (b"white", b"black")
    total = 100_000
    per_game = 4000  # scheme 2: a game's chain keys 4,096 rolls, so 25 games' worth
    first, second = [0] * 6, [0] * 6
    rolls: dict[tuple[int, int], int] = {}
    for i in range(total):
        server_seed = hashlib.sha256(b"gammond chi-square %d" % (i // per_game)).digest()
        d1, d2 = fair_chain_roll(server_seed, seeds, 1, i % per_game)
        first[d1 - 1] += 1
        second[d2 - 1] += 1
        key = (max(d1, d2), min(d1, d2))
        rolls[key] = rolls.get(key, 0) + 1
    assert len(rolls) == 21
    per_die = [_chi_square(counts, [total / 6] * 6) for counts in (first, second)]
    keys = sorted(rolls)
    expected = [total / 36 if a == b else total / 18 for a, b in keys]
    pairs = _chi_square([rolls[k] for k in keys], expected)
    print(
        f"chi-square: first die {per_die[0]:.2f}, second die {per_die[1]:.2f} (df 5), 21 rolls {pairs:.2f} (df 20)"
    )
    assert per_die[0] < CRITICAL_DF5 and per_die[1] < CRITICAL_DF5
    assert pairs < CRITICAL_DF20


def test_the_typescript_verifiers_vectors_are_what_the_python_verifier_gives() -> None:
    fixture = json.loads(FIXTURE.read_text())
    assert fixture["rolls"] == roll_vectors(), "run: python -m tests.support.fair_vectors"
    assert any(vector["skips_a_byte"] for vector in fixture["rolls"]), "no vector exercises the rejection"
    for played in fixture["games"]:
        final = game_pb2.Game.FromString(base64.b64decode(played["game"]))
        assert verify_game(final, commitment=bytes.fromhex(played["commitment"])).rolls >= 2


@pytest.fixture(scope="module")
def fair_only() -> Iterator[Stubs]:
    """A server that starts fair games only, sharing ``keyed``'s keys."""
    served = create_server(
        ServerOptions(host="127.0.0.1", port=0, threads=2, keyring=parse_keys(KEYS), require_fair_dice=True)
    )
    served.warm_up()
    stubs = Stubs.connect(f"127.0.0.1:{served.port}")
    yield stubs
    stubs.channel.close()
    served.stop(1.0)


def test_with_fair_dice_required_a_new_game_gets_fair_dice_unless_it_asks_for_others(
    fair_only: Stubs,
) -> None:
    game = fair_only.play.NewGame(pb.NewGameRequest(), timeout=10).game
    inner = game_pb2.Game.FromString(game.seal.state)
    assert inner.dice_source == K.DICE_SOURCE_FAIR and len(inner.fair.commitment) == 32
    for source, seed in (
        (K.DICE_SOURCE_SERVER, b""),
        (K.DICE_SOURCE_CLIENT, b""),
        (K.DICE_SOURCE_SEEDED, b"7"),
    ):
        error = failure(fair_only.play.NewGame, pb.NewGameRequest(dice_source=source, seed=seed))
        assert error.code is grpc.StatusCode.FAILED_PRECONDITION, source
        assert error.reason == "FAIR_DICE_REQUIRED" and "DICE_SOURCE_FAIR" in error.message


def test_with_fair_dice_required_the_next_game_of_an_unfair_one_is_refused(
    keyed: Stubs, fair_only: Stubs
) -> None:
    seeded = keyed.play.NewGame(
        pb.NewGameRequest(dice_source=K.DICE_SOURCE_SEEDED, seed=b"s"), timeout=10
    ).game
    finished = _play_out(keyed, seeded)[-1]
    assert keyed.play.NewGame(pb.NewGameRequest(previous=finished), timeout=10).game.game_number == 2
    error = failure(fair_only.play.NewGame, pb.NewGameRequest(previous=finished))
    assert error.code is grpc.StatusCode.FAILED_PRECONDITION and error.reason == "FAIR_DICE_REQUIRED"
    fair = _play_out(fair_only, fair_only.play.NewGame(pb.NewGameRequest(), timeout=10).game)[-1]
    following = fair_only.play.NewGame(pb.NewGameRequest(previous=fair), timeout=10).game
    assert game_pb2.Game.FromString(following.seal.state).dice_source == K.DICE_SOURCE_FAIR


def test_requiring_fair_dice_needs_state_keys() -> None:
    with pytest.raises(SystemExit):
        parse_config(["--require-fair-dice", "on"], {})
    config = parse_config([], {"GAMMOND_REQUIRE_FAIR_DICE": "on", "GAMMOND_STATE_KEYS": KEYS})
    assert config.require_fair_dice
    assert not parse_config([], {}).require_fair_dice
