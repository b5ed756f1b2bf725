"""PlayService: the game flow (NewGame, ListActions, Act, BotAct) over one Game message.

Each call decodes and checks the whole Game, calls the engine once, and
encodes the answer; ListActions' and Act's answers are written as bytes
(:mod:`gammond.server.wire.choices`, :mod:`~gammond.server.wire.game_bytes`),
the message-building methods staying as the reference the tests compare
them with.  The common actions on a lean Game this worker knows, and a
moving player's ListActions, are answered by the compiled kernel from the
Game's bytes (:mod:`gammond.server.wire.flow_bytes`), the same bytes, with
what the cube's rules allow from the engine by the Game's context
(:mod:`gammond.server.wire.flow_context`); the requests in the flow's common
form are read without their messages (:mod:`gammond.server.wire.flow_requests`),
and the Game the kernel writes is kept unread until a call needs it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import grpc

from backgammon.v1 import game_pb2, play_service_pb2_grpc
from backgammon.v1 import play_service_pb2 as pb
from gammond.engine import (
    MAX_SEED_BYTES,
    Action,
    Choices,
    DiceSource,
    Event,
    Game,
    LogEntry,
    Phase,
    Player,
    add_client_seed,
    apply_action,
    list_actions,
    new_game,
    next_game,
)
from gammond.engine.bot import Evaluator, bot_act
from gammond.server.deadlines import stopper
from gammond.server.errors import PreconditionError, WireError
from gammond.server.sealing import Keyring
from gammond.server.services.sealed import GameCodec, Unread
from gammond.server.services.wired import add_wired_service
from gammond.server.wire import flow_bytes, flow_context
from gammond.server.wire.board import decode_color
from gammond.server.wire.bot import decode_level
from gammond.server.wire.choices import choices_wire
from gammond.server.wire.flow_requests import FlowAct, FlowListing, parsed, read_act, read_listing
from gammond.server.wire.game import (
    FAIR_NEEDS_KEYS,
    FAIR_REQUIRED,
    VIEW_COMPACT,
    VIEW_FULL,
    VIEW_MOVES,
    VIEW_NONE,
    VIEW_PLAYS,
    decode_dice_source,
    decode_flow_action,
    decode_form,
    decode_seed_commitments,
    decode_view,
    encode_choices,
    encode_entries,
    encode_event,
    encode_flow_action,
)
from gammond.server.wire.game_bytes import entry_bytes, event_bytes, message_field, repeated_field
from gammond.server.wire.rules import decode_rules

STALE_GAME = "STALE_GAME"
# ActResponse's field numbers (backgammon/v1/play_service.proto).
_ACT_GAME, _ACT_EVENTS, _ACT_CHOICES, _ACT_LOGGED, _ACT_BOT_ACTIONS = range(1, 6)


@dataclass(frozen=True, slots=True)
class _Acted:
    """What an Act did: the game before (with its message), the game after, the answer's view, what happened."""

    before: tuple[Game, game_pb2.Game | None]
    after: Game
    view: int
    events: tuple[Event, ...]
    logged: tuple[LogEntry, ...]
    bot_actions: tuple[Action, ...]


def _listing_view(value: int) -> int:
    """ListActions' view: unset is FULL; NONE is refused (it lists nothing)."""
    view = decode_view(value, "view", VIEW_FULL)
    if view == VIEW_NONE:
        raise WireError(
            "view",
            "ListActions lists actions: ACTIONS_VIEW_NONE is for the answers of Act, BotAct and NewGame",
        )
    return view


def _answer_view(value: int, game: Game) -> int:
    """An answer's view: unset lists COMPACT for a lean game and nothing for a full one (as before)."""
    return decode_view(value, "view", VIEW_COMPACT if game.is_lean() else VIEW_NONE)


def _choices(game: Game, view: int) -> pb.ListActionsResponse | None:
    # The answer's Game says the board now: only FULL, as ListActions answers, repeats it.
    return None if view == VIEW_NONE else encode_choices(game, _listed(game, view), view, view == VIEW_FULL)


def _listed(game: Game, view: int) -> Choices:
    # Only the FULL view lists each play a second time, as a PLAY action.
    return list_actions(game, play_actions=view == VIEW_FULL)


