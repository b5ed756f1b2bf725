"""Chouette: one player, the box, against a team led by a captain (000_*.txt).

Each player rolls one die to start, rerolling ties: the highest roller is
the box, the second the captain, and the rest wait in the order of their
rolls.  If the box wins, each team member pays the box; if the team wins,
the box pays each member.  When the box wins, the captain goes to the back
of the line and the next player becomes captain; when the team wins, the
box goes to the back, the captain becomes the box and the next player
becomes captain.  With a separate cube for each member (most chouettes now)
each member's game can end differently, and the box keeps its place if it
beats the captain.

>>> lineup = Lineup.from_rolls({"ann": [4], "bob": [6], "cy": [2]})
>>> lineup
Lineup(box='bob', captain='ann', line=('cy',))
>>> next_lineup(lineup, box_won=False)
Lineup(box='ann', captain='cy', line=('bob',))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby

from gammond.engine.errors import InvalidDiceError, InvalidStateError, excerpt
from gammond.engine.players import Player
from gammond.engine.rules import check_player
from gammond.engine.scoring import GameOutcome

MIN_PLAYERS = 3
# A fair die ties forever with probability 0; a broken roller must not hang us.
MAX_ROLL_OFF_ROUNDS = 1000


@dataclass(frozen=True, slots=True)
class Lineup:
    """Who is the box, who is captain, and the order the others wait in."""

    box: str
    captain: str
    line: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "line", tuple(self.line))
        names = self.players
        for name in names:
            if not isinstance(name, str) or not name.strip():
                raise InvalidStateError(f"player names must be non-empty strings, got {excerpt(name)}")
        # Counted once: the line-up's size comes from the client.
        repeated = sorted(name for name, n in Counter(names).items() if n > 1)
        if repeated:
            shown = ", ".join(name if len(name) <= 40 else excerpt(name) for name in repeated[:3])
            raise InvalidStateError(f"player names must differ, but {shown} appear twice")
        if len(names) < MIN_PLAYERS:
            raise InvalidStateError(f"a chouette needs at least {MIN_PLAYERS} players, got {len(names)}")

    @property
    def team(self) -> tuple[str, ...]:
        """The team members playing against the box, the captain first."""
        return (self.captain, *self.line)

    @property
    def players(self) -> tuple[str, ...]:
        """Everyone, in line-up order: box, captain, then the line."""
        return (self.box, self.captain, *self.line)

    @classmethod
    def from_rolls(cls, rolls: Mapping[str, Sequence[int]]) -> Lineup:
        """The line-up from each player's roll-off dice.

        ``rolls[name]`` lists that player's dice in order: the first roll,
        then one more for each tie they were part of.  Every tie must be
        broken, and nobody may have rolled more dice than the ties needed.

        >>> Lineup.from_rolls({"ann": [5, 2], "bob": [5, 6], "cy": [1]}).box
        'bob'
        """
        for name, dice in rolls.items():
            for die in dice:
                if not isinstance(die, int) or isinstance(die, bool) or not 1 <= die <= 6:
                    raise InvalidDiceError(f"{excerpt(name)} rolled {die!r}, which is not a die from 1 to 6")
        order = _rank(list(rolls), rolls, 0)
        if len(order) < MIN_PLAYERS:
            raise InvalidStateError(f"a chouette needs at least {MIN_PLAYERS} players, got {len(order)}")
        return cls(order[0], order[1], tuple(order[2:]))


def _rank(names: list[str], rolls: Mapping[str, Sequence[int]], depth: int) -> list[str]:
    """``names`` (tied on their first ``depth`` dice) from highest roller to lowest.

    A work list, not recursion: how deep the ties go comes from the client.
    """
    ranked: list[str] = []
    # Groups still to rank, the next one last; each is tied on its first ``level`` dice.
    pending: list[tuple[list[str], int]] = [(names, depth)]
    while pending:
        group, level = pending.pop()
        if len(group) == 1:
            (name,) = group
            if len(rolls[name]) != level:
                raise InvalidDiceError(
                    f"{excerpt(name)} rolled {len(rolls[name])} dice in the roll-off, but only {level} were needed"
                )
            ranked.append(name)
            continue
        for name in group:
            if len(rolls[name]) <= level:
                others = ", ".join(excerpt(other) for other in group[:4] if other != name)
                raise InvalidDiceError(f"{excerpt(name)} is still tied with {others} and needs another roll")
        ordered = sorted(group, key=lambda name: rolls[name][level], reverse=True)
        subgroups = [list(tied) for _, tied in groupby(ordered, key=lambda name: rolls[name][level])]
        pending.extend((tied, level + 1) for tied in reversed(subgroups))
    return ranked


@dataclass(frozen=True, slots=True)
class RollOff:
    """A roll-off's line-up and the dice that decided it (for replay)."""

    lineup: Lineup
    rolls: tuple[tuple[str, tuple[int, ...]], ...]


