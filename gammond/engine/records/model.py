"""A match record: the games of a match (each with its log), the players' names, the rules.

A :class:`MatchRecord` is what a ``.mat`` file holds and what the analysis
walks.  It is built from the flow's :class:`~gammond.engine.flow.Game`
values (:func:`record_of`), which it checks: every game's log must replay
to the game itself, and each game must start at the score the previous one
ended on, so a record can never describe a match no legal play could reach.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gammond.engine.errors import EngineError, InvalidGameError
from gammond.engine.flow import Game, fresh, next_game, replay
from gammond.engine.players import Player
from gammond.engine.rules import RuleOptions

DEFAULT_NAMES = ("White", "Black")
# A record longer than this is refused rather than walked (a 25-point match
# rarely goes past 40 games).
MAX_GAMES = 512
MAX_NAME = 64


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """The games of a match in order, all but the last one finished.

    ``names`` are White's and Black's (White is "Player 1", the left column
    of a ``.mat`` file); ``meta`` keeps a file's header tags (``Event``,
    ``Site``...) in order, so an import and an export keep them.
    """

    rules: RuleOptions
    games: tuple[Game, ...]
    names: tuple[str, str] = DEFAULT_NAMES
    meta: tuple[tuple[str, str], ...] = ()

    def name(self, player: Player) -> str:
        return self.names[player]

    @property
    def finished(self) -> bool:
        """Whether the last game is over (and so every game of the record)."""
        return bool(self.games) and self.games[-1].over


def _check_name(name: object, index: int) -> str:
    if not isinstance(name, str):
        raise InvalidGameError(f"names[{index}]", f"a player's name must be text, got {name!r}")
    cleaned = " ".join(name.split())
    if not cleaned:
        return DEFAULT_NAMES[index]
    if len(cleaned) > MAX_NAME or ":" in cleaned or not cleaned.isprintable():
        raise InvalidGameError(
            f"names[{index}]",
            f"a player's name must be printable, without ':', at most {MAX_NAME} characters: {name!r}",
        )
    return cleaned


def record_of(
    games: Sequence[Game],
    names: Sequence[str] = DEFAULT_NAMES,
    meta: Sequence[tuple[str, str]] = (),
) -> MatchRecord:
    """The record of ``games`` (a match's games in order, from its first), checked.

    Each game's log is replayed from its opening roll and must give the game
    itself; each game must follow the previous one (:func:`next_game`).
    Raises :class:`InvalidGameError` naming the game that does not fit.
    """
    if not games:
        raise InvalidGameError("games", "a match record needs at least one game")
    if len(games) > MAX_GAMES:
        raise InvalidGameError("games", f"{len(games)} games: at most {MAX_GAMES} are recorded")
    if len(names) != 2:
        raise InvalidGameError("names", f"two names are needed (White, Black), got {len(names)}")
    checked = (_check_name(names[0], 0), _check_name(names[1], 1))
    first = games[0]
    if first.number != 1 or first.sheet or first.score.scores != (0, 0):
        raise InvalidGameError("games[0]", "the record must start with the first game of the match, at 0-0")
    for index, game in enumerate(games):
        where = f"games[{index}]"
        if index and not games[index - 1].over:
            raise InvalidGameError(where, f"game {index} is not over, so no game can follow it")
        if index:
            expected = next_game(games[index - 1])
            if (game.rules, game.score, game.number, game.sheet) != (
                expected.rules,
                expected.score,
                expected.number,
                expected.sheet,
            ):
                raise InvalidGameError(
                    where, f"game {index + 1} does not follow game {index}: score or sheet differs"
                )
        if not game.is_whole_log():
            raise InvalidGameError(
                f"{where}.log",
                "a lean game's record needs its whole log: send the entries the answers' `logged` gave",
            )
        try:
            again = replay(fresh(game), game.log)
        except EngineError as exc:
            raise InvalidGameError(f"{where}.log", f"the log does not replay: {exc}") from None
        if (again.board, again.cube, again.result, again.phase, again.turn) != (
            game.board,
            game.cube,
            game.result,
            game.phase,
            game.turn,
        ):
            raise InvalidGameError(where, "the game is not what its log replays to")
    return MatchRecord(first.rules, tuple(games), checked, tuple(meta))