# Actions read, by their bytes: a game's actions recur (the same moves, rolls and
# confirmations), and reading one is a function of its bytes.  Bounded: cleared when full.
_ACTIONS_READ: dict[bytes, Action] = {}
_ACTIONS_READ_MAX = 4096


def _read_action(message: game_pb2.Action) -> Action:
    """``decode_flow_action(message)``, kept by the message's bytes (a refused one is not kept)."""
    key = message.SerializeToString()
    action = _ACTIONS_READ.get(key)
    if action is None:
        action = decode_flow_action(message)
        if len(_ACTIONS_READ) >= _ACTIONS_READ_MAX:
            _ACTIONS_READ.clear()
        _ACTIONS_READ[key] = action
    return action


def _alone_to_act(game: Game, player: Player) -> bool:
    """Whether ``player``, and nobody else, has something the bot can do now."""
    if game.over:
        return False
    listed = list_actions(game, play_actions=False).actions
    if not listed or any(a.player is not player for a in listed):
        return False
    # Dice from the client: the bot cannot roll for them, so it leaves its turn's start to its client.
    return game.dice_source is not DiceSource.CLIENT or game.phase is not Phase.BEFORE_ROLL


def _check_version(request: pb.ActRequest | pb.BotActRequest, game: Game | Unread) -> None:
    """The stale-state guard: the caller names the version it handed out last."""
    _check_expected(request.expected_version if request.HasField("expected_version") else None, game)


def _check_expected(expected: int | None, game: Game | Unread) -> None:
    if expected is not None and game.version != expected:
        raise PreconditionError(
            STALE_GAME,
            f"game {game.game_id.hex() or '(no id)'} is at version {game.version}, "
            f"not {expected}: a stale or replayed state",
        )


