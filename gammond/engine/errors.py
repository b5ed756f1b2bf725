"""Narrow error classes; each message names the input that was wrong."""

from __future__ import annotations

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
