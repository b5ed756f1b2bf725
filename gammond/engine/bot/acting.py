"""The bot as a player in the game flow: it only ever takes an action listed as allowed.

Part of the bot, above the flow it plays through (:mod:`gammond.engine.flow`
knows nothing of the bot); :func:`bot_act` and :class:`BotTurn` are public
in :mod:`gammond.engine.bot`.

The checker play is the bot's ranked play at the chosen level (cubeless:
score-aware checker play is a separate issue).  Cube decisions use the
score in match play (the match equity table through
:func:`gammond.engine.bot.cube_decision`); taking is the same decision
seen from the doubler's side.  Answering a beaver or raccoon and answering
a resignation use the cubeless equity: take a beaver or raccoon unless the
equity is below -0.5, accept a resignation worth at least the expected
points per cube.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from gammond.engine.bot.evaluator import Evaluator
from gammond.engine.bot.lookahead import cube_decision
from gammond.engine.bot.search import LEVELS, Level, evaluate_position, rank_plays
from gammond.engine.bot.view import CubeView
from gammond.engine.cube import CubeAction, CubeContext
from gammond.engine.errors import IllegalActionError
from gammond.engine.flow.actions import Roller, apply_action, list_actions
from gammond.engine.flow.state import Action, ActionKind, DiceSource, Event, Game, Phase
from gammond.engine.players import Player

# Acting for one player never takes more than a handful of steps
# (roll-offs, a double, a roll and its play); this bounds the loop.
_MAX_STEPS = 8


@dataclass(frozen=True, slots=True)
class BotTurn:
    """What the bot did: its actions in order, the game after them, the events."""

    actions: tuple[Action, ...]
    game: Game
    events: tuple[Event, ...]


def cube_context(game: Game, player: Player) -> CubeContext:
    """The cube and score around ``player``'s turn, as the bot weighs them."""
    return CubeContext(game.cube, player, options=game.rules, match=game.score)


def cube_view(game: Game, player: Player) -> CubeView:
    """The bot's view of the cube and score, with ``player`` on roll."""
    return CubeView.of(cube_context(game, player))


def _plies(level: Level) -> int:
    return min(LEVELS[level].plies, 1)


def _cube_plies(level: Level) -> int:
    # Every level looks a roll ahead for the cube (a few ms); world class searches its leaves too.
    return max(1, min(LEVELS[level].plies, 2))


def _choose(
    game: Game,
    player: Player,
    allowed: tuple[Action, ...],
    evaluator: Evaluator,
    level: Level,
    seed: int | None,
    stop: Callable[[], bool] | None,
) -> Action | None:
    kinds = {a.kind: a for a in allowed}
    if game.phase is Phase.OPENING_ROLL or (
        game.phase is Phase.BEFORE_ROLL and ActionKind.DOUBLE not in kinds
    ):
        return kinds.get(ActionKind.ROLL)
    if game.phase is Phase.BEFORE_ROLL:
        decision = cube_decision(game.turn_position(), evaluator, cube_view(game, player), _cube_plies(level))
        return kinds[ActionKind.DOUBLE] if decision.should_double else kinds[ActionKind.ROLL]
    if game.phase is Phase.CUBE_OFFERED:
        return _answer_cube(game, player, kinds, evaluator, level)
    if game.phase is Phase.RESIGNATION_OFFERED:
        assert game.resignation is not None and game.turn is not None
        probabilities = evaluate_position(game.turn_position(), evaluator, _plies(level))
        expected = -probabilities.equity  # the resigner is on turn; our side of the board
        if game.rules.jacoby and not game.cube.turned:
            expected = min(expected, 1.0)
        accept = int(game.resignation.kind) >= expected
        return kinds[ActionKind.ACCEPT if accept else ActionKind.REJECT]
    # Moving: the bot's best whole play at its level, to the score in a match.
    assert game.dice is not None
    ranking = rank_plays(
        game.turn_position(),
        game.dice,
        evaluator,
        level,
        seed=seed,
        stop=stop,
        context=cube_context(game, player),
    )
    best = ranking.best.play.moves
    for action in allowed:
        if action.kind is ActionKind.PLAY and action.steps == best:
            return action
    # Never an action that was not listed: fall back on the first listed play.
    return next((a for a in allowed if a.kind is ActionKind.PLAY), None)


def _answer_cube(
    game: Game, player: Player, kinds: dict[ActionKind, Action], evaluator: Evaluator, level: Level
) -> Action:
    cube = game.cube
    assert cube.pending is not None and cube.offered_by is not None and game.turn is not None
    if cube.pending is CubeAction.DOUBLE:
        # The double is made before the doubler rolls: judge it from their side.
        decision = cube_decision(
            game.turn_position(), evaluator, cube_view(game, cube.offered_by), _cube_plies(level)
        )
        if decision.beaver and ActionKind.BEAVER in kinds:
            return kinds[ActionKind.BEAVER]
        return kinds[ActionKind.TAKE] if decision.take else kinds[ActionKind.DROP]
    equity = evaluate_position(game.turn_position(), evaluator, _plies(level)).equity
    ours = equity if player is game.turn else -equity
    return kinds[ActionKind.TAKE] if ours >= -0.5 else kinds[ActionKind.DROP]


def bot_act(
    game: Game,
    player: Player,
    evaluator: Evaluator,
    level: Level,
    *,
    seed: int | None = None,
    stop: Callable[[], bool] | None = None,
    roller: Roller | None = None,
) -> BotTurn:
    """The bot acts for ``player`` until the other player must act or the game ends.

    Raises :class:`IllegalActionError` when ``player`` has nothing to do now
    (or only a roll the client must supply).
    """
    actions: list[Action] = []
    events: list[Event] = []
    for _ in range(_MAX_STEPS):
        if game.over:
            break
        allowed = list_actions(game).for_player(player)
        if not allowed:
            break
        needs_dice = game.dice_source is DiceSource.CLIENT
        if needs_dice and all(a.kind is ActionKind.ROLL for a in allowed):
            break
        choice = _choose(game, player, allowed, evaluator, level, seed, stop)
        if choice is None or (choice.kind is ActionKind.ROLL and needs_dice):
            break
        game, happened = apply_action(game, choice, roller)
        actions.append(choice)
        events.extend(happened)
    if not actions:
        raise IllegalActionError(
            f"the bot has nothing to do for {player.name} now ({game.phase.value}"
            + (", and the dice come from the client)" if game.dice_source is DiceSource.CLIENT else ")")
        )
    return BotTurn(tuple(actions), game, tuple(events))
