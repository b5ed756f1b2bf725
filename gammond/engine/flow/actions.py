"""What each player may do now, and doing it: the game's turn order in one place.

:func:`list_actions` answers "what may each player do now" across the
opening roll, doubling, answering a double, resigning and moving;
:func:`apply_action` checks an action against that list and returns the
next :class:`Game` with the events a frontend animates.  Rules come from
the engine's own modules (cube, resign, scoring, match, turn); this module
only orders them into turns.
"""

from __future__ import annotations

import hashlib
import hmac
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from gammond.engine.cube import (
    CubeAction,
    CubeState,
    apply_cube_action,
    legal_cube_actions,
    opening_cube,
    rolls_that_matter,
)
from gammond.engine.errors import IllegalActionError, IllegalPlayError
from gammond.engine.flow.log import LogDigest
from gammond.engine.flow.rolls import fair_chain_roll, seeded_roll, server_roll, system_roll
from gammond.engine.flow.state import (
    CUBE_KINDS,
    MAX_CUBE,
    MAX_LOG,
    MAX_SCORE,
    MAX_SEED_BYTES,
    Action,
    ActionKind,
    DiceSource,
    Event,
    EventKind,
    Game,
    LogEntry,
    Phase,
    replace,  # dataclasses.replace, quicker for a Game
)
from gammond.engine.game import find_play
from gammond.engine.match import MatchState, ScoreSheet
from gammond.engine.play import Move, Play, PlayList, check_dice, legal_plays
from gammond.engine.players import Player
from gammond.engine.position import CHECKERS, Position
from gammond.engine.resign import accept_resignation, offer_resignation
from gammond.engine.result import ResultKind, at_stake, classify_win
from gammond.engine.rules import RuleOptions
from gammond.engine.scoring import GameOutcome
from gammond.engine.turn import MoveOption, TurnOptions, turn_options

Roller = Callable[[], tuple[int, int]]
GAME_ID_BYTES = 16
# Tied opening roll-offs one server roll may go through before it hands back
# (each tie is 1 in 6; the game simply stays at the opening roll).
_MAX_TIES_PER_ROLL = 64


@dataclass(frozen=True, slots=True)
class Choices:
    """Every action allowed now, and what a moving frontend needs to draw.

    ``actions`` name their player; in the opening roll each player has a
    ROLL.  While moving: ``turn`` holds the moves allowed next with their
    dice, ``plays`` every complete legal play of the roll (for clients that
    choose a whole play at once), and ``board_now`` the board after the moves
    made so far, from White's side.
    """

    actions: tuple[Action, ...]
    plays: Sequence[Play] = ()
    turn: TurnOptions | None = None
    board_now: Position | None = None

    def for_player(self, player: Player) -> tuple[Action, ...]:
        return tuple(a for a in self.actions if a.player is player)


def new_game(
    rules: RuleOptions,
    *,
    dice_source: DiceSource = DiceSource.SERVER,
    seed: bytes = b"",
    nonce: bytes = b"",
    seed_commitments: tuple[bytes, bytes] = (b"", b""),
    lean: bool = False,
    game_id: bytes | None = None,
) -> Game:
    """The first game of a match (or money session) under ``rules``, at the opening roll.

    A FAIR game takes the server's fresh secret ``seed`` and the ``nonce`` it
    was derived from, and the SHA-256 of each player's seed if they commit
    to one (``seed_commitments``); a SERVER game may take a ``seed`` and
    ``nonce`` too (the server's secret for its dice, on a server with keys).  ``lean``: the game travels with its
    log's digest instead of its log.  ``game_id``: 16 random bytes unless given.
    """
    _check_commitments(dice_source, seed_commitments)
    return Game(
        rules=rules,
        score=MatchState.start(rules),
        dice_source=dice_source,
        seed=seed,
        nonce=nonce,
        seed_commitments=seed_commitments,
        game_id=new_game_id() if game_id is None else game_id,
        base=LogDigest() if lean else None,
    )


def new_game_id() -> bytes:
    """A fresh random game id."""
    return os.urandom(GAME_ID_BYTES)


