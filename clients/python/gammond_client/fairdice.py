"""Check a finished game's provably fair dice (docs/dice.md), independently of the server.

The scheme, restated here on purpose rather than imported from the server,
so that this check does not trust the code it checks:

* before any roll the server publishes ``commitment = SHA-256(server_seed)``;
* roll ``n`` (from 0, opening roll-offs included) of game ``g`` is read from
  ``HMAC-SHA-256(server_seed, "gammond-fair-dice:W:B:g:n:block")`` for block
  0, 1, ..., where ``W`` and ``B`` are the SHA-256 hex digests of White's and
  Black's seeds: each byte below 252 gives a die ``byte % 6 + 1``, the rest
  are skipped (no modulo bias), until there are two dice;
* once the game is over the server reveals ``server_seed``.

:func:`verify_game` checks the reveal against the commitment (and against
the commitment you saw at the start, if you kept it) and recomputes every
roll in the game's log.  From the command line::

    python -m gammond_client.fairdice game.binpb [--commitment HEX] [--json]
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from google.protobuf import json_format

from backgammon.v1 import game_pb2

_LIMIT = 252


class FairDiceError(Exception):
    """The dice do not verify: the reveal, the commitment or a roll is wrong."""


def derive_roll(
    server_seed: bytes, white_seed: bytes, black_seed: bytes, game: int, n: int
) -> tuple[int, int]:
    """Roll ``n`` of game ``game``, as the scheme defines it.

    >>> derive_roll(bytes(32), b"", b"", 1, 0) == derive_roll(bytes(32), b"", b"", 1, 0)
    True
    """
    white = hashlib.sha256(white_seed).hexdigest()
    black = hashlib.sha256(black_seed).hexdigest()
    dice: list[int] = []
    block = 0
    while len(dice) < 2:
        message = f"gammond-fair-dice:{white}:{black}:{game}:{n}:{block}".encode()
        for byte in hmac.new(server_seed, message, hashlib.sha256).digest():
            if byte < _LIMIT:
                dice.append(byte % 6 + 1)
                if len(dice) == 2:
                    break
        block += 1
    return dice[0], dice[1]


@dataclass(frozen=True, slots=True)
class Verified:
    """What a successful check covered."""

    game_number: int
    rolls: int
    commitment: str


def verify_game(game: game_pb2.Game, commitment: bytes | None = None) -> Verified:
    """Check every roll of a finished fair game; raise :class:`FairDiceError` at the first fault.

    ``commitment``: the one the server published when the game started (keep
    it from the first Game you received); without it the check can only use
    the commitment the finished game itself carries.
    """
    if game.HasField("seal"):
        # The state the server signed is the authoritative copy.
        game = game_pb2.Game.FromString(game.seal.state)
    if game.dice_source != game_pb2.DICE_SOURCE_FAIR:
        raise FairDiceError("this game's dice are not provably fair (dice_source is not DICE_SOURCE_FAIR)")
    fair = game.fair
    seed = bytes(fair.server_seed)
    if not seed:
        raise FairDiceError("the server seed is not revealed yet: the game is not over")
    published = bytes(fair.commitment)
    if commitment is not None and not hmac.compare_digest(commitment, published):
        raise FairDiceError("the game's commitment is not the one published at its start")
    if not hmac.compare_digest(hashlib.sha256(seed).digest(), published):
        raise FairDiceError("the revealed server seed does not match the commitment")
    n = 0
    for index, entry in enumerate(game.log):
        if entry.kind != game_pb2.ACTION_KIND_ROLL:
            continue
        expected = derive_roll(seed, fair.white_seed, fair.black_seed, game.game_number, n)
        got = (entry.dice.die1, entry.dice.die2)
        if got != expected:
            raise FairDiceError(f"log[{index}] (roll {n}) shows {got}, but the seeds give {expected}")
        n += 1
    return Verified(game.game_number, n, published.hex())


def _read(path: str, as_json: bool) -> game_pb2.Game:
    data = Path(path).read_bytes()
    if as_json:
        return json_format.Parse(data.decode(), game_pb2.Game())
    return game_pb2.Game.FromString(data)


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: 0 when the dice verify, 1 (with the reason) when not."""
    parser = argparse.ArgumentParser(
        prog="python -m gammond_client.fairdice", description="Verify a finished game's fair dice."
    )
    parser.add_argument("game", help="the finished Game: binary protobuf, or JSON with --json")
    parser.add_argument("--json", action="store_true", help="the file is the Game as JSON")
    parser.add_argument("--commitment", help="the commitment (hex) the server published at the start")
    args = parser.parse_args(argv)
    commitment = bytes.fromhex(args.commitment) if args.commitment else None
    try:
        verified = verify_game(_read(args.game, args.json), commitment)
    except FairDiceError as exc:
        print(f"NOT VERIFIED: {exc}", file=sys.stderr)
        return 1
    print(f"verified: game {verified.game_number}, {verified.rolls} rolls, commitment {verified.commitment}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
