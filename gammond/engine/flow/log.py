"""A game's log: its entries, and the log summed up in constant size (:class:`LogDigest`).

A lean :class:`~gammond.engine.flow.state.Game` travels with a
:class:`LogDigest` instead of its log, so a request's size and the work of
checking it do not grow with the moves played.  The digest holds the log's
length, a SHA-256 chain over every entry (so a log kept by the client can
be matched with it later, for a record), and what the consistency check
reads from a log: the tied opening roll-offs, the cube's raises, the last
entry, the last entry that is not a resignation or its rejection (the roll
being played), and the last resignation offered.

>>> from gammond.engine.players import Player
>>> one = LogDigest().extend(LogEntry(ActionKind.ROLL, None, (3, 3)))
>>> two = one.extend(LogEntry(ActionKind.ROLL, None, (5, 2)))
>>> two.length, two.opening_ties, two.anchor == LogEntry(ActionKind.ROLL, None, (5, 2))
(2, 1, True)
>>> LogDigest.of(two_entries := (LogEntry(ActionKind.ROLL, None, (3, 3)), LogEntry(ActionKind.ROLL, None, (5, 2)))) == two
True
>>> len(two.chain)
16
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from gammond.engine.play import Move
from gammond.engine.players import Player
from gammond.engine.result import ResultKind


class ActionKind(Enum):
    """Everything a player can do in a game."""

    ROLL = "roll"
    DOUBLE = "double"
    TAKE = "take"
    DROP = "drop"
    BEAVER = "beaver"
    RACCOON = "raccoon"
    RESIGN = "resign"
    ACCEPT = "accept"
    REJECT = "reject"
    MOVE = "move"
    UNDO = "undo"
    CONFIRM = "confirm"
    PLAY = "play"
    # Not a player's choice: the table's clock ran out for the player to act (the game's last entry).
    TIME_OUT = "time out"


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One thing that happened in the game, enough to replay it.

    ROLL with ``player`` None is an opening roll-off (``dice`` White's die,
    Black's die); PLAY is a confirmed play (its ``moves``, empty never: a
    roll that cannot be played passes the turn without a PLAY entry).
    """

    kind: ActionKind
    player: Player | None = None
    dice: tuple[int, int] | None = None
    moves: tuple[Move, ...] = ()
    resign: ResultKind | None = None


CHAIN_LABEL = b"gammond-log-v1"
# 128 bits: the chain names one log among those a game could have; a
# sealed Game's chain is signed, and nobody can choose an entry to match it.
CHAIN_BYTES = 16
_KIND_CODES = {kind: i + 1 for i, kind in enumerate(ActionKind)}
_RESIGN_CODES = {kind: i + 1 for i, kind in enumerate(ResultKind)}


def entry_bytes(entry: LogEntry) -> bytes:
    """One entry in the chain's fixed encoding (docs/api.md, "The lean game").

    Kind, player (0 for none, 1 White, 2 Black), both dice (0 for none), the
    resignation's kind (0 for none), the number of moves, then each move's
    from and to, one byte each, in the mover's numbering.  Whether a move
    hits follows from the board, so it is left out: a client that keeps
    the entries need not keep the flag.
    """
    die1, die2 = entry.dice if entry.dice is not None else (0, 0)
    player = 0 if entry.player is None else int(entry.player) + 1
    resign = 0 if entry.resign is None else _RESIGN_CODES[entry.resign]
    head = bytes((_KIND_CODES[entry.kind], player, die1, die2, resign, len(entry.moves)))
    return head + bytes(b for m in entry.moves for b in (m.from_point, m.to_point))


def chain_step(chain: bytes, entry: LogEntry) -> bytes:
    """The chain after ``entry``: SHA-256 of the label, the chain before and the entry, cut to 16 bytes."""
    return hashlib.sha256(CHAIN_LABEL + chain + entry_bytes(entry)).digest()[:CHAIN_BYTES]


@dataclass(frozen=True, slots=True)
class LogDigest:
    """The digest of a log (see the module docstring); ``LogDigest()`` is the empty log's."""

    length: int = 0
    chain: bytes = b""
    opening_ties: int = 0
    raises: int = 0
    last: LogEntry | None = None
    anchor: LogEntry | None = None
    resigned: ResultKind | None = None
    resignations: int = 0

    def extend(self, entry: LogEntry) -> LogDigest:
        """The digest of the log with ``entry`` appended."""
        opening_tie = (
            entry.kind is ActionKind.ROLL
            and entry.player is None
            and entry.dice is not None
            and entry.dice[0] == entry.dice[1]
        )
        resign = entry.kind is ActionKind.RESIGN
        return LogDigest(
            length=self.length + 1,
            chain=chain_step(self.chain, entry),
            opening_ties=self.opening_ties + opening_tie,
            raises=self.raises + (entry.kind in _RAISES),
            last=entry,
            anchor=self.anchor if entry.kind in _ASIDE else entry,
            resigned=entry.resign if resign else self.resigned,
            resignations=self.resignations + resign,
        )

    def extended(self, entries: Iterable[LogEntry]) -> LogDigest:
        """The digest with every one of ``entries`` appended, in order."""
        digest = self
        for entry in entries:
            digest = digest.extend(entry)
        return digest

    @classmethod
    def of(cls, log: Iterable[LogEntry]) -> LogDigest:
        """The digest of a whole log."""
        return cls().extended(log)


_RAISES = (ActionKind.TAKE, ActionKind.BEAVER, ActionKind.RACCOON)
# A resignation and its rejection leave the turn where it was.
_ASIDE = (ActionKind.RESIGN, ActionKind.REJECT)