def next_game(
    previous: Game,
    *,
    seed: bytes | None = None,
    nonce: bytes = b"",
    seed_commitments: tuple[bytes, bytes] = (b"", b""),
    lean: bool | None = None,
) -> Game:
    """The game after the finished ``previous``: the score and sheet carried on, Crawford flag set.

    A FAIR game needs a fresh ``seed`` (and its ``nonce``) for its own
    chain; the players commit to (``seed_commitments``) and add their seeds
    again.  The next game is lean if ``lean`` says so, else if ``previous`` was.
    """
    if previous.dice_source is DiceSource.FAIR and seed is None:
        raise IllegalActionError("the next game of fair dice needs a fresh server seed")
    _check_commitments(previous.dice_source, seed_commitments)
    if previous.phase is Phase.MATCH_OVER:
        raise IllegalActionError("the match is over: there is no next game")
    if previous.phase is not Phase.GAME_OVER or previous.result is None:
        raise IllegalActionError(f"game {previous.number} is not over yet ({previous.phase.value})")
    sheet = ScoreSheet(previous.score, previous.sheet).add(previous.result)
    return Game(
        rules=previous.rules,
        score=sheet.state,
        number=previous.number + 1,
        sheet=sheet.rows,
        dice_source=previous.dice_source,
        seed=previous.seed if seed is None else seed,
        nonce=nonce if seed is not None else previous.nonce,
        seed_commitments=seed_commitments,
        game_id=new_game_id(),
        base=LogDigest() if (previous.is_lean() if lean is None else lean) else None,
    )


SEED_COMMITMENT_BYTES = 32


def _check_commitments(source: DiceSource, commitments: tuple[bytes, bytes]) -> None:
    if any(commitments) and source is not DiceSource.FAIR:
        raise IllegalActionError("only a game with fair dice takes commitments to the players' seeds")
    for player, digest in zip(Player, commitments, strict=True):
        if digest and len(digest) != SEED_COMMITMENT_BYTES:
            raise IllegalActionError(
                f"{player.name}'s seed commitment has {len(digest)} bytes: it is a SHA-256 of {SEED_COMMITMENT_BYTES}"
            )


def seed_commitment(seed: bytes) -> bytes:
    """What a player commits to at the start of a fair game: SHA-256 of their seed."""
    return hashlib.sha256(seed).digest()


def add_client_seed(game: Game, player: Player, seed: bytes) -> Game:
    """``game`` with ``player``'s own seed mixed into its fair dice.

    Allowed once per player, after the server's commitment (the game
    exists) and before the first roll, and only the seed whose SHA-256 the
    player committed to when the game was made: a seed chosen later could
    be tried again and again on copies of the same Game until the opening
    roll suited (docs/dice.md).
    """
    if game.dice_source is not DiceSource.FAIR:
        raise IllegalActionError(
            f"only a game with fair dice takes players' seeds (dice from the {game.dice_source.value})"
        )
    if game.phase is not Phase.OPENING_ROLL or game.log or game.digest().length:
        raise IllegalActionError("players' seeds are added before the first roll of the game")
    if not 1 <= len(seed) <= MAX_SEED_BYTES:
        raise IllegalActionError(f"a player's seed has 1..{MAX_SEED_BYTES} bytes")
    seeds = list(game.client_seeds)
    if seeds[player]:
        raise IllegalActionError(f"{player.name} has already added a seed to this game")
    committed = game.seed_commitments[player]
    if not committed:
        raise IllegalActionError(
            f"{player.name} committed to no seed when the game was made "
            f"({player.name.lower()}_seed_commitment in NewGame): a seed chosen now could be tried "
            "on copies of this Game until the dice suited it"
        )
    if not hmac.compare_digest(seed_commitment(seed), committed):
        raise IllegalActionError(f"this is not the seed {player.name} committed to: its SHA-256 differs")
    seeds[player] = seed
    return replace(game, client_seeds=(seeds[0], seeds[1]))


def _white(position: Position, turn: Player) -> Position:
    return position.flipped() if turn is Player.BLACK else position


def _match(game: Game) -> MatchState:
    return game.score


def within_limit(cube: CubeState, action: CubeAction) -> bool:
    """Whether ``action`` keeps every stake it can lead to at or below :data:`MAX_CUBE`.

    A double can make the cube 2x; a beaver or raccoon takes the cube 2x at
    once and offers 4x.
    """
    factor = {CubeAction.DOUBLE: 2, CubeAction.BEAVER: 4, CubeAction.RACCOON: 4}.get(action, 1)
    return cube.value * factor <= MAX_CUBE


def _cube_actions(game: Game, player: Player) -> tuple[CubeAction, ...]:
    assert game.turn is not None
    return _allowed_cube_actions(
        game.cube, player, game.rules, _match(game), game.turn, rolls_that_matter(game.rolls)
    )


