"""A game through PlayService: the client keeps the ``Game`` message, the server checks and advances it.

>>> Game.__doc__.splitlines()[0]
'One match or money session, one game at a time: the state, what may be done, acting.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias

from backgammon.v1 import board_pb2, bot_service_pb2, game_pb2, play_service_pb2, rules_pb2
from gammond_client.client import GammondClient

Color: TypeAlias = board_pb2.Color.ValueType
WHITE: Color = board_pb2.COLOR_WHITE
BLACK: Color = board_pb2.COLOR_BLACK


class Game:
    """One match or money session, one game at a time: the state, what may be done, acting.

    ``state`` is the ``backgammon.v1.Game`` message (store it anywhere; it is
    all the server needs), ``events`` what the last call did, to animate.
    Every method raises :class:`gammond_client.GammondError` when the server
    refuses; the state is then unchanged.
    """

    def __init__(self, client: GammondClient, state: game_pb2.Game) -> None:
        self.client = client
        self.state = state
        self.events: list[game_pb2.Event] = []

    @classmethod
    def start(
        cls,
        client: GammondClient,
        *,
        match_length: int = 0,
        rules: rules_pb2.RuleOptions | None = None,
        dice_source: game_pb2.DiceSource.ValueType = game_pb2.DICE_SOURCE_SERVER,
        seed: bytes = b"",
    ) -> Game:
        """A new match to ``match_length`` (0: money play), or under ``rules``, at its opening roll."""
        chosen = rules if rules is not None else rules_pb2.RuleOptions(match_length=match_length)
        request = play_service_pb2.NewGameRequest(rules=chosen, dice_source=dice_source, seed=seed)
        return cls(client, client.new_game(request).game)

    # -- where the game stands ---------------------------------------------------------

    @property
    def phase(self) -> game_pb2.Phase.ValueType:
        return self.state.phase

    @property
    def game_over(self) -> bool:
        """This game is over (the match may go on: see :meth:`next_game`)."""
        return self.state.phase in (game_pb2.PHASE_GAME_OVER, game_pb2.PHASE_MATCH_OVER)

    @property
    def match_over(self) -> bool:
        return self.state.phase == game_pb2.PHASE_MATCH_OVER

    def listing(self) -> play_service_pb2.ListActionsResponse:
        """Everything ListActions says: actions, complete plays, dice left, the board now."""
        return self.client.list_actions(self.state)

    def actions(self, player: Color | None = None) -> list[game_pb2.Action]:
        """The actions allowed now, all or ``player``'s."""
        return [a for a in self.listing().actions if player is None or a.player == player]

    def to_act(self) -> list[Color]:
        """The players who may act now (both at the opening roll)."""
        return list(self.listing().to_act)

    # -- acting ---------------------------------------------------------------------------

    def act(self, action: game_pb2.Action) -> list[game_pb2.Event]:
        """Take ``action`` (as listed, or built by hand); returns the events."""
        answer = self.client.act(self.state, action)
        self.state, self.events = answer.game, list(answer.events)
        return self.events

    def _do(
        self, kind: game_pb2.ActionKind.ValueType, player: Color | None, **fields: object
    ) -> list[game_pb2.Event]:
        actor = player if player is not None else self.state.turn
        return self.act(game_pb2.Action(kind=kind, player=actor, **fields))  # type: ignore[arg-type]

    def roll(self, player: Color | None = None, dice: Sequence[int] | None = None) -> list[game_pb2.Event]:
        """Roll (``dice`` only where the client supplies them; the opening roll needs ``player``)."""
        extra = {} if dice is None else {"dice": board_pb2.Dice(die1=dice[0], die2=dice[1])}
        if player is None and self.phase == game_pb2.PHASE_OPENING_ROLL:
            player = WHITE  # either player may start the opening roll
        return self._do(game_pb2.ACTION_KIND_ROLL, player, **extra)

    def move(self, from_point: int, to_point: int, player: Color | None = None) -> list[game_pb2.Event]:
        """Move one checker from..to (one die, or several in a row)."""
        move = board_pb2.CheckerMove(from_point=from_point, to_point=to_point)
        return self._do(game_pb2.ACTION_KIND_MOVE, player, move=move)

    def undo(self) -> list[game_pb2.Event]:
        return self._do(game_pb2.ACTION_KIND_UNDO, None)

    def confirm(self) -> list[game_pb2.Event]:
        return self._do(game_pb2.ACTION_KIND_CONFIRM, None)

    def play(self, notation: str) -> list[game_pb2.Event]:
        """Play a whole legal play named by its notation as listed ("8/5 6/5")."""
        for action in self.actions():
            if action.kind == game_pb2.ACTION_KIND_PLAY and action.notation == notation:
                return self.act(action)
        raise ValueError(f"{notation!r} is not a legal play now")

    def bot(
        self,
        level: bot_service_pb2.BotLevel.ValueType = bot_service_pb2.BOT_LEVEL_ADVANCED,
        player: Color | None = None,
    ) -> list[game_pb2.Action]:
        """Let the bot act for ``player`` (default: whoever must act now); returns its actions."""
        request = play_service_pb2.BotActRequest(game=self.state, level=level)
        if player is not None:
            request.player = player
        answer = self.client.bot_act(request)
        self.state, self.events = answer.game, list(answer.events)
        return list(answer.actions)

    def next_game(self) -> None:
        """Start the next game of the match once this one is over."""
        self.state = self.client.new_game(play_service_pb2.NewGameRequest(previous=self.state)).game
        self.events = []
