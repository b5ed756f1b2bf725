"""A game snapshot and the identifiers that carry one: Position ID + Match ID, and XGID.

A snapshot is what the two identifier families can say about a game: the
position seen from the player on roll, the dice, the cube with any pending
offer, the rule options they record and the match score.  Both families
also name the player who must act now, which differs from the player on
roll while an offer awaits its answer (:meth:`GameSnapshot.actor`).

>>> snapshot = GameSnapshot.from_gnubg_ids("4HPwATDgc/ABMA", "cAkAAAAAAAAA")
>>> snapshot.turn, snapshot.options.match_length
(<Player.BLACK: 1>, 0)
>>> GameSnapshot.from_xgid(snapshot.xgid()) == snapshot
True
"""

from __future__ import annotations

from dataclasses import dataclass

from gammond.engine.cube import CubeAction, CubeState
from gammond.engine.ids import GameState, MatchId
from gammond.engine.match import MatchState
from gammond.engine.players import Player
from gammond.engine.position import Position
from gammond.engine.rules import RuleOptions, dataclass_repr
from gammond.engine.xgid import XgidState, format_xgid, parse_xgid


@dataclass(frozen=True, slots=True)
class GameSnapshot:
    """One moment of a game, as the identifiers record it; ``position`` is seen from ``turn``."""

    position: Position
    turn: Player
    dice: tuple[int, int] | None = None
    cube: CubeState = CubeState()
    options: RuleOptions = RuleOptions()
    match: MatchState = MatchState()

    __repr__ = dataclass_repr

    def actor(self) -> Player:
        """Who must act now: whoever answers a pending offer, else the player on roll."""
        responder = self.cube.responder
        return self.turn if responder is None else responder

    # -- GNU Backgammon: Position ID + Match ID -------------------------------------------

    @classmethod
    def from_gnubg_ids(cls, position_id: str, match_id: str) -> GameSnapshot:
        """Parse a Position ID and Match ID pair (GNU Backgammon's ``gnubgid``)."""
        position = Position.from_id(position_id)
        ids = MatchId.from_id(match_id)
        turn = Player(ids.on_roll)
        owner = None if ids.cube_owner is None else Player(ids.cube_owner)
        pending = (CubeAction.DOUBLE, turn) if ids.double_offered else (None, None)
        return cls(
            position=position,
            turn=turn,
            dice=ids.dice if ids.dice != (0, 0) else None,
            cube=CubeState(ids.cube_value, owner, *pending),
            options=RuleOptions(match_length=ids.match_length),
            match=MatchState(ids.match_length, ids.scores, ids.crawford),
        )

    def match_id(self) -> str:
        """The Match ID of this snapshot (the Position ID is ``position.position_id()``)."""
        cube = self.cube
        return MatchId(
            cube_value=cube.value,
            cube_owner=None if cube.owner is None else int(cube.owner),
            on_roll=int(self.turn),
            crawford=self.match.crawford,
            game_state=GameState.OVER if self.position.is_game_over() else GameState.PLAYING,
            turn=int(self.actor()),
            double_offered=cube.pending is CubeAction.DOUBLE,
            dice=self.dice or (0, 0),
            match_length=self.options.match_length,
            scores=self.match.scores,
        ).match_id()

    # -- eXtreme Gammon: XGID ---------------------------------------------------------------

    @classmethod
    def from_xgid(cls, text: str) -> GameSnapshot:
        """Parse an XGID; :class:`NotationError` names what does not parse."""
        state = parse_xgid(text)
        position, turn = state.position_on_roll()
        pending: tuple[CubeAction | None, Player | None] = (None, None)
        if state.pending is not None:
            pending = (CubeAction(state.pending), state.on_roll.opponent)
        return cls(
            position=position,
            turn=turn,
            dice=state.dice,
            cube=CubeState(state.cube_value, state.cube_owner, *pending),
            options=RuleOptions(match_length=state.match_length, jacoby=state.jacoby, beavers=state.beavers),
            match=MatchState(state.match_length, state.scores, state.crawford),
        )

    def xgid(self) -> str:
        """This snapshot as an XGID, which names the player who must act."""
        actor = self.actor()
        cube = self.cube
        return format_xgid(
            XgidState(
                position=self.position if actor is self.turn else self.position.flipped(),
                on_roll=actor,
                dice=self.dice,
                pending=None if cube.pending is None else cube.pending.value,
                cube_value=cube.value,
                cube_owner=cube.owner,
                scores=self.match.scores,
                match_length=self.options.match_length,
                crawford=self.match.crawford,
                jacoby=self.options.jacoby,
                beavers=self.options.beavers,
            )
        )