@lru_cache(maxsize=1024)
def _allowed_cube_actions(
    cube: CubeState,
    player: Player,
    rules: RuleOptions,
    match: MatchState,
    on_turn: Player,
    rolls: tuple[int, int],
) -> tuple[CubeAction, ...]:
    """The cube actions open to ``player``, by the values they depend on: the same few recur all game."""
    allowed = legal_cube_actions(cube, player, rules, match, on_turn=on_turn, has_rolled=False, rolls=rolls)
    return tuple(action for action in allowed if within_limit(cube, action))


def may_double_next(game: Game) -> bool:
    """Whether the player to roll after this turn may double first, once ``game``'s mover ends the turn.

    What the answer to a CONFIRM or PLAY lists (unless the play wins the
    game): the kernel's flow writes that answer, the cube's rules staying here.
    """
    if game.phase is not Phase.MOVING or game.turn is None:
        raise IllegalActionError(f"no turn is being moved: the game is at {game.phase.value}")
    player = game.turn.opponent
    cube = game.cube.next_turn()
    return CubeAction.DOUBLE in _allowed_cube_actions(
        cube, player, game.rules, _match(game), player, rolls_that_matter(game.rolls)
    )


def may_double_now(game: Game) -> bool:
    """Whether the player on turn may double now, before rolling (what the listing offers)."""
    if game.phase is not Phase.BEFORE_ROLL or game.turn is None:
        return False
    return CubeAction.DOUBLE in _cube_actions(game, game.turn)


def may_beaver_now(game: Game) -> bool:
    """Whether the player answering a double may beaver it now (what the listing offers)."""
    responder = game.cube.responder
    if game.phase is not Phase.CUBE_OFFERED or responder is None:
        return False
    return CubeAction.BEAVER in _cube_actions(game, responder)


def may_beaver_if_doubled(game: Game) -> bool:
    """Whether the other side may beaver, once the player on turn doubles (:func:`may_double_now`)."""
    turn = game.turn
    assert turn is not None
    doubled = apply_cube_action(
        game.cube, CubeAction.DOUBLE, turn, game.rules, _match(game), rolls=game.rolls
    )
    assert isinstance(doubled, CubeState)
    return CubeAction.BEAVER in _allowed_cube_actions(
        doubled, turn.opponent, game.rules, _match(game), turn, rolls_that_matter(game.rolls)
    )


def cube_rights(game: Game) -> tuple[bool, bool, bool, bool]:
    """What the cube's rules allow in ``game``, all at once.

    Whether the next player may double once this turn ends (moving only:
    :func:`may_double_next`), the player on turn may double now
    (:func:`may_double_now`), the other side may beaver that double
    (:func:`may_beaver_if_doubled`), and the player answering a double may
    beaver it now (:func:`may_beaver_now`).  A function of the phase, the
    turn, the cube, the rules, the score and :func:`rolls_that_matter`
    alone, so a caller may keep the answer by those.
    """
    moving = game.phase is Phase.MOVING and game.turn is not None
    double_now = may_double_now(game)
    return (
        moving and may_double_next(game),
        double_now,
        double_now and may_beaver_if_doubled(game),
        may_beaver_now(game),
    )


# Actions are values: each player's plain ones are made once (a writer caches their bytes by value).
_ACTIONS = {
    (kind, player): Action(kind, player)
    for kind in (ActionKind.ROLL, ActionKind.ACCEPT, ActionKind.REJECT, *CUBE_KINDS)
    for player in Player
}
_RESIGNS = {
    player: tuple(Action(ActionKind.RESIGN, player, resign=kind) for kind in ResultKind) for player in Player
}


def _resign_actions(game: Game, player: Player) -> tuple[Action, ...]:
    if _just_rejected(game):
        return ()
    return _RESIGNS[player]


def _last_entry(game: Game) -> LogEntry | None:
    """The log's last entry, read without walking the log (a lean game's from its digest)."""
    if game.log:
        return game.log[-1]
    return game.base.last if game.base is not None else None


def _just_rejected(game: Game) -> bool:
    """Whether the player to act has just had a resignation rejected.

    They may offer again only once the game has moved on (a roll, a play or
    a cube action): otherwise a losing player could offer and be rejected
    for ever, filling the log until no call accepts the game (docs/dice.md,
    "A game no one can stall").
    """
    last = _last_entry(game)
    return last is not None and last.kind is ActionKind.REJECT


def log_length(game: Game) -> int:
    """How many entries the whole log holds, without walking it."""
    return (game.base.length if game.base is not None else 0) + len(game.log)


