"""Whole games as a game frontend plays them: the lean flow, one virtual table per live game.

``gammond-load --games N`` keeps N games live at once, each a table that
plays game after game and keeps its own ``Game`` (lean: constant size) and
acts only from the ``choices`` the last answer listed, as a client does:

* a **human table** (``human`` weight): White taps as a phone's board does
  (roll, single-die ``MOVE``s, ``CONFIRM``, take, accept), pausing
  ``think_s`` between taps (2-4 s: a live game makes about 0.33 calls/s);
  the bot answers in the same call (``Act``'s ``bot_reply``); at the start of
  a share ``hint_turns`` of their turns (0.2: about one hint per 20 taps)
  the player presses "hint" (``BotService.Hint``) before moving;
* a **bot table** (``bot`` weight): both sides are the bot (``BotAct`` only),
  ``bot_pause_s`` apart (0: as fast as the server answers, an AI table).

The run is bounded as any other (``duration_s``, ``max_calls``) and reports
per RPC: ``NewGame``, ``Act``, ``BotAct``, ``Hint``. A call that fails ends
its game; the table starts another.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any, TypeVar

import grpc

from backgammon.v1 import (
    board_pb2,
    bot_service_pb2,
    bot_service_pb2_grpc,
    game_pb2,
    play_service_pb2,
    play_service_pb2_grpc,
    rules_pb2,
)
from gammond.load.report import Report
from gammond.load.runner import LoadSettings, Progress, _channel, _gather_reporting, _Run

K = game_pb2
WHITE = board_pb2.COLOR_WHITE
BLACK = board_pb2.COLOR_BLACK
MOVES = play_service_pb2.ACTIONS_VIEW_MOVES
LEVELS: Mapping[str, bot_service_pb2.BotLevel.ValueType] = {
    "beginner": bot_service_pb2.BOT_LEVEL_BEGINNER,
    "intermediate": bot_service_pb2.BOT_LEVEL_INTERMEDIATE,
    "advanced": bot_service_pb2.BOT_LEVEL_ADVANCED,
    "expert": bot_service_pb2.BOT_LEVEL_EXPERT,
    "world-class": bot_service_pb2.BOT_LEVEL_WORLD_CLASS,
}
_OVER = (K.PHASE_GAME_OVER, K.PHASE_MATCH_OVER)
# What a board UI taps first when it is listed; else a single-die MOVE.
_TAPS = (K.ACTION_KIND_CONFIRM, K.ACTION_KIND_TAKE, K.ACTION_KIND_ACCEPT, K.ACTION_KIND_ROLL)


@dataclass(frozen=True, slots=True)
class GameMix:
    """The tables a frontend runs: human games and bot games by weight, hints, levels, pacing."""

    human: int = 92
    bot: int = 8
    hint_turns: float = 0.2  # the share of a human's turns that start with a hint
    level: str = "advanced"  # the bot's level: bot_reply and BotAct
    hint_level: str = "advanced"
    think_s: tuple[float, float] = (2.0, 4.0)  # a human's pause before each tap, uniform
    bot_pause_s: float = 0.0  # pause before each BotAct at a bot table

    def __post_init__(self) -> None:
        if self.human < 0 or self.bot < 0 or self.human + self.bot == 0:
            raise ValueError(f"table weights human {self.human}, bot {self.bot}: none negative, one above 0")
        if not 0 <= self.hint_turns <= 1:
            raise ValueError(f"hint_turns {self.hint_turns} is not in [0, 1]")
        if self.level not in LEVELS or self.hint_level not in LEVELS:
            raise ValueError(f"levels {self.level!r}, {self.hint_level!r}: known are {', '.join(LEVELS)}")
        low, high = self.think_s
        if not 0 <= low <= high or self.bot_pause_s < 0:
            raise ValueError(
                f"think {self.think_s} s and bot pause {self.bot_pause_s} s must be 0 <= low <= high"
            )

    def tables(self, count: int) -> list[bool]:
        """Which of ``count`` tables are human (True), by the weights, evenly spread.

        >>> GameMix(human=3, bot=1).tables(8)
        [False, True, True, True, False, True, True, True]
        """
        share = self.human / (self.human + self.bot)
        return [int((i + 1) * share) > int(i * share) for i in range(count)]


class _Over(Exception):
    """The run is over (duration or call count): the table stops."""


class _Lost(Exception):
    """A call failed: the table abandons this game."""


async def recorded(run: _Run, name: str, send: Callable[[], Any]) -> Any:
    """``send()``'s answer, its latency and code recorded under ``name``; a failed call is ``_Lost``."""
    started = time.perf_counter()
    try:
        answer = await send()
    except grpc.aio.AioRpcError as error:
        run.record(name, error.code(), started)
        raise _Lost from None
    run.record(name, grpc.StatusCode.OK, started)
    return answer