class PlayServicer(play_service_pb2_grpc.PlayServiceServicer):
    """Stateless: every request carries the Game it applies to."""

    def __init__(
        self,
        evaluator: Evaluator,
        max_search_s: float,
        keyring: Keyring | None = None,
        require_fair_dice: bool = False,
    ) -> None:
        self.evaluator = evaluator
        self.max_search_s = max_search_s
        # Games in and out: sealed and verified when the server has state keys.
        self.games = GameCodec(keyring)
        if require_fair_dice and keyring is None:
            raise ValueError("require_fair_dice needs state keys: fair dice do")
        # An online deployment: a game that does not ask gets fair dice, and
        # one that asks for any other source is refused rather than quietly
        # changed, so a client never believes it got the dice it asked for.
        self.require_fair_dice = require_fair_dice

    def _refuse_unfair(self, source: DiceSource, what: str) -> None:
        if self.require_fair_dice and source is not DiceSource.FAIR:
            raise PreconditionError(
                FAIR_REQUIRED,
                f"this server only starts games with fair dice (DICE_SOURCE_FAIR); {what} DICE_SOURCE_{source.name}",
            )

    def _fresh_seed(self) -> tuple[bytes, bytes]:
        if self.games.keyring is None:
            raise PreconditionError(FAIR_NEEDS_KEYS, "fair dice need a server with state keys (docs/dice.md)")
        return self.games.new_nonce_and_seed()

    def NewGame(self, request: pb.NewGameRequest, context: grpc.ServicerContext) -> pb.NewGameResponse:
        game = self._new_game(request)
        view = _answer_view(request.view, game)
        return pb.NewGameResponse(game=self.games.write(game), choices=_choices(game, view))

    def _new_game(self, request: pb.NewGameRequest) -> Game:
        lean = decode_form(request.form, "form")
        if request.HasField("previous"):
            previous = self.games.read(request.previous, "previous")
            self._refuse_unfair(previous.dice_source, "the previous game's dice are")
            commitments = decode_seed_commitments(request, previous.dice_source)
            if previous.dice_source is DiceSource.FAIR or self._keyed_server_dice(previous.dice_source):
                nonce, secret = self._fresh_seed()
                return next_game(previous, seed=secret, nonce=nonce, seed_commitments=commitments, lean=lean)
            return next_game(previous, lean=lean)
        rules = decode_rules(request.rules if request.HasField("rules") else None, "rules")
        default = DiceSource.FAIR if self.require_fair_dice else DiceSource.SERVER
        source = decode_dice_source(request.dice_source, "dice_source", default)
        self._refuse_unfair(source, "dice_source is")
        seed = bytes(request.seed)
        if source is DiceSource.SEEDED and not 1 <= len(seed) <= MAX_SEED_BYTES:
            raise WireError("seed", f"a seeded game needs a seed of 1..{MAX_SEED_BYTES} bytes")
        if source is not DiceSource.SEEDED and seed:
            raise WireError("seed", "only a seeded game (DICE_SOURCE_SEEDED) takes a seed")
        commitments = decode_seed_commitments(request, source)
        nonce = b""
        if source is DiceSource.FAIR or self._keyed_server_dice(source):
            nonce, seed = self._fresh_seed()
        return new_game(
            rules, dice_source=source, seed=seed, nonce=nonce, seed_commitments=commitments, lean=bool(lean)
        )

    def _keyed_server_dice(self, source: DiceSource) -> bool:
        """Server dice on a server with state keys: derived from its secret, so a Game sent again rolls the same."""
        return source is DiceSource.SERVER and self.games.keyring is not None

    def _listing(
        self, request: pb.ListActionsRequest, data: bytes | None = None
    ) -> tuple[Game | Unread, int, bytes | None]:
        """The Game (unread if the kernel wrote it), the view, and the Game's bytes where the kernel may read them.

        ``data``: the Game's bytes as they came, when the request was read without its message.
        """
        game, _, key = self.games.read_flow(request.game, data=data)
        return game, _listing_view(request.view), key

    def _game(self, game: Game | Unread, message: game_pb2.Game) -> Game:
        """``game``, decoded from ``message`` if the kernel wrote it (see :meth:`GameCodec.read_flow`)."""
        return self.games.read(message) if isinstance(game, Unread) else game

    def ListActions(
        self, request: pb.ListActionsRequest, context: grpc.ServicerContext
    ) -> pb.ListActionsResponse:
        read, view, _ = self._listing(request)
        game = self._game(read, request.game)
        return encode_choices(game, _listed(game, view), view)

    def list_actions_wire(
        self, request: pb.ListActionsRequest | FlowListing, context: grpc.ServicerContext
    ) -> bytes:
        """ListActions as the bytes of the same answer, the plays without a message each.

        A lean Game's answer (moving: full, compact or moves; before the roll;
        answering a double) is written by the compiled kernel when it can
        (:func:`~gammond.server.wire.flow_bytes.listing`), the same bytes; a
        Game this worker wrote, sent back as it came, without its message
        (:class:`~gammond.server.wire.flow_requests.FlowListing`).
        """
        if isinstance(request, FlowListing):
            found = self.games.flow_game(request.game)
            if found is not None:
                listed = self._list_in_kernel(found[1], _listing_view(request.view))
                if listed is not None:
                    return listed
            data: bytes | None = request.game
            request = request.message()
        else:
            data = None
        read, view, key = self._listing(request, data)
        message = request.game
        if key is not None:
            listed = self._list_in_kernel(key, view)
            if listed is not None:
                return listed
        game = self._game(read, message)
        return choices_wire(game, _listed(game, view), view)

    @staticmethod
    def _list_in_kernel(key: bytes, view: int) -> bytes | None:
        """The kernel's ListActions for the Game whose bytes are ``key``, or None for the general path."""
        if view == VIEW_PLAYS:  # the kernel lists plays in the full view only
            return None
        known = flow_context.context(key)
        if known is None:
            return None
        allowed = flow_bytes.MOVES_VIEW if view == VIEW_MOVES else 0
        allowed |= known.rights & flow_bytes.MAY_DOUBLE_NOW
        if known.rights & flow_context.BEAVER_NOW:
            allowed |= flow_bytes.MAY_BEAVER
        return flow_bytes.listing(key, view == VIEW_FULL, allowed)

    def wire_methods(self) -> dict[str, Callable[[Any, grpc.ServicerContext], bytes]]:
        """The methods answered as bytes, by RPC name (see :mod:`gammond.server.wire.choices`)."""
        return {"ListActions": self.list_actions_wire, "Act": self.act_wire}

    @staticmethod
    def readers() -> dict[str, Callable[[bytes], Any]]:
        """Act's and ListActions' requests in the flow's common form are read without their messages."""
        return {"Act": read_act, "ListActions": read_listing}

    def Act(self, request: pb.ActRequest, context: grpc.ServicerContext) -> pb.ActResponse:
        acted = self._act(request, context)
        response = pb.ActResponse(
            game=self.games.write(acted.after, acted.before),
            events=[encode_event(e) for e in acted.events],
            logged=encode_entries(acted.logged),
            bot_actions=[encode_flow_action(a) for a in acted.bot_actions],
        )
        choices = _choices(acted.after, acted.view)
        if choices is not None:
            response.choices.CopyFrom(choices)
        return response

    def act_wire(self, request: pb.ActRequest | FlowAct, context: grpc.ServicerContext) -> bytes:
        """Act as the bytes of the same answer, written without its messages (see :mod:`~gammond.server.wire.game_bytes`).

        The common actions on a lean Game (a move, an undo, the turn's end,
        a roll, a resignation's offer, a double and its take) are answered
        by the compiled kernel when it can (:mod:`~gammond.server.wire.flow_bytes`),
        the same bytes; on a Game this worker wrote, sent back as it came,
        without the request's message (:class:`~gammond.server.wire.flow_requests.FlowAct`).
        """
        if isinstance(request, FlowAct):
            answer = self._act_as_sent(request)
            if answer is not None:
                return answer
            data: bytes | None = request.game
            request = request.message()
        else:
            data = None
        read, source, key = self.games.read_flow(request.game, data=data)
        if key is not None and request.action.kind in flow_bytes.KINDS:
            answer = self._step_in_kernel(request, read, key)
            if answer is not None:
                return answer
        game = read
        if isinstance(game, Unread):
            game, source = self.games.read_message(request.game)
        acted = self._act(request, context, (game, source))
        after, view = acted.after, acted.view
        if after.is_lean():
            written = self.games.write_bytes(after)
        else:  # a full game's log copies the request's entries as sent (see encode_game): the message path
            written = self.games.write(after, acted.before).SerializeToString()
        parts = [
            message_field(_ACT_GAME, written),
            repeated_field(_ACT_EVENTS, map(event_bytes, acted.events)),
        ]
        if view != VIEW_NONE:
            parts.append(
                message_field(
                    _ACT_CHOICES, choices_wire(after, _listed(after, view), view, view == VIEW_FULL)
                )
            )
        parts.append(repeated_field(_ACT_LOGGED, map(entry_bytes, acted.logged)))
        if acted.bot_actions:
            actions = (encode_flow_action(a).SerializeToString() for a in acted.bot_actions)
            parts.append(repeated_field(_ACT_BOT_ACTIONS, actions))
        return b"".join(parts)

    def _act_as_sent(self, request: FlowAct) -> bytes | None:
        """The kernel's answer to a :class:`FlowAct` on a Game this worker knows as its own, or None."""
        found = self.games.flow_game(request.game)
        if found is None or request.view not in flow_bytes.VIEWS:
            return None
        game, key = found
        parsed(
            game_pb2.Action, request.action
        )  # the kernel reads what it acts on; the rest must be valid too
        _check_expected(request.expected_version, game)
        return self._kernel_act(game, key, request.action, request.view)

    def _step_in_kernel(self, request: pb.ActRequest, game: Game | Unread, key: bytes) -> bytes | None:
        """The kernel's answer to a MOVE, UNDO, CONFIRM, PLAY, RESIGN, ROLL, DOUBLE or TAKE, or None for the general path."""
        if request.view not in flow_bytes.VIEWS:
            return None
        if request.bot_reply:
            decode_level(request.bot_reply, "bot_reply")  # refused as the general path refuses it
            if request.action.kind not in flow_bytes.BOT_WAITS:
                return None  # the bot may have to answer: the general path
        _check_version(request, game)
        action = request.action.SerializeToString()
        return self._kernel_act(game, key, action, request.view)

    def _kernel_act(self, game: Game | Unread, key: bytes, action: bytes, view: int) -> bytes | None:
        """The kernel's Act of ``action`` (its bytes) on the Game whose bytes are ``key``, or None.

        The kernel checks the phase and the action; what the cube's rules
        allow, and what a drop gives, come from the engine
        (:mod:`~gammond.server.wire.flow_context`).  The new Game is kept unread (:class:`~gammond.server.services.sealed.Unread`):
        the next call, most often the kernel's again, reads its bytes.
        """
        known = flow_context.context(key)
        if known is None:
            return None
        allowed = (known.rights & flow_context.ACT_RIGHTS) | (
            flow_bytes.MOVES_VIEW if view == VIEW_MOVES else 0
        )
        stepped = flow_bytes.step(key, action, allowed, known.drop)
        if stepped is None:
            return None
        answer, after, whole = stepped
        version = game.version + 1  # every action the kernel takes is one more
        if self.games.keyring is None:
            self.games.wrote(after, game.game_id, version)
            return answer
        # A server with state keys seals the new Game: the answer's first field written again.
        sealed = self.games.sealed_bytes(after, whole, game.game_id, version)
        rest = answer[len(message_field(_ACT_GAME, whole)) :]
        return message_field(_ACT_GAME, sealed) + rest

    def _act(
        self,
        request: pb.ActRequest,
        context: grpc.ServicerContext,
        read: tuple[Game, game_pb2.Game | None] | None = None,
    ) -> _Acted:
        """The action (and the bot's reply) taken; the answer is its callers' to write.

        ``read``: the Game and its message when the caller has read them already.
        """
        game, source = self.games.read_message(request.game) if read is None else read
        view = _answer_view(request.view, game)
        _check_version(request, game)
        action = _read_action(request.action)
        reply = None
        if request.bot_reply:
            reply = decode_level(request.bot_reply, "bot_reply")
            if action.player is None:
                raise WireError("action.player", "names the player who acts when the bot replies (bot_reply)")
        after, events = apply_action(game, action)
        bot_actions: tuple[Action, ...] = ()
        if reply is not None and action.player is not None:
            bot = action.player.opponent
            if _alone_to_act(after, bot):
                turn = bot_act(after, bot, self.evaluator, reply, stop=stopper(context, self.max_search_s))
                after, events, bot_actions = turn.game, events + turn.events, turn.actions
        return _Acted((game, source), after, view, events, after.log[len(game.log) :], bot_actions)

    def BotAct(self, request: pb.BotActRequest, context: grpc.ServicerContext) -> pb.BotActResponse:
        game, source = self.games.read_message(request.game)
        view = _answer_view(request.view, game)
        _check_version(request, game)
        level = decode_level(request.level, "level")
        if request.player:
            player = decode_color(request.player, "player")
        else:
            acting = list_actions(game, play_actions=False).actions
            players = {a.player for a in acting if a.player is not None}
            if len(players) != 1:
                raise WireError("player", "is required when not exactly one player must act now")
            player = players.pop()
        turn = bot_act(
            game,
            player,
            self.evaluator,
            level,
            seed=request.seed if request.HasField("seed") else None,
            stop=stopper(context, self.max_search_s),
        )
        return pb.BotActResponse(
            actions=[encode_flow_action(a) for a in turn.actions],
            game=self.games.write(turn.game, (game, source)),
            events=[encode_event(e) for e in turn.events],
            evaluator=self.evaluator.name,
            choices=_choices(turn.game, view),
            logged=encode_entries(turn.game.log[len(game.log) :]),
        )

    def AddClientSeed(
        self, request: pb.AddClientSeedRequest, context: grpc.ServicerContext
    ) -> pb.AddClientSeedResponse:
        game = self.games.read(request.game)
        player = decode_color(request.player, "player")
        seed = bytes(request.seed)
        if not 1 <= len(seed) <= MAX_SEED_BYTES:
            raise WireError("seed", f"a player's seed has 1..{MAX_SEED_BYTES} bytes")
        return pb.AddClientSeedResponse(game=self.games.write(add_client_seed(game, player, seed)))


def add_to_server(servicer: PlayServicer, server: grpc.Server) -> None:
    """Serve PlayService as ``add_PlayServiceServicer_to_server`` would, ListActions as bytes."""
    add_wired_service(servicer, server, pb.DESCRIPTOR.services_by_name["PlayService"])