# Room a game always keeps at the end of its log: a resignation and its
# acceptance (2), and one entry more after a rejection, since the rejected
# player must move on before offering again.  An action that would leave
# less is refused unless it ends the game, so every Game the server hands
# out stays within MAX_LOG and can still be ended by the players.
_ROOM_TO_END = 2


def moving_options(game: Game) -> TurnOptions:
    """The moves allowed next in ``game``'s turn (cached: the check, the listing and
    the encoding of one request all ask for the same turn)."""
    assert game.dice is not None
    return _cached_options(game.turn_position(), game.dice, game.moves)


@lru_cache(maxsize=1024)
def _cached_options(position: Position, dice: tuple[int, int], moves: tuple[Move, ...]) -> TurnOptions:
    return turn_options(position, dice, moves)


@lru_cache(maxsize=1024)
def _cached_plays(position: Position, dice: tuple[int, int]) -> PlayList:
    """The turn's complete plays, listed again at every step of the turn: the same
    object each time, so their :class:`Play` objects are made once, when first read."""
    return legal_plays(position, dice)


@lru_cache(maxsize=1024)
def _play_actions(position: Position, dice: tuple[int, int], turn: Player) -> tuple[Action, ...]:
    """A PLAY action for each complete play: the same objects each time (a writer caches their bytes)."""
    return tuple(Action(ActionKind.PLAY, turn, steps=play.moves) for play in _cached_plays(position, dice))


@lru_cache(maxsize=1024)
def _move_actions(
    position: Position, dice: tuple[int, int], moves: tuple[Move, ...], turn: Player
) -> tuple[Action, ...]:
    """A MOVE action for each move allowed next: the same objects each time (a writer caches their bytes)."""
    return tuple(
        Action(ActionKind.MOVE, turn, steps=option.steps, dice_used=option.dice)
        for option in _cached_options(position, dice, moves).options
    )


_turn = moving_options


def list_actions(game: Game, *, play_actions: bool = True) -> Choices:
    """Every action each player may take now (see :class:`Choices`).

    ``play_actions=False`` leaves out the PLAY action of each complete play
    (a client that reads ``plays`` needs no second copy), so the plays are
    only counted until something reads them.
    """
    phase, turn = game.phase, game.turn
    if phase is Phase.OPENING_ROLL:
        return Choices(tuple(Action(ActionKind.ROLL, player) for player in Player))
    if game.over or turn is None:
        return Choices(())
    if phase is Phase.BEFORE_ROLL:
        actions = [_ACTIONS[ActionKind.ROLL, turn]]
        if CubeAction.DOUBLE in _cube_actions(game, turn):
            actions.append(_ACTIONS[ActionKind.DOUBLE, turn])
        return _within_log(game, Choices((*actions, *_resign_actions(game, turn))))
    if phase is Phase.CUBE_OFFERED:
        responder = game.cube.responder
        assert responder is not None
        kinds = {action: kind for kind, action in CUBE_KINDS.items()}
        allowed = _cube_actions(game, responder)
        listed = Choices(tuple(_ACTIONS[kinds[a], responder] for a in allowed if a is not CubeAction.DOUBLE))
        return _within_log(game, listed)
    if phase is Phase.RESIGNATION_OFFERED:
        assert game.resignation is not None
        answerer = game.resignation.by.opponent
        listed = Choices((_ACTIONS[ActionKind.ACCEPT, answerer], _ACTIONS[ActionKind.REJECT, answerer]))
        return _within_log(game, listed)
    # Moving.
    assert game.dice is not None
    position = game.turn_position()
    options = _cached_options(position, game.dice, game.moves)
    actions = list(_move_actions(position, game.dice, game.moves, turn))
    if game.moves:
        actions.append(Action(ActionKind.UNDO, turn))
    if options.complete:
        actions.append(Action(ActionKind.CONFIRM, turn))
    plays = _cached_plays(position, game.dice)
    if play_actions:
        actions.extend(_play_actions(position, game.dice, turn))
    actions.extend(_resign_actions(game, turn))
    return _within_log(game, Choices(tuple(actions), plays, options, _white(options.position, turn)))


def _within_log(game: Game, choices: Choices) -> Choices:
    """``choices`` less the actions the log has no room for (only ever near :data:`MAX_LOG`)."""
    length = log_length(game)
    if length + 1 + _ROOM_TO_END + 1 <= MAX_LOG:
        return choices  # each action listed here adds at most one entry: all fit
    fitting = []
    for action in choices.actions:
        if action.kind in (ActionKind.MOVE, ActionKind.UNDO):
            fitting.append(action)  # not logged
        elif action.kind in (ActionKind.PLAY, ActionKind.CONFIRM):
            try:  # only a play that bears off the last checker ends the game
                apply_action(game, action)
            except IllegalActionError:
                continue
            fitting.append(action)
        elif (
            length + 1 + _room_needed(action, action.kind in (ActionKind.ACCEPT, ActionKind.DROP)) <= MAX_LOG
        ):
            fitting.append(action)
    return replace(choices, actions=tuple(fitting))


