"""Check a finished game's provably fair dice (docs/dice.md), independently of the server.

The scheme (2), restated here on purpose rather than imported from the
server, so that this check does not trust the code it checks:

* before any roll each player may commit to ``SHA-256(their seed)`` in
  NewGame, and the server publishes ``commitment = K_0``, the end of a hash
  chain ``K_4096 = server seed``, ``K_i = SHA-256(K_(i+1))``;
* each player reveals their seed before the first roll;
* roll ``n`` (from 0, opening roll-offs included) of game ``g`` is read from
  ``HMAC-SHA-256(K_(n+1), "gammond-fair-dice-v2:W:B:g:n:block")`` for block
  0, 1, ..., where ``W`` and ``B`` are the SHA-256 hex digests of White's and
  Black's seeds: each byte below 252 gives a die ``byte % 6 + 1``, the rest
  are skipped (no modulo bias), until there are two dice;
* once the game is over the server reveals ``chain_key = K_n`` after the
  game's ``n`` rolls: hashed ``n`` times it gives the commitment, and it
  gives the key of every roll made, and of no later one.

:func:`verify_game` checks the reveal against the commitment (and against
the commitment you saw at the start, if you kept it), each player's seed
against their commitment, your own seed (if you give it) against the game,
and recomputes every roll in the game's log.  From the command line::

    python -m gammond_client.fairdice game.binpb [--commitment HEX] [--player white --seed HEX] [--json]
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

from backgammon.v1 import board_pb2, game_pb2

_LIMIT = 252


class FairDiceError(Exception):
    """The dice do not verify: the reveal, the commitment or a roll is wrong."""


SCHEME = 2
CHAIN_LENGTH = 4096


def derive_roll(
    server_seed: bytes,
    white_seed: bytes,
    black_seed: bytes,
    game: int,
    n: int,
    *,
    label: str = "gammond-fair-dice",
) -> tuple[int, int]:
    """Roll ``n`` of game ``game`` keyed by ``server_seed`` (scheme 1's label unless ``label`` says otherwise).

    >>> derive_roll(bytes(32), b"", b"", 1, 0) == derive_roll(bytes(32), b"", b"", 1, 0)
    True
    """
    white = hashlib.sha256(white_seed).hexdigest()
    black = hashlib.sha256(black_seed).hexdigest()
    dice: list[int] = []
    block = 0
    while len(dice) < 2:
        message = f"{label}:{white}:{black}:{game}:{n}:{block}".encode()
        for byte in hmac.new(server_seed, message, hashlib.sha256).digest():
            if byte < _LIMIT:
                dice.append(byte % 6 + 1)
                if len(dice) == 2:
                    break
        block += 1
    return dice[0], dice[1]


def hashed(key: bytes, times: int) -> bytes:
    """``key`` under SHA-256 ``times`` times: a step down the chain per time."""
    for _ in range(times):
        key = hashlib.sha256(key).digest()
    return key


def derive_chained_roll(
    chain_key: bytes, revealed_after: int, white_seed: bytes, black_seed: bytes, game: int, n: int
) -> tuple[int, int]:
    """Roll ``n`` (scheme 2) from the chain key revealed after ``revealed_after`` rolls (``n`` below it)."""
    if not 0 <= n < revealed_after:
        raise FairDiceError(f"roll {n} is not among the {revealed_after} rolls the revealed key covers")
    key = hashed(chain_key, revealed_after - n - 1)  # K_(n+1)
    return derive_roll(key, white_seed, black_seed, game, n, label="gammond-fair-dice-v2")


@dataclass(frozen=True, slots=True)
class Verified:
    """What a successful check covered."""

    game_number: int
    rolls: int
    commitment: str


_COLORS: dict[str, int] = {"white": board_pb2.COLOR_WHITE, "black": board_pb2.COLOR_BLACK}


def verify_game(
    game: game_pb2.Game,
    commitment: bytes | None = None,
    *,
    my_seed: bytes | None = None,
    player: int | str | None = None,
    log: Sequence[game_pb2.LogEntry] | None = None,
) -> Verified:
    """Check every roll of a finished fair game; raise :class:`FairDiceError` at the first fault.

    ``commitment``: the one the server published when the game started (keep
    it from the first Game you received); without it the check can only use
    the commitment the finished game itself carries.  ``my_seed`` and
    ``player`` (``COLOR_WHITE``/``"white"`` or black): your own seed, which
    the game must carry as that player's, under the commitment you made; a
    game whose seed for you was changed does not verify.  The log must be
    the whole log: a full Game's own, or for a lean Game (which carries its
    log's digest) the entries kept from the answers' ``logged``, as ``log``.
    """
    if game.HasField("seal"):
        # The state the server signed is the authoritative copy.
        game = game_pb2.Game.FromString(game.seal.state)
    if game.dice_source != game_pb2.DICE_SOURCE_FAIR:
        raise FairDiceError("this game's dice are not provably fair (dice_source is not DICE_SOURCE_FAIR)")
    fair = game.fair
    published = bytes(fair.commitment)
    if commitment is not None and not hmac.compare_digest(commitment, published):
        raise FairDiceError("the game's commitment is not the one published at its start")
    seeds: dict[int, bytes] = {
        board_pb2.COLOR_WHITE: bytes(fair.white_seed),
        board_pb2.COLOR_BLACK: bytes(fair.black_seed),
    }
    committed: dict[int, bytes] = {
        board_pb2.COLOR_WHITE: bytes(fair.white_seed_commitment),
        board_pb2.COLOR_BLACK: bytes(fair.black_seed_commitment),
    }
    if my_seed is not None:
        if player is None:
            raise FairDiceError("say which player's seed is yours (player)")
        color = _COLORS.get(player.lower(), 0) if isinstance(player, str) else player
        if color not in seeds:
            raise FairDiceError(f"player {player!r} is neither white nor black")
        name = "White" if color == board_pb2.COLOR_WHITE else "Black"
        if seeds[color] != my_seed:
            raise FairDiceError(
                f"{name}'s seed in the game is not yours: the dice were not made with your seed"
            )
        if committed[color] != hashlib.sha256(my_seed).digest():
            raise FairDiceError(f"{name}'s seed commitment in the game is not the SHA-256 of your seed")
    entries = list(game.log) if game.log or log is None else list(log)
    if not game.log and game.HasField("digest") and len(entries) != game.digest.length:
        raise FairDiceError(
            f"a lean game: its log counts {game.digest.length} entries, {len(entries)} were given "
            "(pass the entries kept from the answers' `logged` as log)"
        )
    rolls = [(index, entry) for index, entry in enumerate(entries) if entry.kind == game_pb2.ACTION_KIND_ROLL]
    if fair.scheme in (0, 1):
        return _verify_scheme_1(game, rolls, published)
    if fair.scheme != SCHEME:
        raise FairDiceError(f"fair dice of scheme {fair.scheme} are not known to this verifier")
    for color, seed in seeds.items():
        name = "White" if color == board_pb2.COLOR_WHITE else "Black"
        if seed and hashlib.sha256(seed).digest() != committed[color]:
            raise FairDiceError(f"{name}'s seed is not the one {name} committed to at the start")
    key = bytes(fair.chain_key)
    if not key:
        raise FairDiceError("the chain key is not revealed yet: the game is not over")
    if len(rolls) > CHAIN_LENGTH or not hmac.compare_digest(hashed(key, len(rolls)), published):
        raise FairDiceError(
            f"the revealed chain key, hashed once per roll of the log ({len(rolls)}), does not give the commitment"
        )
    for n, (index, entry) in enumerate(rolls):
        white, black = seeds[board_pb2.COLOR_WHITE], seeds[board_pb2.COLOR_BLACK]
        expected = derive_chained_roll(key, len(rolls), white, black, game.game_number, n)
        got = (entry.dice.die1, entry.dice.die2)
        if got != expected:
            raise FairDiceError(f"log[{index}] (roll {n}) shows {got}, but the seeds give {expected}")
    return Verified(game.game_number, len(rolls), published.hex())


def _verify_scheme_1(
    game: game_pb2.Game, rolls: list[tuple[int, game_pb2.LogEntry]], published: bytes
) -> Verified:
    """A game of the retired scheme 1: the server's seed itself was revealed (kept for old records)."""
    fair = game.fair
    seed = bytes(fair.server_seed)
    if not seed:
        raise FairDiceError("the server seed is not revealed yet: the game is not over")
    if not hmac.compare_digest(hashlib.sha256(seed).digest(), published):
        raise FairDiceError("the revealed server seed does not match the commitment")
    for n, (index, entry) in enumerate(rolls):
        expected = derive_roll(seed, fair.white_seed, fair.black_seed, game.game_number, n)
        got = (entry.dice.die1, entry.dice.die2)
        if got != expected:
            raise FairDiceError(f"log[{index}] (roll {n}) shows {got}, but the seeds give {expected}")
    return Verified(game.game_number, len(rolls), published.hex())


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
    parser.add_argument("--seed", help="your own seed (hex), which the game must carry as --player's")
    parser.add_argument("--player", choices=sorted(_COLORS), help="whose seed --seed is")
    args = parser.parse_args(argv)
    commitment = bytes.fromhex(args.commitment) if args.commitment else None
    if (args.seed is None) != (args.player is None):
        parser.error("--seed and --player go together")
    my_seed = bytes.fromhex(args.seed) if args.seed is not None else None
    try:
        verified = verify_game(_read(args.game, args.json), commitment, my_seed=my_seed, player=args.player)
    except FairDiceError as exc:
        print(f"NOT VERIFIED: {exc}", file=sys.stderr)
        return 1
    print(f"verified: game {verified.game_number}, {verified.rolls} rolls, commitment {verified.commitment}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