Answer = TypeVar("Answer")


class _Table:
    """One live table: its channel's stubs, its game, its random choices."""

    def __init__(
        self, run: _Run, channels: Sequence[grpc.aio.Channel], mix: GameMix, rng: random.Random
    ) -> None:
        self.run, self.mix, self.rng = run, mix, rng
        # One channel, or several taken in turn call by call (see run_games' ``rotate``).
        self.plays = [play_service_pb2_grpc.PlayServiceStub(c) for c in channels]
        self.bot_stubs = [bot_service_pb2_grpc.BotServiceStub(c) for c in channels]
        self.turn = rng.randrange(len(channels))
        self.level = LEVELS[mix.level]
        self.game = game_pb2.Game()
        self.choices = play_service_pb2.ListActionsResponse()

    @property
    def play(self) -> play_service_pb2_grpc.PlayServiceAsyncStub:
        return self.plays[self.turn % len(self.plays)]

    @property
    def bots(self) -> bot_service_pb2_grpc.BotServiceAsyncStub:
        return self.bot_stubs[self.turn % len(self.bot_stubs)]

    async def call(self, name: str, send: Callable[[], Any]) -> Any:
        if self.run.next_ticket() is None:
            raise _Over
        self.turn += 1
        return await recorded(self.run, name, send)

    async def pause(self, seconds: float) -> None:
        left = self.run.deadline - time.perf_counter()
        if seconds >= left:
            if left > 0:
                await asyncio.sleep(left)
            raise _Over
        if seconds > 0:
            await asyncio.sleep(seconds)

    def took(self, answer: Any) -> None:
        self.game = answer.game
        # What goes back is the Game without its output-only fields (as the Python client sends it).
        self.game.ClearField("board_now")
        self.game.ClearField("score_after")
        self.choices = answer.choices

    async def new_game(self) -> None:
        request = play_service_pb2.NewGameRequest(
            rules=rules_pb2.RuleOptions(), dice_source=K.DICE_SOURCE_SERVER, form=K.GAME_FORM_LEAN, view=MOVES
        )
        timeout = self.run.settings.timeout_s
        self.took(await self.call("NewGame", lambda: self.play.NewGame(request, timeout=timeout)))

    async def bot_act(self, player: board_pb2.Color.ValueType | None) -> None:
        request = play_service_pb2.BotActRequest(game=self.game, level=self.level, view=MOVES)
        if player is not None:
            request.player = player
        timeout = self.run.settings.timeout_s
        self.took(await self.call("BotAct", lambda: self.play.BotAct(request, timeout=timeout)))

    async def hint(self) -> None:
        position = board_pb2.Position(board=self.game.board, turn=self.game.turn)
        request = bot_service_pb2.HintRequest(
            position=board_pb2.PositionInput(position=position),
            dice=self.game.dice,
            level=LEVELS[self.mix.hint_level],
            max_plays=5,
        )
        timeout = self.run.settings.timeout_s
        await self.call("Hint", lambda: self.bots.Hint(request, timeout=timeout))

    async def tap(self) -> None:
        """White's next tap, as a board UI makes it, the bot replying in the same call."""
        mine = [a for a in self.choices.actions if a.player == WHITE]
        kinds = {a.kind: a for a in mine}
        chosen = next((kinds[k] for k in _TAPS if k in kinds), None)
        if chosen is None:
            singles = [a for a in mine if a.kind == K.ACTION_KIND_MOVE and len(a.dice_used) == 1]
            others = [a for a in mine if a.kind not in (K.ACTION_KIND_RESIGN, K.ACTION_KIND_DROP)]
            pool = singles or others or mine
            if not pool:
                raise _Lost  # nothing to tap: should not happen; start another game
            chosen = self.rng.choice(pool)
        action = game_pb2.Action(kind=chosen.kind, player=chosen.player)
        if chosen.kind == K.ACTION_KIND_MOVE:  # the listed hints (dice used and left) stay out
            action.move.CopyFrom(chosen.move)
        request = play_service_pb2.ActRequest(game=self.game, action=action, view=MOVES, bot_reply=self.level)
        timeout = self.run.settings.timeout_s
        self.took(await self.call("Act", lambda: self.play.Act(request, timeout=timeout)))

    async def human_game(self) -> None:
        await self.new_game()
        while self.game.phase not in _OVER:
            if WHITE not in self.choices.to_act:  # the bot must act outside a reply: let it
                await self.bot_act(BLACK)
                continue
            await self.pause(self.rng.uniform(*self.mix.think_s))
            starting = self.game.phase == K.PHASE_MOVING and not self.game.moves
            if starting and self.game.turn == WHITE and self.rng.random() < self.mix.hint_turns:
                await self.hint()
            await self.tap()

    async def bot_game(self) -> None:
        await self.new_game()
        while self.game.phase not in _OVER:
            await self.pause(self.mix.bot_pause_s)
            await self.bot_act(WHITE if self.game.phase == K.PHASE_OPENING_ROLL else None)

    async def serve(self, human: bool, stagger_s: float) -> None:
        """Play games until the run is over; the first starts ``stagger_s`` in."""
        try:
            await self.pause(stagger_s)
            while True:
                try:
                    await (self.human_game() if human else self.bot_game())
                except _Lost:
                    await self.pause(self.mix.think_s[1] if human else self.mix.bot_pause_s)
        except _Over:
            return