# -- applying --------------------------------------------------------------------------


def _refuse(game: Game, action: Action) -> IllegalActionError:
    who = "either player" if action.player is None else action.player.name
    return IllegalActionError(f"{who} may not {action.kind.value} now: the game is at {game.phase.value}")


def _roll(game: Game, action: Action, roller: Roller | None) -> tuple[int, int]:
    if game.dice_source is DiceSource.CLIENT:
        if action.dice is None:
            raise IllegalActionError("this game's dice come from the client: the roll needs its dice")
        return check_dice(action.dice)
    if action.dice is not None:
        raise IllegalActionError(f"this game's dice come from the {game.dice_source.value}, not the client")
    # Every roll is in the log: the tied roll-offs, then each player's rolls.
    drawn = _opening_ties(game) + game.rolls[0] + game.rolls[1]
    if game.dice_source is DiceSource.SEEDED:
        return seeded_roll(game.seed, game.number, drawn)
    if game.dice_source is DiceSource.FAIR:
        for player, (committed, seed) in zip(
            Player, zip(game.seed_commitments, game.client_seeds, strict=True)
        ):
            if committed and not seed:
                raise IllegalActionError(
                    f"{player.name} committed to a seed: it is added (AddClientSeed) before the first roll"
                )
        return fair_chain_roll(game.seed, game.client_seeds, game.number, drawn)
    if game.seed:  # server dice on a server with state keys: the same sealed Game, the same roll
        return server_roll(game.seed, game.number, drawn)
    return (roller or system_roll)()


def _opening_ties(game: Game) -> int:
    """Tied opening roll-offs so far (the only rolls at the opening roll)."""
    if game.phase is Phase.OPENING_ROLL:
        return (game.base.length if game.base is not None else 0) + len(game.log)
    return game.digest().opening_ties


def apply_action(game: Game, action: Action, roller: Roller | None = None) -> tuple[Game, tuple[Event, ...]]:
    """``action`` applied to ``game``: the next game and the events, in order.

    Raises :class:`IllegalActionError` (or :class:`IllegalPlayError`) saying
    why when the action is not allowed now; ``game`` itself never changes.
    ``roller`` stands in for the server's dice (tests); the game's
    dice source decides whether it is used.  The next game's ``version`` is
    one more than ``game``'s.
    """
    after, events = _apply(game, action, roller)
    _check_room(game, after, action)
    if after is game:  # never so today: every action changes the game
        return replace(after, version=game.version + 1), events
    # `after` is a copy `_apply` made for this call, seen by nobody else yet:
    # its version is set in place rather than in one more copy of the Game.
    object.__setattr__(after, "version", game.version + 1)
    return after, events


def _room_needed(action: Action, ends: bool) -> int:
    """Entries that must stay free after ``action`` (see :data:`_ROOM_TO_END`)."""
    if ends:
        return 0
    if action.kind is ActionKind.RESIGN:
        return 1  # its acceptance
    if action.kind is ActionKind.REJECT:
        return _ROOM_TO_END + 1  # the rejected player moves on before offering again
    return _ROOM_TO_END


def _check_room(game: Game, after: Game, action: Action) -> None:
    """Refuse an action that would leave the log too full to end the game (see :data:`_ROOM_TO_END`)."""
    if log_length(after) + _room_needed(action, after.over) <= MAX_LOG:
        return
    who = "" if action.player is None else f"{action.player.name} "
    raise IllegalActionError(
        f"{who}may not {action.kind.value}: the game's log is nearly full "
        f"({log_length(game)} of {MAX_LOG} entries), so only a resignation and its acceptance "
        "(or a play or drop that ends the game) are left"
    )


