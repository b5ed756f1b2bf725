"""Differential tests: gammond's legal plays against GNU Backgammon and OpenSpiel.

Positions come from seeded random self-play (bench/positions.py), mixing
policies so that bar entries, closed boards and bear-offs all occur, and
from raw random boards that play never reaches.  For every position and
roll the two engines must reach the same set of boards.  The normal run
takes a 2,000-position sample; the full 20,000 run is marked slow.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterable
from functools import cache

import pytest

from gammond.engine import Position, legal_plays
from gammond.engine.dice import ROLLS
from gammond.engine.movegen import generate
from tests.support.peers import gnubg_results, mirror_game, openspiel_game, require_peer
from tests.support.positions import Dice, Sample, games, random_position, sample_positions

SEED = 2026
SAMPLE = 2_000
# The slow differential run (-m slow): 20,000 positions, or a slice of them where
# GAMMOND_SLOW_POSITIONS says so (CI runs a few hundred; see README, "Tests").
FULL = int(os.environ.get("GAMMOND_SLOW_POSITIONS", "20000"))
EVERY_ROLL_SAMPLE = 300
OPENSPIEL_TURNS = 400
ALL_ROLLS = [roll.dice for roll in ROLLS]

Generator = Callable[[Position, Dice], set[Position]]


def _ours(position: Position, dice: Dice) -> set[Position]:
    return {play.result for play in legal_plays(position, dice)}


def _pure_python(position: Position, dice: Dice) -> set[Position]:
    return {Position(board) for _, board in generate(position.board, *dice)}


@cache
def _samples(count: int) -> list[Sample]:
    return sample_positions(count, seed=SEED)


def _closed_against_mover(position: Position) -> bool:
    return position.bar > 0 and all(position.theirs(p) >= 2 for p in range(19, 25))


def _disagreements(
    cases: Iterable[tuple[Position, Dice]], ours: Generator, theirs: Generator, limit: int = 5
) -> list[str]:
    found = []
    for position, dice in cases:
        mine, other = ours(position, dice), theirs(position, dice)
        if mine != other:
            only_ours = sorted(p.position_id() for p in mine - other)
            only_theirs = sorted(p.position_id() for p in other - mine)
            found.append(f"{position.position_id()} {dice}: only ours {only_ours}, only theirs {only_theirs}")
            if len(found) == limit:
                break
    return found


def _own_rolls(samples: list[Sample]) -> list[tuple[Position, Dice]]:
    return [(s.position, s.dice) for s in samples]


def _every_roll(samples: list[Sample]) -> list[tuple[Position, Dice]]:
    return [(s.position, dice) for s in samples for dice in ALL_ROLLS]


def _raw_boards(count: int, seed: int) -> list[tuple[Position, Dice]]:
    rng = random.Random(seed)
    return [(random_position(rng), rng.choice(ALL_ROLLS)) for _ in range(count)]


@pytest.fixture
def gnubg() -> Generator:
    require_peer("gnubg_nn")
    return gnubg_results


# -- the sample covers what it must ------------------------------------------------


def test_the_self_play_sample_holds_bar_closed_board_bear_off_and_no_play_positions() -> None:
    samples = _samples(SAMPLE)
    assert len(samples) == SAMPLE
    positions = [s.position for s in samples]
    assert sum(1 for p in positions if p.bar) >= 100
    assert sum(1 for p in positions if _closed_against_mover(p)) >= 1
    assert sum(1 for p in positions if p.can_bear_off()) >= 100
    assert sum(1 for s in samples if not legal_plays(s.position, s.dice)) >= 10
    assert len(set(positions)) >= SAMPLE // 2


# -- GNU Backgammon ------------------------------------------------------------------


def test_gammond_matches_gnubg_on_2000_self_play_positions(gnubg: Generator) -> None:
    assert _disagreements(_own_rolls(_samples(SAMPLE)), _ours, gnubg) == []


def test_gammond_matches_gnubg_for_every_roll_on_300_self_play_positions(gnubg: Generator) -> None:
    assert _disagreements(_every_roll(_samples(EVERY_ROLL_SAMPLE)), _ours, gnubg) == []


def test_gammond_matches_gnubg_on_1000_raw_random_boards(gnubg: Generator) -> None:
    assert _disagreements(_raw_boards(1_000, SEED), _ours, gnubg) == []


def test_the_pure_python_generator_matches_gnubg_on_2000_self_play_positions(gnubg: Generator) -> None:
    # When the compiled kernel is in use, this keeps the reference path honest too.
    assert _disagreements(_own_rolls(_samples(SAMPLE)), _pure_python, gnubg) == []


@pytest.mark.slow
def test_gammond_matches_gnubg_for_every_roll_on_the_full_self_play_sample(gnubg: Generator) -> None:
    assert _disagreements(_every_roll(_samples(FULL)), _ours, gnubg) == []


@pytest.mark.slow
def test_gammond_matches_gnubg_for_every_roll_on_the_full_set_of_raw_random_boards(gnubg: Generator) -> None:
    rng = random.Random(SEED + 1)
    boards = [random_position(rng) for _ in range(FULL)]
    cases = [(position, dice) for position in boards for dice in ALL_ROLLS]
    assert _disagreements(cases, _ours, gnubg) == []


@pytest.mark.slow
def test_the_pure_python_generator_matches_gnubg_for_every_roll_on_the_full_sample(
    gnubg: Generator,
) -> None:
    assert _disagreements(_every_roll(_samples(FULL)), _pure_python, gnubg) == []


# -- OpenSpiel ---------------------------------------------------------------------------


def test_gammond_matches_openspiel_replaying_the_same_self_play_games() -> None:
    require_peer("pyspiel")
    game = openspiel_game()
    stream = games(SEED)
    compared, problems = 0, []
    while compared < OPENSPIEL_TURNS:
        for mirrored in mirror_game(next(stream), game):
            sample = mirrored.turn.sample
            compared += 1
            if mirrored.position != sample.position:
                problems.append(f"board mapping differs at {sample.position.position_id()}")
                continue
            # OpenSpiel passes a turn that cannot be played; we return no plays.
            ours = _ours(sample.position, sample.dice) or {sample.position}
            theirs = set(mirrored.results)
            if ours != theirs:
                problems.append(
                    f"{sample.position.position_id()} {sample.dice}: "
                    f"ours {len(ours)}, OpenSpiel {len(theirs)}"
                )
    assert problems == []
