"""A player who keeps every sealed Game and calls PlayService directly (docs/dice.md, "Threat model").

Each test plays one attack of issue #38 against a server with state keys
and shows what it gains: a fork that ends a copy of the game reveals only
the keys of rolls already made; a player's seed is fixed before the
server's seed exists, so it cannot be ground on copies of a Game; a
rewound Game rolls the same dice again, server dice included, and a
relay's stale-state guard refuses it outright; the verifier catches a
game whose seed for you is not yours.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest

from backgammon.v1 import board_pb2, bot_service_pb2, game_pb2
from backgammon.v1 import play_service_pb2 as pb
from gammond.engine import chain_key
from gammond.server.app import Served, ServerOptions, create_server
from gammond.server.sealing import parse_keys
from gammond_client.fairdice import FairDiceError, derive_chained_roll, main, verify_game
from gammond_client.relay import StaleGameError, StaleGuard
from tests.support.server import Stubs, failure

WHITE, BLACK = board_pb2.COLOR_WHITE, board_pb2.COLOR_BLACK
K = game_pb2
KEYS = "k1:" + "MjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjI="
MY_SEED = b"white's device made these bytes"
ROLL = K.Action(kind=K.ACTION_KIND_ROLL, player=WHITE)


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


def _inner(game: game_pb2.Game) -> game_pb2.Game:
    return game_pb2.Game.FromString(game.seal.state)


def _new(stubs: Stubs, source: int = K.DICE_SOURCE_FAIR, white: bytes = b"") -> game_pb2.Game:
    commitment = hashlib.sha256(white).digest() if white else b""
    request = pb.NewGameRequest(dice_source=source, white_seed_commitment=commitment)
    return stubs.play.NewGame(request, timeout=10).game


def _act(stubs: Stubs, game: game_pb2.Game, action: game_pb2.Action, **kwargs: object) -> game_pb2.Game:
    return stubs.play.Act(pb.ActRequest(game=game, action=action, **kwargs), timeout=30).game


def _bot(stubs: Stubs, game: game_pb2.Game) -> game_pb2.Game:
    request = pb.BotActRequest(game=game, level=bot_service_pb2.BOT_LEVEL_BEGINNER, seed=1)
    return stubs.play.BotAct(request, timeout=30).game


def _rolls(game: game_pb2.Game) -> list[tuple[int, int]]:
    return [(e.dice.die1, e.dice.die2) for e in _inner(game).log if e.kind == K.ACTION_KIND_ROLL]


def _before_a_roll(stubs: Stubs, game: game_pb2.Game, rolls: int) -> game_pb2.Game:
    """Bot against bot until at least ``rolls`` rolls are made and someone is about to roll."""
    while len(_rolls(game)) < rolls or game.phase != K.PHASE_BEFORE_ROLL:
        assert game.phase not in (K.PHASE_GAME_OVER, K.PHASE_MATCH_OVER)
        game = _act(stubs, game, ROLL) if game.phase == K.PHASE_OPENING_ROLL else _bot(stubs, game)
    return game


def _resigned_copy(stubs: Stubs, game: game_pb2.Game) -> game_pb2.Game:
    """The fork: on a copy, the player on turn resigns and the other accepts."""
    resign = K.Action(kind=K.ACTION_KIND_RESIGN, player=game.turn, resign_kind=1)
    offered = _act(stubs, game, resign)
    accept = K.Action(kind=K.ACTION_KIND_ACCEPT, player=BLACK if game.turn == WHITE else WHITE)
    return _act(stubs, offered, accept)


def test_a_fork_ended_early_reveals_only_the_keys_of_rolls_already_made(keyed: Stubs) -> None:
    live = _before_a_roll(keyed, _new(keyed), rolls=4)
    made = _rolls(live)
    fork = _resigned_copy(keyed, live)
    assert fork.phase in (K.PHASE_GAME_OVER, K.PHASE_MATCH_OVER)
    revealed = fork.fair.chain_key
    assert fork.fair.server_seed == b"" and len(revealed) == 32
    # What the copy reveals checks the rolls already made, which the player has seen anyway ...
    assert [derive_chained_roll(revealed, len(made), b"", b"", 1, n) for n in range(len(made))] == made
    assert verify_game(fork, live.fair.commitment).rolls == len(made)
    # ... and says nothing of the next: the real game's next roll is keyed by a SHA-256 preimage of it.
    with pytest.raises(FairDiceError, match="not among"):
        derive_chained_roll(revealed, len(made), b"", b"", 1, len(made))
    server_seed = parse_keys(KEYS).fair_seed(_inner(live).fair.nonce)  # what only the server holds
    next_key = chain_key(server_seed, len(made) + 1)
    assert hashlib.sha256(next_key).digest() == revealed
    assert server_seed not in fork.SerializeToString() and next_key not in fork.SerializeToString()


def test_a_players_seed_is_fixed_at_newgame_so_copies_of_a_game_cannot_grind_the_opening(
    keyed: Stubs,
) -> None:
    start = _new(keyed, white=MY_SEED)
    openings = set()
    for attempt in range(30):
        tried = MY_SEED if attempt % 10 == 0 else f"another seed {attempt}".encode()
        request = pb.AddClientSeedRequest(game=start, player=WHITE, seed=tried)
        if tried != MY_SEED:
            refused = failure(keyed.play.AddClientSeed, request)
            assert refused.code is grpc.StatusCode.FAILED_PRECONDITION
            continue
        seeded = keyed.play.AddClientSeed(request, timeout=10).game
        openings.add(tuple(_rolls(_act(keyed, seeded, ROLL))))
    assert len(openings) == 1  # the one seed this Game takes, the one opening it rolls
    # A game made without a commitment takes no seed at all: nothing to try either.
    bare = _new(keyed)
    refused = failure(keyed.play.AddClientSeed, pb.AddClientSeedRequest(game=bare, player=WHITE, seed=b"s"))
    assert refused.code is grpc.StatusCode.FAILED_PRECONDITION and "NewGame" in refused.message
    # A new game for the same commitment gets a new chain: a fork's keys say nothing of it.
    assert _new(keyed, white=MY_SEED).fair.commitment != start.fair.commitment
    # The next game of a match takes the players' new commitments the same way.
    seeded = keyed.play.AddClientSeed(pb.AddClientSeedRequest(game=start, player=WHITE, seed=MY_SEED)).game
    finished = _resigned_copy(keyed, _before_a_roll(keyed, seeded, rolls=2))
    again = hashlib.sha256(b"white's next seed").digest()
    following = keyed.play.NewGame(pb.NewGameRequest(previous=finished, white_seed_commitment=again)).game
    assert following.game_number == 2 and following.fair.white_seed_commitment == again
    assert following.fair.commitment != start.fair.commitment


@pytest.mark.parametrize("source", [K.DICE_SOURCE_FAIR, K.DICE_SOURCE_SERVER], ids=["fair", "server"])
def test_a_rewound_game_rolls_the_same_dice_and_a_relay_refuses_it(keyed: Stubs, source: int) -> None:
    live = _before_a_roll(keyed, _new(keyed, source), rolls=2)
    assert (len(_inner(live).dice_nonce) > 0) == (source == K.DICE_SOURCE_SERVER)  # sealed, never the secret
    roll = K.Action(kind=K.ACTION_KIND_ROLL, player=live.turn)
    replays = {tuple(_rolls(_act(keyed, live, roll))) for _ in range(24)}
    assert len(replays) == 1  # sent again, the sealed pre-roll Game rolls what it rolled: no re-roll
    # Look-ahead by rewinding is what a stateless server cannot tell from a first try: the
    # relay that holds the latest version can, and refuses the rewound Game.
    guard = StaleGuard()
    guard.handed_out(live)
    moved_on = _act(keyed, live, roll)
    guard.admit(live)
    guard.handed_out(moved_on)
    with pytest.raises(StaleGameError, match="stale"):
        guard.admit(live)
    stale = failure(keyed.play.Act, pb.ActRequest(game=live, action=roll, expected_version=moved_on.version))
    assert stale.code is grpc.StatusCode.FAILED_PRECONDITION and stale.reason == "STALE_GAME"


def test_server_dice_without_state_keys_still_re_roll_and_are_marked_so(stubs: Stubs) -> None:
    game = stubs.play.NewGame(pb.NewGameRequest(dice_source=K.DICE_SOURCE_CLIENT), timeout=10).game
    assert not game.HasField("seal")  # unsealed: the client could write any dice, as docs/dice.md says
    server = stubs.play.NewGame(pb.NewGameRequest(), timeout=10).game
    assert server.dice_nonce == b"" and server.dice_source == K.DICE_SOURCE_SERVER


def test_the_verifier_catches_a_game_whose_seed_for_you_is_not_yours(keyed: Stubs) -> None:
    start = _new(keyed, white=MY_SEED)
    seeded = keyed.play.AddClientSeed(pb.AddClientSeedRequest(game=start, player=WHITE, seed=MY_SEED)).game
    final = _resigned_copy(keyed, _before_a_roll(keyed, seeded, rolls=3))
    assert verify_game(final, start.fair.commitment, my_seed=MY_SEED, player="white").rolls >= 3
    # A record rewritten with another seed for White (and its commitment), every roll recomputed
    # from the revealed key: consistent in itself, so only your own seed tells it apart.
    forged = _inner(final)
    other = b"not white's seed"
    forged.fair.white_seed = other
    forged.fair.white_seed_commitment = hashlib.sha256(other).digest()
    key, count = forged.fair.chain_key, len(_rolls(final))
    n = 0
    for entry in forged.log:
        if entry.kind == K.ACTION_KIND_ROLL:
            entry.dice.die1, entry.dice.die2 = derive_chained_roll(key, count, other, b"", 1, n)
            n += 1
    assert verify_game(forged, start.fair.commitment).rolls == count
    with pytest.raises(FairDiceError, match="not yours"):
        verify_game(forged, start.fair.commitment, my_seed=MY_SEED, player="white")
    # Nor can White's client add Black's seed for Black: Black committed to none, so none is taken.
    refused = failure(keyed.play.AddClientSeed, pb.AddClientSeedRequest(game=start, player=BLACK, seed=other))
    assert refused.code is grpc.StatusCode.FAILED_PRECONDITION


def test_the_command_line_verifier_takes_your_seed_and_refuses_a_game_without_it(
    keyed: Stubs, tmp_path: Path
) -> None:
    start = _new(keyed, white=MY_SEED)
    seeded = keyed.play.AddClientSeed(pb.AddClientSeedRequest(game=start, player=WHITE, seed=MY_SEED)).game
    final = tmp_path / "final.binpb"
    final.write_bytes(_resigned_copy(keyed, _before_a_roll(keyed, seeded, rolls=2)).SerializeToString())
    commitment = ["--commitment", start.fair.commitment.hex()]
    assert main([str(final), *commitment, "--player", "white", "--seed", MY_SEED.hex()]) == 0
    assert main([str(final), *commitment, "--player", "white", "--seed", b"other".hex()]) == 1
    assert main([str(final), *commitment, "--player", "black", "--seed", MY_SEED.hex()]) == 1


def test_a_lean_fair_game_reveals_the_same_way_and_verifies_with_its_kept_entries(keyed: Stubs) -> None:
    request = pb.NewGameRequest(dice_source=K.DICE_SOURCE_FAIR, form=K.GAME_FORM_LEAN)
    game = keyed.play.NewGame(request, timeout=10).game
    kept: list[game_pb2.LogEntry] = []
    for _ in range(400):
        if game.phase in (K.PHASE_GAME_OVER, K.PHASE_MATCH_OVER):
            break
        player = WHITE if game.phase == K.PHASE_OPENING_ROLL else 0
        bot = pb.BotActRequest(game=game, level=bot_service_pb2.BOT_LEVEL_BEGINNER, player=player, seed=1)
        answer = keyed.play.BotAct(bot, timeout=30)
        kept.extend(answer.logged)
        game = answer.game
    assert game.phase in (K.PHASE_GAME_OVER, K.PHASE_MATCH_OVER) and not game.log
    assert verify_game(game, log=kept).rolls == sum(e.kind == K.ACTION_KIND_ROLL for e in kept) >= 2
    with pytest.raises(FairDiceError, match="a lean game"):
        verify_game(game)
