"""Whole matches through PlayService under every rule set: every listing holds, every record reads back.

Random whole matches (both players taking random listed actions, seeded) are
played over gRPC as a lean client plays them, each answer listing what
comes next (ACTIONS_VIEW_FULL).  While moving, every answer is checked
against the engine: its PLAY actions are exactly the roll's legal plays,
CONFIRM is listed exactly when the moves made are a whole legal play, and
after a listed MOVE the turn's dice left are the ones it promised.  At the
end, the match goes out through ExportMatch (the lean Games with the log
entries their answers gave) and back through ImportMatch, game by game, and
gnubg (the dev extra's module) reads the same game values.

CI plays ``GAMMOND_EXACT_MATCHES`` matches per rule set (default 1); ``-m
slow`` plays ``GAMMOND_EXACT_MATCHES_SLOW`` (default 5).
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator

import pytest

from backgammon.v1 import game_pb2, record_service_pb2, record_service_pb2_grpc
from backgammon.v1 import play_service_pb2 as pb
from gammond.engine import Game, RuleOptions, legal_plays, moving_options
from gammond.engine.records import record_of
from gammond.server.app import Served
from gammond.server.wire.game import decode_game
from gammond.server.wire.rules import encode_rules
from gammond_client import Game as ClientGame
from gammond_client import GammondClient, GammondError
from tests.test_records_rules import RULE_SETS, _gnubg, gnubg_differences

K = game_pb2
FULL = pb.ACTIONS_VIEW_FULL
RARE = (K.ACTION_KIND_RESIGN, K.ACTION_KIND_DROP, K.ACTION_KIND_ACCEPT)
RAISES = (K.ACTION_KIND_DOUBLE, K.ACTION_KIND_BEAVER, K.ACTION_KIND_RACCOON)
MONEY_GAMES = 3


@pytest.fixture(scope="module")
def client(served: Served) -> Iterator[GammondClient]:
    with GammondClient(f"127.0.0.1:{served.port}", timeout=30) as connected:
        yield connected


def _engine(state: game_pb2.Game) -> Game:
    return decode_game(state)


def check_listing(state: game_pb2.Game, listing: pb.ListActionsResponse) -> None:
    """A moving answer's PLAY actions and CONFIRM against the engine's legal plays."""
    if state.phase != K.PHASE_MOVING:
        return
    game = _engine(state)
    assert game.dice is not None
    plays = legal_plays(game.turn_position(), game.dice)
    listed = sorted(a.notation for a in listing.actions if a.kind == K.ACTION_KIND_PLAY)
    assert listed == sorted(str(p) for p in plays), state
    options = moving_options(game)
    most = max((len(p.moves) for p in plays), default=0)
    whole = len(game.moves) == most and any(p.result == options.position for p in plays)
    confirm = any(a.kind == K.ACTION_KIND_CONFIRM for a in listing.actions)
    assert confirm == whole, state


def play_match(client: GammondClient, rules: RuleOptions, seed: int) -> list[ClientGame]:
    """A random whole match (a few games of a money session); each game's client helper, its log kept."""
    rng = random.Random(seed)
    request = pb.NewGameRequest(
        rules=encode_rules(rules),
        form=K.GAME_FORM_LEAN,
        view=FULL,
        dice_source=K.DICE_SOURCE_SEEDED,
        seed=b"exact %d" % seed,
    )
    answer = client.new_game(request)
    game = ClientGame(client, answer.game, answer.choices, FULL)
    games = [game]
    for _ in range(20_000):
        if game.match_over or (game.game_over and rules.match_length == 0 and len(games) == MONEY_GAMES):
            return games
        if game.game_over:
            following = ClientGame(client, game.state, view=FULL)
            following.next_game()
            game = following
            games.append(game)
            continue
        listing = game.listing()
        check_listing(game.state, listing)
        actions = list(listing.actions)
        calm = [a for a in actions if a.kind not in RARE]
        action = rng.choice(calm if calm and rng.random() < 0.97 else actions)
        if action.kind in RAISES and rng.random() < 0.8:
            action = rng.choice([a for a in actions if a.kind not in RAISES])  # games get played
        try:
            game.act(action)
        except GammondError as refused:
            # Only the 64-bit stakes' bound may refuse a listed action: a score past 2^63.
            assert "stakes are too high" in str(refused), refused
            game.act(next(a for a in actions if a.kind == K.ACTION_KIND_DROP))
            continue
        if action.kind == K.ACTION_KIND_MOVE:  # the hint holds
            assert list(game.listing().dice_left) == list(action.dice_left), (game.state, action)
    raise AssertionError("the match did not end")


def round_trip(client: GammondClient, games: list[ClientGame]) -> tuple[list[str], str]:
    """ExportMatch of the kept records, ImportMatch of its text: where the games read back differ."""
    records = record_service_pb2_grpc.RecordServiceStub(client.channel)
    whole = [g.record() for g in games]
    text = records.ExportMatch(record_service_pb2.ExportMatchRequest(games=whole)).mat
    back = records.ImportMatch(record_service_pb2.ImportMatchRequest(mat=text)).games
    found = []
    if len(back) != len(whole):
        found.append(f"{len(back)} games read back, {len(whole)} written")
    for number, (ours, theirs) in enumerate(zip(whole, back), start=1):
        mine, read = _engine(ours), _engine(theirs)
        for name in ("board", "cube", "result", "score", "rolls", "phase"):
            if getattr(mine, name) != getattr(read, name):
                found.append(
                    f"game {number}: {name} {getattr(mine, name)} read back as {getattr(read, name)}"
                )
        logs = [(e.kind, e.player, tuple(sorted(e.dice or ())), e.moves, e.resign) for e in mine.log]
        again = [(e.kind, e.player, tuple(sorted(e.dice or ())), e.moves, e.resign) for e in read.log]
        if logs != again:
            found.append(f"game {number}: the log reads back differently")
    return found, text


def check_rule_sets(client: GammondClient, matches: int) -> None:
    gnubg = _gnubg()
    failures: list[str] = []
    for index, (name, rules) in enumerate(RULE_SETS.items()):
        for seed in range(matches):
            games = play_match(client, rules, 100 * index + seed)
            found, text = round_trip(client, games)
            failures += [f"{name}, seed {seed}, ImportMatch: {f}" for f in found]
            record = record_of([_engine(g.record()) for g in games])
            differ, _, _ = gnubg_differences(record, text, gnubg)
            failures += [f"{name}, seed {seed}, gnubg: {f}" for f in differ]
    assert failures == []


def test_random_matches_under_every_rule_set_list_exactly_and_read_back_identically(
    client: GammondClient,
) -> None:
    check_rule_sets(client, int(os.environ.get("GAMMOND_EXACT_MATCHES", "1")))


@pytest.mark.slow
def test_the_full_run_of_random_matches_under_every_rule_set(client: GammondClient) -> None:
    check_rule_sets(client, int(os.environ.get("GAMMOND_EXACT_MATCHES_SLOW", "5")))