def roll_off(names: Sequence[str], die: Callable[[], int]) -> RollOff:
    """Roll one die each with ``die`` (e.g. ``roller.die``), rerolling ties among the tied.

    Players roll in the order of ``names``.
    """
    rolls: dict[str, list[int]] = {name: [] for name in names}
    if len(rolls) != len(names):
        raise InvalidStateError(f"player names must differ, got {excerpt(list(names))}")
    groups = [list(names)]
    rounds = 0
    while groups:
        rounds += 1
        if rounds > MAX_ROLL_OFF_ROUNDS:
            raise InvalidDiceError(f"the roll-off was still tied after {MAX_ROLL_OFF_ROUNDS} rounds")
        next_groups: list[list[str]] = []
        for group in groups:
            for name in group:
                rolls[name].append(die())
            by_die: dict[int, list[str]] = {}
            for name in group:
                by_die.setdefault(rolls[name][-1], []).append(name)
            next_groups.extend(tied for tied in by_die.values() if len(tied) > 1)
        groups = next_groups
    lineup = Lineup.from_rolls(rolls)
    return RollOff(lineup, tuple((name, tuple(dice)) for name, dice in rolls.items()))


@dataclass(frozen=True, slots=True)
class Payment:
    """``payer`` pays ``payee`` ``points``."""

    payer: str
    payee: str
    points: int


@dataclass(frozen=True, slots=True)
class Settlement:
    """What changes hands after one chouette game, member by member."""

    payments: tuple[Payment, ...]

    def net(self, name: str) -> int:
        """``name``'s points won less points lost in this game."""
        won = sum(p.points for p in self.payments if p.payee == name)
        return won - sum(p.points for p in self.payments if p.payer == name)


def settle(lineup: Lineup, games: Mapping[str, GameOutcome], box: Player) -> Settlement:
    """Settle one game: ``games[member]`` is each team member's own game against the box.

    ``box`` is the colour the box played.  Each member has their own cube
    and result (one may have dropped a double that another took); the loser
    of each game pays the winner its points.
    """
    box_side = check_player(box, "box's colour")
    _check_games(lineup, games)
    payments: list[Payment] = []
    for member in lineup.team:
        outcome = games[member]
        if outcome.winner is box_side:
            payments.append(Payment(member, lineup.box, outcome.points))
        else:
            payments.append(Payment(lineup.box, member, outcome.points))
    return Settlement(tuple(payments))


def box_keeps_place(
    lineup: Lineup, games: Mapping[str, GameOutcome], box: Player, *, captain_decides: bool = True
) -> bool:
    """Whether the box won for the line-up's rotation.

    With ``captain_decides`` (separate cubes, most chouettes now) the box's
    result against the captain decides; without it the box must have won
    every member's game, as in the one-cube chouette where the box wins or
    the team wins.
    """
    box_side = check_player(box, "box's colour")
    _check_games(lineup, games)
    deciding = (lineup.captain,) if captain_decides else lineup.team
    return all(games[member].winner is box_side for member in deciding)


def next_lineup(lineup: Lineup, box_won: bool) -> Lineup:
    """The line-up for the next game.

    >>> lineup = Lineup("ann", "bob", ("cy", "dee"))
    >>> next_lineup(lineup, box_won=True)
    Lineup(box='ann', captain='cy', line=('dee', 'bob'))
    """
    waiting, rest = lineup.line[0], lineup.line[1:]
    if box_won:
        return Lineup(lineup.box, waiting, (*rest, lineup.captain))
    return Lineup(lineup.captain, waiting, (*rest, lineup.box))


def _check_games(lineup: Lineup, games: Mapping[str, GameOutcome]) -> None:
    missing = [member for member in lineup.team if member not in games]
    extra = [name for name in games if name not in lineup.team]
    if missing or extra:
        raise InvalidStateError(
            f"need one game for each team member {list(lineup.team)}: "
            f"missing {missing}, not on the team {extra}"
        )
    for member in lineup.team:
        if not isinstance(games[member], GameOutcome):
            raise InvalidStateError(f"{excerpt(member)}'s game must be a GameOutcome, got {games[member]!r}")
