"""The state of a game in progress and the match around it, as one immutable value.

A :class:`Game` is everything a client stores between turns: the rules, the
score before this game and the score sheet so far, where the dice come from,
the phase of the turn, the board at the start of the turn, the cube, the
dice and the checker moves made so far, both roll counts, a pending
resignation, the result, and the log of the game (every roll, confirmed
play, cube action and resignation, enough to replay it).

The board is always kept from White's side (White "on roll" in engine
terms); moves are kept in the numbering of the player on turn, as every
engine function takes them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, TypeVar, cast

from gammond.engine.cube import CubeAction, CubeState

# The log's types live with the log; re-exported here, where the game's other types are.
from gammond.engine.flow.log import ActionKind as ActionKind
from gammond.engine.flow.log import LogDigest as LogDigest
from gammond.engine.flow.log import LogEntry as LogEntry
from gammond.engine.match import MatchState, ScoreSheetRow
from gammond.engine.play import Move
from gammond.engine.players import Player
from gammond.engine.position import Position
from gammond.engine.resign import Resignation
from gammond.engine.result import ResultKind
from gammond.engine.rules import RuleOptions
from gammond.engine.scoring import GameOutcome

# The rules set no upper limit on the cube; these keep every value and
# score inside 64 bits on the wire (3 x 2**62 points still fits).
MAX_CUBE = 1 << 62
MAX_SCORE = 1 << 63
# Enough for any real game; a longer log is refused rather than walked.
MAX_LOG = 4096
# Games on one score sheet: far beyond any match or session, and a bound on the work of checking it.
MAX_SHEET = 1024
MAX_SEED_BYTES = 64
# Actions on one game (each Act, each of BotAct's): far beyond any game, inside a double's integer.
MAX_VERSION = 1 << 48


class Phase(Enum):
    """Who must act now, and how."""

    OPENING_ROLL = "opening roll"
    BEFORE_ROLL = "before the roll"
    CUBE_OFFERED = "answering the cube"
    MOVING = "moving"
    RESIGNATION_OFFERED = "answering a resignation"
    GAME_OVER = "game over"
    MATCH_OVER = "match over"


class DiceSource(Enum):
    """Where the dice of a ``roll`` come from."""

    SERVER = "server"
    """The server rolls: from its secret ``seed`` (with a ``nonce``, never shown) or the OS's randomness."""
    CLIENT = "client"
    """The client sends the dice (physical dice, or a replay)."""
    SEEDED = "seeded"
    """Roll n of game g is derived from the game's seed: replays give the same rolls."""
    FAIR = "fair"
    """Provably fair: the server's hash chain, committed before the first roll, and the players' seeds."""


CUBE_KINDS: dict[ActionKind, CubeAction] = {
    ActionKind.DOUBLE: CubeAction.DOUBLE,
    ActionKind.TAKE: CubeAction.TAKE,
    ActionKind.DROP: CubeAction.DROP,
    ActionKind.BEAVER: CubeAction.BEAVER,
    ActionKind.RACCOON: CubeAction.RACCOON,
}


@dataclass(frozen=True, slots=True)
class Action:
    """One action of one player.

    ``player`` is None only for the opening roll, which either player may
    start.  ``dice``: a ROLL's dice when the client supplies them (for the
    opening roll White's die first).  ``steps``: a MOVE's single-die hops
    (or just one :class:`Move` from..to, which the engine resolves), or a
    PLAY's moves, in the mover's numbering.  ``dice_used``: the die of each
    hop of a listed MOVE.  ``resign``: what a RESIGN offers to lose.
    """

    kind: ActionKind
    player: Player | None = None
    dice: tuple[int, int] | None = None
    steps: tuple[Move, ...] = ()
    dice_used: tuple[int, ...] = ()
    resign: ResultKind | None = None


class EventKind(Enum):
    """What a frontend animates, in order, after an action."""

    OPENING_TIE = "opening roll tied"
    OPENING_ROLL = "opening roll decided"
    AUTOMATIC_DOUBLE = "automatic double"
    ROLLED = "rolled"
    TURN_PASSED = "turn passed: no legal play"
    MOVED = "moved"
    UNDONE = "move undone"
    TURN_ENDED = "turn ended"
    DOUBLED = "doubled"
    TOOK = "took"
    DROPPED = "dropped"
    BEAVERED = "beavered"
    RACCOONED = "raccooned"
    RESIGNED = "resigned"
    RESIGNATION_ACCEPTED = "resignation accepted"
    RESIGNATION_REJECTED = "resignation rejected"
    GAME_WON = "game won"
    MATCH_WON = "match won"


