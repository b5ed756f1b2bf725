"""Narrow error classes; each message names the input that was wrong."""

from __future__ import annotations


class EngineError(ValueError):
    """Base class of every error the engine raises on bad input."""


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


class IllegalPlayError(EngineError):
    """A play (or a single checker move) the rules do not allow."""


class IllegalCubeActionError(EngineError):
    """A cube action the cube state or rule options do not allow."""


class IllegalActionError(EngineError):
    """Any other game action that the state does not allow (resign, score, ...)."""


class InvalidGameError(InvalidStateError):
    """A game state that could not arise in a legal game; ``field`` is its path.

    >>> str(InvalidGameError("cube.pending", "no double can be offered in the Crawford game"))
    'cube.pending: no double can be offered in the Crawford game'
    """

    def __init__(self, field: str, description: str) -> None:
        super().__init__(f"{field}: {description}")
        self.field = field
        self.description = description
