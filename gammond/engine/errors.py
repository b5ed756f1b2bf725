"""Every error the engine raises, in one place; each message names the input that was wrong.

Two families, which a caller (the server) tells apart by class:

* input that cannot be a backgammon value at all (:class:`InvalidPositionError`,
  :class:`NotationError`, ...): the caller sent something malformed;
* a well-formed request that the rules refuse in this state
  (:class:`IllegalActionError` and its subclasses): each carries a short
  upper-case ``reason`` that names the refusal for machines.

>>> IllegalPlayError("24/21 is not a legal play of 3-1").reason
'ILLEGAL_PLAY'
>>> issubclass(GameOverError, IllegalActionError)
True
"""

from __future__ import annotations

from typing import ClassVar

EXCERPT_CHARS = 40


def excerpt(value: object, limit: int = EXCERPT_CHARS) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for error messages.

    Messages quote the input that was wrong, but never all of a long one.

    >>> excerpt("8/5 6/5")
    "'8/5 6/5'"
    >>> excerpt("x" * 100, 10)
    "'xxxxxxxxx... (100 characters)"
    """
    if isinstance(value, str) and len(value) > limit:
        return f"{value[: limit - 1]!r}"[:-1] + f"... ({len(value)} characters)"
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "..."


class EngineError(ValueError):
    """Base class of every error the engine raises on bad input."""


# -- malformed input -----------------------------------------------------------------------


class InvalidPositionError(EngineError):
    """A board that cannot occur: too many checkers, a shared point, ..."""


class NotationError(EngineError):
    """A Position ID, Match ID, XGID, roll or play text that does not parse."""


class InvalidDiceError(EngineError):
    """Dice outside 1..6, or the wrong number of them."""


class InvalidRulesError(EngineError):
    """Rule options that contradict each other or the rule texts."""


class InvalidStateError(EngineError):
    """A cube, game outcome, match or chouette value that cannot occur."""


class InvalidCubeViewError(InvalidStateError):
    """A cube situation the bot is asked about that cannot occur (value, owner, away scores)."""


class InvalidLevelError(EngineError):
    """A bot level that is not one of :class:`gammond.engine.bot.Level`."""


class InvalidRolloutError(EngineError):
    """Rollout settings out of range (trials, plies, truncation)."""


class WeightsError(EngineError):
    """A weights file that is missing, unreadable or made for another encoding."""


class InvalidGameError(InvalidStateError):
    """A game state that could not arise in a legal game; ``field`` is its path.

    >>> str(InvalidGameError("cube.pending", "no double can be offered in the Crawford game"))
    'cube.pending: no double can be offered in the Crawford game'
    """

    def __init__(self, field: str, description: str) -> None:
        super().__init__(f"{field}: {description}")
        self.field = field
        self.description = description


class RecordError(EngineError):
    """A match record (a ``.mat`` file) that cannot be read or replayed; ``line`` is where (1-based, 0: none).

    >>> str(RecordError(7, "'99: 13/7' has a die outside 1..6"))
    "line 7: '99: 13/7' has a die outside 1..6"
    """

    def __init__(self, line: int, description: str) -> None:
        super().__init__(f"line {line}: {description}" if line else description)
        self.line = line
        self.description = description


# -- refusals: valid input the rules do not allow now -----------------------------------------


class IllegalActionError(EngineError):
    """A game action that the state does not allow (resign, score, ...)."""

    reason: ClassVar[str] = "ILLEGAL_ACTION"


class IllegalPlayError(IllegalActionError):
    """A play (or a single checker move) the rules do not allow."""

    reason: ClassVar[str] = "ILLEGAL_PLAY"


class IllegalCubeActionError(IllegalActionError):
    """A cube action the cube state or rule options do not allow."""

    reason: ClassVar[str] = "ILLEGAL_CUBE_ACTION"


class GameOverError(IllegalActionError):
    """A move or decision asked for after a side has borne off all its checkers."""

    reason: ClassVar[str] = "GAME_OVER"


class GameNotOverError(IllegalActionError):
    """A finished game's score asked for while the game is still on."""

    reason: ClassVar[str] = "GAME_NOT_OVER"


class CubeOfferPendingError(IllegalActionError):
    """A checker play while a double (or beaver, raccoon) waits for its answer."""

    reason: ClassVar[str] = "CUBE_OFFER_PENDING"


class MatchOverError(IllegalActionError):
    """A game action asked for after the match has been won."""

    reason: ClassVar[str] = "MATCH_OVER"


class NoPlayError(IllegalActionError):
    """Analysis asked of a roll that cannot be played: there is no decision."""

    reason: ClassVar[str] = "NO_PLAY"
