"""A game through PlayService: the client keeps the ``Game`` message, the server checks and advances it.

The helper plays the lean flow: the Game travels with its log's digest
(constant size), every answer carries the actions open next (no ListActions
after an action), and the log entries each answer adds are kept here, for
a record (:meth:`Game.record`).

>>> Game.__doc__.splitlines()[0]
'One match or money session, one game at a time: the state, what may be done, acting.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias

from backgammon.v1 import board_pb2, bot_service_pb2, game_pb2, play_service_pb2, rules_pb2
from gammond_client.client import GammondClient

Color: TypeAlias = board_pb2.Color.ValueType
View: TypeAlias = play_service_pb2.ActionsView.ValueType
Level: TypeAlias = bot_service_pb2.BotLevel.ValueType
WHITE: Color = board_pb2.COLOR_WHITE
BLACK: Color = board_pb2.COLOR_BLACK


class Game:
    """One match or money session, one game at a time: the state, what may be done, acting.

    ``state`` is the ``backgammon.v1.Game`` message (store it anywhere; it is
    all the server needs), ``events`` what the last call did, to animate.
    Every method raises :class:`gammond_client.GammondError` when the server
    refuses; the state is then unchanged.
    """

    def __init__(
        self,
        client: GammondClient,
        state: game_pb2.Game,
        choices: play_service_pb2.ListActionsResponse | None = None,
        view: View = play_service_pb2.ACTIONS_VIEW_COMPACT,
        bot: Level | None = None,
    ) -> None:
        self.client = client
        self.state = state
        self.view = view
        # Playing the bot: each action's answer carries the bot's reply (Act's bot_reply).
        self.bot_level = bot
        self.events: list[game_pb2.Event] = []
        # The bot's actions in the last call's answer (Act's bot_actions, BotAct's actions).
        self.bot_actions: list[game_pb2.Action] = []
        # What the server said may be done now; None: ask ListActions (a stored Game).
        self.choices = choices
        # This game's log as the answers gave it, entry by entry (a lean Game carries only its digest).
        self.log: list[game_pb2.LogEntry] = list(state.log)

    @classmethod
    def start(
        cls,
        client: GammondClient,
        *,
        match_length: int = 0,
        rules: rules_pb2.RuleOptions | None = None,
        dice_source: game_pb2.DiceSource.ValueType = game_pb2.DICE_SOURCE_SERVER,
        seed: bytes = b"",
        view: View = play_service_pb2.ACTIONS_VIEW_COMPACT,
        lean: bool = True,
        bot: Level | None = None,
    ) -> Game:
        """A new match to ``match_length`` (0: money play), or under ``rules``, at its opening roll.

        ``view``: what each answer lists (MOVES for a board UI that moves
        single checkers, COMPACT to also choose whole plays). ``lean``: the
        Game carries its log's digest, not its log. ``bot``: the level of a
        bot that replies, within each call, for the other player.
        """
        chosen = rules if rules is not None else rules_pb2.RuleOptions(match_length=match_length)
        form = game_pb2.GAME_FORM_LEAN if lean else game_pb2.GAME_FORM_FULL
        request = play_service_pb2.NewGameRequest(
            rules=chosen, dice_source=dice_source, seed=seed, form=form, view=view
        )
        answer = client.new_game(request)
        return cls(client, answer.game, _choices_of(answer), view, bot)

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
        """What may be done now (actions, plays, dice left, the board now), as the last answer listed it.

        Only a Game that came from elsewhere (a stored one) costs a ListActions call.
        """
        if self.choices is None:
            self.choices = self.client.list_actions(self.state, self.view)
        return self.choices

    def actions(self, player: Color | None = None) -> list[game_pb2.Action]:
        """The actions allowed now, all or ``player``'s."""
        return [a for a in self.listing().actions if player is None or a.player == player]

    def to_act(self) -> list[Color]:
        """The players who may act now (both at the opening roll)."""
        return list(self.listing().to_act)

    # -- acting ---------------------------------------------------------------------------

    def act(self, action: game_pb2.Action) -> list[game_pb2.Event]:
        """Take ``action`` (as listed, or built by hand); returns the events."""
        request = play_service_pb2.ActRequest(
            game=_returned(self.state), action=_bare(action), view=self.view
        )
        if self.bot_level is not None and action.player:
            request.bot_reply = self.bot_level
        answer = self.client.act_request(request)
        self._took(answer.game, answer.events, answer.logged, _choices_of(answer))
        self.bot_actions = list(answer.bot_actions)
        return self.events

    def _took(
        self,
        state: game_pb2.Game,
        events: Sequence[game_pb2.Event],
        logged: Sequence[game_pb2.LogEntry],
        choices: play_service_pb2.ListActionsResponse | None,
    ) -> None:
        self.state, self.events, self.choices = state, list(events), choices
        self.log.extend(logged)

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

    def plays(self) -> list[board_pb2.Play]:
        """The complete legal plays of the roll being played (empty unless moving, or in the MOVES view)."""
        return list(self.listing().plays)

    def play(self, notation: str) -> list[game_pb2.Event]:
        """Play a whole legal play named by its notation as listed ("8/5 6/5")."""
        for play in self.plays():
            if play.notation == notation:
                return self._do(game_pb2.ACTION_KIND_PLAY, None, moves=play.moves)
        for action in self.actions():  # the FULL view lists each play as an action too
            if action.kind == game_pb2.ACTION_KIND_PLAY and action.notation == notation:
                return self.act(action)
        raise ValueError(f"{notation!r} is not a legal play now")

    def bot(
        self,
        level: bot_service_pb2.BotLevel.ValueType = bot_service_pb2.BOT_LEVEL_ADVANCED,
        player: Color | None = None,
    ) -> list[game_pb2.Action]:
        """Let the bot act for ``player`` (default: whoever must act now); returns its actions."""
        request = play_service_pb2.BotActRequest(game=_returned(self.state), level=level, view=self.view)
        if player is not None:
            request.player = player
        answer = self.client.bot_act(request)
        self._took(answer.game, answer.events, answer.logged, _choices_of(answer))
        self.bot_actions = list(answer.actions)
        return self.bot_actions[:]

    def record(self) -> game_pb2.Game:
        """This game with its whole log, as ExportMatch takes it (the server checks the log against the digest)."""
        whole = game_pb2.Game()
        whole.CopyFrom(self.state)
        if not whole.log:
            whole.log.extend(self.log)
        return whole

    def next_game(self) -> None:
        """Start the next game of the match once this one is over."""
        request = play_service_pb2.NewGameRequest(previous=self.state, view=self.view)
        answer = self.client.new_game(request)
        self.state, self.events, self.choices = answer.game, [], _choices_of(answer)
        self.bot_actions = []
        self.log = list(answer.game.log)


def _returned(state: game_pb2.Game) -> game_pb2.Game:
    """What goes back to the server: a sealed Game's seal alone (the server reads nothing else), else the
    Game without its output-only fields."""
    if state.HasField("seal"):
        return game_pb2.Game(seal=state.seal)
    if not (state.HasField("board_now") or state.HasField("score_after")):
        return state
    returned = game_pb2.Game()
    returned.CopyFrom(state)
    returned.ClearField("board_now")
    returned.ClearField("score_after")
    return returned


def _bare(action: game_pb2.Action) -> game_pb2.Action:
    """A listed action without the hints the server ignores on input (dice used and left, one-hop steps)."""
    if action.kind != game_pb2.ACTION_KIND_MOVE or not (action.dice_used or action.dice_left):
        return action
    bare = game_pb2.Action(kind=action.kind, player=action.player, move=action.move)
    if len(action.steps) > 1:
        bare.steps.extend(action.steps)
    return bare


def _choices_of(
    answer: play_service_pb2.NewGameResponse | play_service_pb2.ActResponse | play_service_pb2.BotActResponse,
) -> play_service_pb2.ListActionsResponse | None:
    return answer.choices if answer.HasField("choices") else None
