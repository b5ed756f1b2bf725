"""Fair-dice vectors for the TypeScript client's verifier, made with the Python one.

``python -m tests.support.fair_vectors`` writes
clients/typescript/test/fixtures/fair-dice.json: rolls derived by
:func:`gammond_client.fairdice.derive_roll` for fixed seeds (tests/
test_trust_dice.py checks that they are still what the Python verifier
gives), a finished game of the retired scheme 1 kept from before, and one
of scheme 2 played bot against bot on an in-process server, both players'
seeds committed (each checked there with
:func:`gammond_client.fairdice.verify_game`).
The TypeScript tests (clients/typescript/test/fairdice.test.mjs) must
reach the same answers from the scheme restated in TypeScript.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from pathlib import Path
from typing import Any

from backgammon.v1 import board_pb2, bot_service_pb2, game_pb2
from backgammon.v1 import play_service_pb2 as pb
from gammond.server.app import ServerOptions, create_server
from gammond.server.sealing import parse_keys
from gammond_client.fairdice import derive_roll
from tests.support.server import Stubs

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "clients" / "typescript" / "test" / "fixtures" / "fair-dice.json"
# A fixed key, so the fixture's game is sealed the same way each time it is made.
KEYS = "vectors:" + base64.b64encode(hashlib.sha256(b"gammond fair-dice vectors").digest()).decode()
SEEDS = (b"", b"white's own randomness", bytes(range(64)))


def _skips(server_seed: bytes, white: bytes, black: bytes, game: int, n: int) -> bool:
    """Whether the first block of roll ``n`` has a byte of 252..255 among those read."""
    white_hex, black_hex = hashlib.sha256(white).hexdigest(), hashlib.sha256(black).hexdigest()
    message = f"gammond-fair-dice:{white_hex}:{black_hex}:{game}:{n}:0".encode()
    digest = hmac.new(server_seed, message, hashlib.sha256).digest()
    kept = 0
    for byte in digest:
        if byte >= 252:
            return True
        kept += 1
        if kept == 2:
            return False
    return True


def roll_vectors() -> list[dict[str, Any]]:
    """Rolls for fixed seeds: several server seeds, players' seeds (empty, text, binary), games and rolls."""
    out = []
    for i in range(3):
        server_seed = hashlib.sha256(f"gammond vector server seed {i}".encode()).digest()
        for white, black in ((SEEDS[0], SEEDS[0]), (SEEDS[1], SEEDS[2]), (SEEDS[2], SEEDS[1])):
            for game in (1, 7):
                for n in range(6):
                    out.append(
                        {
                            "server_seed": server_seed.hex(),
                            "white_seed": white.hex(),
                            "black_seed": black.hex(),
                            "game": game,
                            "n": n,
                            "dice": list(derive_roll(server_seed, white, black, game, n)),
                            "skips_a_byte": _skips(server_seed, white, black, game, n),
                        }
                    )
    return out


def play_fair_game() -> dict[str, str]:
    """One fair game, both players' seeds added, bot against bot: the commitment and the final Game."""
    served = create_server(ServerOptions(host="127.0.0.1", port=0, threads=2, keyring=parse_keys(KEYS)))
    served.warm_up()
    stubs = Stubs.connect(f"127.0.0.1:{served.port}")
    try:
        new = pb.NewGameRequest(
            dice_source=game_pb2.DICE_SOURCE_FAIR,
            white_seed_commitment=hashlib.sha256(SEEDS[1]).digest(),
            black_seed_commitment=hashlib.sha256(SEEDS[2]).digest(),
        )
        game = stubs.play.NewGame(new, timeout=10).game
        commitment = bytes(game.fair.commitment)
        for player, seed in ((board_pb2.COLOR_WHITE, SEEDS[1]), (board_pb2.COLOR_BLACK, SEEDS[2])):
            request = pb.AddClientSeedRequest(game=game, player=player, seed=seed)
            game = stubs.play.AddClientSeed(request, timeout=10).game
        for _ in range(400):
            if game.phase in (game_pb2.PHASE_GAME_OVER, game_pb2.PHASE_MATCH_OVER):
                break
            player = board_pb2.COLOR_WHITE if game.phase == game_pb2.PHASE_OPENING_ROLL else 0
            request = pb.BotActRequest(
                game=game, level=bot_service_pb2.BOT_LEVEL_BEGINNER, player=player, seed=1
            )
            game = stubs.play.BotAct(request, timeout=30).game
        else:
            raise RuntimeError("the game did not end in 400 bot turns")
    finally:
        stubs.channel.close()
        served.stop(1.0)
    return {"commitment": commitment.hex(), "game": base64.b64encode(game.SerializeToString()).decode()}


def _scheme(played: dict[str, str]) -> int:
    game = game_pb2.Game.FromString(base64.b64decode(played["game"]))
    return game_pb2.Game.FromString(game.seal.state).fair.scheme or 1


def main() -> None:
    # A game of the retired scheme 1 can no longer be played: the one the file holds is kept, first.
    before = json.loads(FIXTURE.read_text()) if FIXTURE.exists() else {}
    retired = [played for played in before.get("games", []) if _scheme(played) == 1]
    fixture = {
        "made_by": "python -m tests.support.fair_vectors (do not edit by hand)",
        "rolls": roll_vectors(),
        "games": [*retired, play_fair_game()],
    }
    FIXTURE.write_text(json.dumps(fixture, indent=1) + "\n")
    print(f"wrote {FIXTURE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