def _apply(game: Game, action: Action, roller: Roller | None) -> tuple[Game, tuple[Event, ...]]:
    kind = action.kind
    if kind is ActionKind.ROLL and game.phase is Phase.OPENING_ROLL:
        return _opening(game, action, roller)
    if game.over or game.turn is None:
        raise _refuse(game, action)
    acting = _actor(game)
    if action.player is not acting:
        raise IllegalActionError(
            f"{'nobody' if action.player is None else action.player.name} may not {kind.value}: "
            f"{acting.name} is to act ({game.phase.value})"
        )
    if game.phase is Phase.BEFORE_ROLL and kind is ActionKind.ROLL:
        return _after_roll(game, acting, _roll(game, action, roller), ())
    if kind in CUBE_KINDS and game.phase in (Phase.BEFORE_ROLL, Phase.CUBE_OFFERED):
        return _cube(game, acting, kind)
    if kind is ActionKind.RESIGN and game.phase in (Phase.BEFORE_ROLL, Phase.MOVING):
        if _just_rejected(game):
            raise IllegalActionError(
                f"{acting.name}'s resignation was just rejected: they may offer again "
                "once the game moves on (a roll, a play or a cube action)"
            )
        return _resign(game, acting, action)
    if kind in (ActionKind.ACCEPT, ActionKind.REJECT) and game.phase is Phase.RESIGNATION_OFFERED:
        return _answer_resignation(game, acting, kind)
    if game.phase is Phase.MOVING and kind in (
        ActionKind.MOVE,
        ActionKind.UNDO,
        ActionKind.CONFIRM,
        ActionKind.PLAY,
    ):
        return _moving(game, acting, action)
    if kind is ActionKind.TIME_OUT:
        return _time_out(game, acting)
    raise _refuse(game, action)


def _actor(game: Game) -> Player:
    """The one player who may act now (outside the opening roll)."""
    assert game.turn is not None
    if game.phase is Phase.CUBE_OFFERED and game.cube.responder is not None:
        return game.cube.responder
    if game.phase is Phase.RESIGNATION_OFFERED and game.resignation is not None:
        return game.resignation.by.opponent
    return game.turn


def _opening(game: Game, action: Action, roller: Roller | None) -> tuple[Game, tuple[Event, ...]]:
    events: list[Event] = []
    log = game.log
    ties = _opening_ties(game)
    for _ in range(1 if game.dice_source is DiceSource.CLIENT else _MAX_TIES_PER_ROLL):
        white, black = _roll(replace(game, log=log), action, roller)
        log = (*log, LogEntry(ActionKind.ROLL, None, (white, black)))
        if white != black:
            first = Player.WHITE if white > black else Player.BLACK
            dice = (max(white, black), min(white, black))
            events.append(Event(EventKind.OPENING_ROLL, first, (white, black)))
            rolls = (1, 0) if first is Player.WHITE else (0, 1)
            opened = replace(game, log=log, cube=opening_cube(ties, game.rules), rolls=rolls)
            return _start_moving(opened, first, dice, events)
        ties += 1
        events.append(Event(EventKind.OPENING_TIE, None, (white, black)))
        cube = opening_cube(ties, game.rules)
        if cube.value != opening_cube(ties - 1, game.rules).value:
            events.append(Event(EventKind.AUTOMATIC_DOUBLE, None, cube_value=cube.value))
    return replace(game, log=log, cube=opening_cube(ties, game.rules)), tuple(events)


def _start_moving(
    game: Game, player: Player, dice: tuple[int, int], events: list[Event], **changes: Any
) -> tuple[Game, tuple[Event, ...]]:
    """``player`` has rolled ``dice``: move, or pass at once when nothing can be played.

    ``changes`` are made in the same copy of ``game``.
    """
    moving = replace(game, phase=Phase.MOVING, turn=player, dice=dice, moves=(), **changes)
    # The turn's plays, which listing its actions reads next.
    if _cached_plays(moving.turn_position(), dice):
        return moving, tuple(events)
    events.append(Event(EventKind.TURN_PASSED, player, dice))
    return _pass_turn(moving), tuple(events)


def _after_roll(
    game: Game, player: Player, dice: tuple[int, int], events: tuple[Event, ...]
) -> tuple[Game, tuple[Event, ...]]:
    rolls = (game.rolls[0] + (player is Player.WHITE), game.rolls[1] + (player is Player.BLACK))
    log = (*game.log, LogEntry(ActionKind.ROLL, player, dice))
    return _start_moving(
        game, player, dice, [*events, Event(EventKind.ROLLED, player, dice)], rolls=rolls, log=log
    )


def _pass_turn(game: Game, **changes: Any) -> Game:
    """``game`` with the turn passed to the opponent, and ``changes`` made in the same copy."""
    assert game.turn is not None
    return replace(
        game,
        phase=Phase.BEFORE_ROLL,
        turn=game.turn.opponent,
        dice=None,
        moves=(),
        cube=game.cube.next_turn(),
        **changes,
    )


