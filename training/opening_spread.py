"""The spread of the trailer's game chance at their first chance to double: ``met.OPENING_SPREAD``.

A post-Crawford trailer may double only before one of their own rolls.  If
the leader won the opening roll, that is after the leader's opening move;
if the trailer won it, after the trailer's opening move and the leader's
reply.  This script plays every opening roll (and every reply) with the
shipped network's 0-ply choice, scores the trailer's position at 1-ply,
and prints the 16 means of the distribution's sixteenths, which
:mod:`gammond.engine.bot.met` keeps as its free-drop model.

Run: ``python -m training.opening_spread`` (a second or two).
"""

from __future__ import annotations

from gammond.engine import Position
from gammond.engine.bot import Level, best_play, evaluate_position, shipped_evaluator
from gammond.engine.dice import ROLLS

PARTS = 16


def trailer_chances(plies: int = 1) -> list[tuple[float, float]]:
    """``(weight, chance)`` of the trailer at their first turn, over all openings."""
    evaluator = shipped_evaluator()
    start = Position.starting()
    points: list[tuple[float, float]] = []
    openings = [r for r in ROLLS if r.dice[0] != r.dice[1]]
    for opening in openings:
        weight = 1.0 / len(openings)
        # Seen from whoever rolls next.
        after = best_play(start, opening.dice, evaluator, Level.ADVANCED).play.result.flipped()
        # The leader opened: the trailer is on roll now.
        points.append((weight / 2, evaluate_position(after, evaluator, plies).win))
        # The trailer opened: every reply of the leader, then the trailer is on roll.
        for reply in ROLLS:
            position = best_play(after, reply.dice, evaluator, Level.ADVANCED).play.result.flipped()
            points.append((weight / 2 * reply.weight / 36, evaluate_position(position, evaluator, plies).win))
    return points


def sixteenths(points: list[tuple[float, float]], parts: int = PARTS) -> list[float]:
    """The mean chance in each of ``parts`` equally likely slices, lowest first."""
    means: list[float] = []
    filled = total = 0.0
    for weight, chance in sorted(points, key=lambda wc: wc[1]):
        # A point may straddle slices: its weight is split at the boundaries.
        while weight > 1e-15 and len(means) < parts:
            share = min(weight, (len(means) + 1) / parts - filled)
            total += share * chance
            filled += share
            weight -= share
            if filled >= (len(means) + 1) / parts - 1e-12:
                means.append(total * parts)
                total = 0.0
    return means


def main() -> None:
    points = trailer_chances()
    mean = sum(w * p for w, p in points)
    above = sum(w * max(p - 0.5, 0.0) for w, p in points)
    print(f"{len(points)} positions, mean chance {mean:.4f}, mean excess over 1/2 {above:.4f}")
    print("OPENING_SPREAD = (" + ", ".join(f"{m:.4f}" for m in sixteenths(points)) + ")")


if __name__ == "__main__":
    main()