async def run_games(
    settings: LoadSettings,
    mix: GameMix,
    games: int,
    seed: int = 0,
    progress: Callable[[Progress], None] | None = None,
    rotate: Sequence[str] = (),
) -> Report:
    """Keep ``games`` tables of ``mix`` playing against ``settings.target`` until the run's bounds.

    Tables share ``settings.connections`` connections; their first calls are
    spread over the first ``think_s`` high (at least a second) so that they
    do not all start at once. ``settings.concurrency``, ``rate`` and
    ``warmup_calls`` do not apply: the tables and their pauses pace the load.

    ``rotate``: more targets (replicas, called directly); each table then sends
    its calls to ``settings.target`` and these in turn, so that no call meets
    the worker that wrote the Game it carries, the worst case for a worker's
    recent Games (many replicas behind a balancer come close to it).
    """
    if games < 1:
        raise ValueError(f"games {games} is below 1")
    targets = [settings.target, *rotate]
    groups = [[_channel(replace(settings, target=t)) for t in targets] for _ in range(settings.connections)]
    channels = [c for group in groups for c in group]
    try:
        run = _Run((), settings)
        rng = random.Random(seed)
        spread = max(1.0, mix.think_s[1])
        tables = [
            _Table(run, groups[i % len(groups)], mix, random.Random(rng.getrandbits(64))).serve(
                human, rng.uniform(0, spread if human else min(spread, 0.1 + mix.bot_pause_s))
            )
            for i, human in enumerate(mix.tables(games))
        ]
        seconds = await _gather_reporting(run, progress, tables)
    finally:
        for channel in channels:
            await channel.close()
    facts: dict[str, Any] = {name: value for name, value in asdict(settings).items() if name != "token"}
    facts.update(games=games, mix=asdict(mix), seed=seed, rotate=list(rotate))
    return Report.from_samples(settings.target, seconds, run.samples, facts)
