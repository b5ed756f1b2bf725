"""States of random legal games under several rule sets, for tests and benchmarks of the game flow."""

from __future__ import annotations

import random

from gammond.engine import (
    ActionKind,
    DiceSource,
    Game,
    Phase,
    RuleOptions,
    apply_action,
    list_actions,
    new_game,
    next_game,
)

RULES = (
    RuleOptions.money(),
    RuleOptions.money(beavers=True, raccoons=True, jacoby=True),
    RuleOptions.match(7),
    RuleOptions.match(5, cubeless=True),
)


def game_states(count: int, seed: int, *, finished: bool = False) -> list[Game]:
    """``count`` states of seeded random games: every phase, turns with moves made.

    Mostly whole plays and single moves are taken, so games run long and
    every phase appears.  ``finished``: also the states of games just over.
    """
    rng = random.Random(seed)
    states: list[Game] = []
    game = new_game(RULES[0], dice_source=DiceSource.SEEDED, seed=b"bench")
    while len(states) < count:
        if game.phase is Phase.MATCH_OVER or (game.phase is Phase.GAME_OVER and rng.random() < 0.3):
            game = new_game(rng.choice(RULES), dice_source=DiceSource.SEEDED, seed=b"%d" % len(states))
            continue
        if game.phase is Phase.GAME_OVER:
            if finished:
                states.append(game)
            game = next_game(game)
            continue
        states.append(game)
        allowed = list_actions(game).actions
        quiet = [a for a in allowed if a.kind not in (ActionKind.RESIGN, ActionKind.DROP)]
        game, _ = apply_action(game, rng.choice(quiet or list(allowed)))
    return states[:count]