def _finish(game: Game, outcome: GameOutcome, events: list[Event]) -> tuple[Game, tuple[Event, ...]]:
    if game.score.scores[outcome.winner] + outcome.points > MAX_SCORE:
        raise IllegalActionError(f"a score above {MAX_SCORE} is refused: the stakes are too high")
    after = game.score.record(outcome)
    phase = Phase.MATCH_OVER if after.is_over() else Phase.GAME_OVER
    events.append(Event(EventKind.GAME_WON, outcome.winner, outcome=outcome, scores=after.scores))
    if after.is_over():
        events.append(Event(EventKind.MATCH_WON, outcome.winner, scores=after.scores))
    done = replace(game, phase=phase, dice=None, moves=(), resignation=None, result=outcome)
    return done, tuple(events)


_CUBE_EVENTS = {
    ActionKind.DOUBLE: EventKind.DOUBLED,
    ActionKind.TAKE: EventKind.TOOK,
    ActionKind.DROP: EventKind.DROPPED,
    ActionKind.BEAVER: EventKind.BEAVERED,
    ActionKind.RACCOON: EventKind.RACCOONED,
}


def _cube(game: Game, player: Player, kind: ActionKind) -> tuple[Game, tuple[Event, ...]]:
    assert game.turn is not None
    action = CUBE_KINDS[kind]
    if kind is ActionKind.DOUBLE and game.phase is not Phase.BEFORE_ROLL:
        raise IllegalActionError(f"{player.name} may not double now: the game is at {game.phase.value}")
    if not within_limit(game.cube, action):
        raise IllegalActionError(f"the cube is at {game.cube.value}; stakes above {MAX_CUBE} are refused")
    after = apply_cube_action(
        game.cube,
        action,
        player,
        game.rules,
        _match(game),
        on_turn=game.turn,
        has_rolled=False,
        rolls=game.rolls,
    )
    log = (*game.log, LogEntry(kind, player))
    if isinstance(after, GameOutcome):
        events = [Event(EventKind.DROPPED, player, cube_value=game.cube.value)]
        cleared = replace(game.cube, pending=None, offered_by=None)
        return _finish(replace(game, cube=cleared, log=log), after, events)
    offered = after.pending is not None
    # An offer's event carries the stakes offered; a take's the stakes agreed.
    event = Event(_CUBE_EVENTS[kind], player, cube_value=2 * after.value if offered else after.value)
    phase = Phase.CUBE_OFFERED if offered else Phase.BEFORE_ROLL
    return replace(game, cube=after, phase=phase, log=log), (event,)


def _resign(game: Game, player: Player, action: Action) -> tuple[Game, tuple[Event, ...]]:
    if action.resign is None:
        raise IllegalActionError("a resignation needs its kind: single, gammon or backgammon")
    offer = offer_resignation(player, action.resign, to_act=player, cube=game.cube, pending=game.resignation)
    log = (*game.log, LogEntry(ActionKind.RESIGN, player, resign=offer.kind))
    event = Event(EventKind.RESIGNED, player, resign=offer.kind)
    return replace(game, phase=Phase.RESIGNATION_OFFERED, resignation=offer, log=log), (event,)


def _answer_resignation(game: Game, player: Player, kind: ActionKind) -> tuple[Game, tuple[Event, ...]]:
    offer = game.resignation
    assert offer is not None
    log = (*game.log, LogEntry(kind, player))
    if kind is ActionKind.ACCEPT:
        outcome = accept_resignation(offer, player, game.cube, game.rules)
        events = [Event(EventKind.RESIGNATION_ACCEPTED, player, resign=offer.kind)]
        return _finish(replace(game, log=log), outcome, events)
    phase = Phase.MOVING if game.dice is not None else Phase.BEFORE_ROLL
    event = Event(EventKind.RESIGNATION_REJECTED, player, resign=offer.kind)
    return replace(game, phase=phase, resignation=None, log=log), (event,)


def _time_out(game: Game, player: Player) -> tuple[Game, tuple[Event, ...]]:
    """``player``, to act, ran out of time: the game is lost at what the board could still cost them.

    A pending offer lapses with it, and moves made this turn are not counted
    (the board is the turn's start), so the clock never saves a gammon.
    """
    winner = player.opponent
    view = game.board.flipped() if winner is Player.BLACK else game.board
    cube = game.cube
    outcome = GameOutcome.timed_out(winner, at_stake(view), cube.value, game.rules, cube_turned=cube.turned)
    log = (*game.log, LogEntry(ActionKind.TIME_OUT, player))
    cleared = replace(cube, pending=None, offered_by=None)
    return _finish(replace(game, cube=cleared, log=log), outcome, [])