@dataclass(frozen=True, slots=True)
class Event:
    """One step for the UI: a roll, a checker moved, a cube action, a win.

    ``move`` (MOVED, UNDONE) is in the mover's numbering; ``entered`` and
    ``bore_off`` say whether it came off the bar or went off the board.
    ``cube_value`` is the cube after a cube event; ``outcome`` the result
    of GAME_WON; ``scores`` the score after GAME_WON and MATCH_WON.
    """

    kind: EventKind
    player: Player | None = None
    dice: tuple[int, int] | None = None
    move: Move | None = None
    entered: bool = False
    bore_off: bool = False
    cube_value: int = 0
    resign: ResultKind | None = None
    outcome: GameOutcome | None = None
    scores: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class Game:
    """A game in progress and the match around it; see the module docstring.

    ``score`` is the score before this game (with its Crawford flag) and
    ``sheet`` the games before it, numbered from 1, so ``number`` is
    ``len(sheet) + 1``.  ``board`` is the board at the start of the turn,
    from White's side; ``moves`` the checker moves made so far this turn by
    ``turn`` with ``dice``.  ``rolls`` counts White's and Black's rolls this
    game (the opening roll counts for the player who plays it).
    ``game_id`` names the game and ``version`` counts the actions taken on
    it.  ``seed_commitments``: SHA-256 of the seed each player committed
    to at the start of a fair game (empty: none), which ``client_seeds``
    must match once added.  A lean game (``base`` set) carries the digest of its log instead
    of the log: ``log`` then holds only the entries added since ``base``.
    """

    rules: RuleOptions
    score: MatchState
    number: int = 1
    sheet: tuple[ScoreSheetRow, ...] = ()
    dice_source: DiceSource = DiceSource.SERVER
    seed: bytes = b""
    client_seeds: tuple[bytes, bytes] = (b"", b"")
    nonce: bytes = b""
    seed_commitments: tuple[bytes, bytes] = (b"", b"")
    phase: Phase = Phase.OPENING_ROLL
    board: Position = field(default_factory=Position.starting)
    turn: Player | None = None
    cube: CubeState = field(default_factory=CubeState)
    dice: tuple[int, int] | None = None
    moves: tuple[Move, ...] = ()
    rolls: tuple[int, int] = (0, 0)
    resignation: Resignation | None = None
    result: GameOutcome | None = None
    log: tuple[LogEntry, ...] = ()
    game_id: bytes = b""
    version: int = 0
    base: LogDigest | None = None

    def is_lean(self) -> bool:
        """Whether this game travels lean: ``base`` sums up the log before ``log``'s entries."""
        return self.base is not None

    def digest(self) -> LogDigest:
        """The digest of the whole log: ``base`` (if lean) extended by ``log``."""
        return (self.base or LogDigest()).extended(self.log)

    def rebased(self) -> Game:
        """A lean game with its log folded into ``base`` (as it leaves the server); a full game as it is."""
        if self.base is None or not self.log:
            return self
        return replace(self, base=self.digest(), log=())

    def is_whole_log(self) -> bool:
        """Whether ``log`` is the whole log (a full game), so the checks can walk it."""
        return self.base is None or self.base.length == 0

    @property
    def over(self) -> bool:
        """Whether this game has ended (and perhaps the match with it)."""
        return self.phase in (Phase.GAME_OVER, Phase.MATCH_OVER)

    def turn_position(self) -> Position:
        """The board at the start of the turn, seen from the player on turn."""
        return self.board.flipped() if self.turn is Player.BLACK else self.board

    def score_after(self) -> MatchState | None:
        """The score once this game's result is counted (None while it goes on)."""
        return None if self.result is None else self.score.record(self.result)


# The flow makes a few new Games per action, each a copy with some fields
# changed.  dataclasses.replace goes through the generic __init__ (a keyword
# each, ~8 us for a Game's 22 fields); Game has no __init__ logic to run
# (no __post_init__, every field set as given), so a copy written field by
# field, as dataclasses writes its own methods, does the same in a third.
_GAME_FIELDS = tuple(f.name for f in dataclasses.fields(Game))
_GAME_FIELD_SET = frozenset(_GAME_FIELDS)
_COPY_SOURCE = (
    "def _copy(game, changes):\n    new = _new(_Game)\n"
    + "".join(f"    _set(new, {name!r}, changes.get({name!r}, game.{name}))\n" for name in _GAME_FIELDS)
    + "    return new\n"
)
_scope: dict[str, Any] = {"_new": object.__new__, "_Game": Game, "_set": object.__setattr__}
exec(_COPY_SOURCE, _scope)  # noqa: S102 - source made above from the field names only
_copy_game: Callable[[Game, dict[str, Any]], Game] = _scope["_copy"]

_T = TypeVar("_T")


def replace(obj: _T, /, **changes: Any) -> _T:
    """``dataclasses.replace(obj, **changes)``, several times faster for a :class:`Game`.

    >>> game = Game(RuleOptions(), MatchState())
    >>> replace(game, version=3) == dataclasses.replace(game, version=3)
    True
    >>> replace(game, colour=1)
    Traceback (most recent call last):
    TypeError: Game has no field colour
    """
    if type(obj) is Game:
        if not changes.keys() <= _GAME_FIELD_SET:
            unknown = ", ".join(sorted(changes.keys() - _GAME_FIELD_SET))
            raise TypeError(f"Game has no field {unknown}")
        return cast(_T, _copy_game(cast(Game, obj), changes))
    return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