def _move_event(player: Player, move: Move, kind: EventKind = EventKind.MOVED) -> Event:
    return Event(kind, player, move=move, entered=move.from_point == 25, bore_off=move.to_point == 0)


def _moving(game: Game, player: Player, action: Action) -> tuple[Game, tuple[Event, ...]]:
    assert game.dice is not None
    kind = action.kind
    if kind is ActionKind.UNDO:
        if not game.moves:
            raise IllegalActionError("there is no checker move to undo this turn")
        undone = game.moves[-1]
        return replace(game, moves=game.moves[:-1]), (_move_event(player, undone, EventKind.UNDONE),)
    if kind is ActionKind.MOVE:
        option = _resolve_move(_turn(game), action.steps)
        moved = tuple(_move_event(player, step) for step in option.steps)
        return replace(game, moves=(*game.moves, *option.steps)), moved
    if kind is ActionKind.CONFIRM:
        options = _turn(game)
        if not options.complete:
            raise IllegalActionError(
                f"the turn is not complete: dice {'-'.join(map(str, options.dice_left))} can still be played"
            )
        # The log keeps the play in the engine's own order, as a whole play would be.
        play = find_play(game.turn_position(), game.dice, list(game.moves))
        return _end_turn(game, player, play.moves, play.result, [])
    play = find_play(game.turn_position(), game.dice, list(action.steps))
    events = [_move_event(player, move) for move in play.moves]
    return _end_turn(game, player, play.moves, play.result, events)


def _resolve_move(options: TurnOptions, steps: tuple[Move, ...]) -> MoveOption:
    """The listed move option that ``steps`` names: its hops, or just from..to."""
    if not steps:
        raise IllegalActionError("a move needs its checker's from and to points")
    wanted = tuple((s.from_point, s.to_point) for s in steps)
    for option in options.options:
        if tuple((s.from_point, s.to_point) for s in option.steps) == wanted:
            return option
    if len(steps) == 1:
        for option in options.options:
            if (option.from_point, option.to_point) == wanted[0]:
                return option
    text = " ".join(f"{a}/{b}" for a, b in wanted)
    raise IllegalPlayError(f"moving {text} is not part of any legal play now")


def _end_turn(
    game: Game, player: Player, moves: tuple[Move, ...], result: Position, events: list[Event]
) -> tuple[Game, tuple[Event, ...]]:
    """Confirm ``moves`` (which lead to ``result``, seen from ``player``): pass the turn or win."""
    board = _white(result, player)
    log = (*game.log, LogEntry(ActionKind.PLAY, player, moves=moves))
    events.append(Event(EventKind.TURN_ENDED, player))
    if result.off == CHECKERS:
        outcome = GameOutcome.played_out(
            player, classify_win(result), game.cube.value, game.rules, cube_turned=game.cube.turned
        )
        return _finish(replace(game, board=board, moves=(), log=log), outcome, events)
    return _pass_turn(game, board=board, log=log), tuple(events)


def replay(start: Game, log: tuple[LogEntry, ...]) -> Game:
    """``start`` (a game at its opening roll) with every entry of ``log`` played again.

    The dice come from the log whatever the game's dice source, so a replay
    reproduces the game exactly; the result keeps ``start``'s dice source.
    """
    game = replace(start, dice_source=DiceSource.CLIENT)
    for entry in log:
        if entry.kind is ActionKind.ROLL:
            action = Action(ActionKind.ROLL, entry.player, dice=entry.dice)
        elif entry.kind is ActionKind.PLAY:
            action = Action(ActionKind.PLAY, entry.player, steps=entry.moves)
        else:
            action = Action(entry.kind, entry.player, resign=entry.resign)
        if action.kind is ActionKind.ROLL and game.phase is Phase.OPENING_ROLL:
            action = replace(action, player=Player.WHITE)
        game, _ = apply_action(game, action)
    return replace(game, dice_source=start.dice_source)


def fresh(game: Game) -> Game:
    """``game`` as it stood at its opening roll: what :func:`replay` starts from (a full game)."""
    return Game(
        rules=game.rules,
        score=game.score,
        number=game.number,
        sheet=game.sheet,
        dice_source=game.dice_source,
        seed=game.seed,
        client_seeds=game.client_seeds,
        nonce=game.nonce,
        seed_commitments=game.seed_commitments,
        game_id=game.game_id,
    )
