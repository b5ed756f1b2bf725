"""The asyncio client: the same stubs and shortcuts over ``grpc.aio``."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from types import TracebackType
from typing import Any

import grpc
from grpc_health.v1 import health_pb2_grpc

from backgammon.v1 import (
    board_pb2,
    bot_service_pb2,
    bot_service_pb2_grpc,
    chouette_service_pb2_grpc,
    dice_service_pb2,
    dice_service_pb2_grpc,
    game_service_pb2,
    game_service_pb2_grpc,
    match_service_pb2,
    match_service_pb2_grpc,
    notation_service_pb2_grpc,
    rules_pb2,
)
from gammond_client import requests
from gammond_client.errors import from_rpc_error
from gammond_client.requests import PositionLike


class AsyncGammondClient:
    """Like :class:`gammond_client.GammondClient`, with ``await`` on every call."""

    def __init__(self, target: str, *, timeout: float | None = 10.0) -> None:
        self.target = target
        self.timeout = timeout
        self.channel = grpc.aio.insecure_channel(target)
        self.game = game_service_pb2_grpc.GameServiceStub(self.channel)
        self.match = match_service_pb2_grpc.MatchServiceStub(self.channel)
        self.dice = dice_service_pb2_grpc.DiceServiceStub(self.channel)
        self.notation = notation_service_pb2_grpc.NotationServiceStub(self.channel)
        self.bot = bot_service_pb2_grpc.BotServiceStub(self.channel)
        self.chouette = chouette_service_pb2_grpc.ChouetteServiceStub(self.channel)
        self.health = health_pb2_grpc.HealthStub(self.channel)

    def __repr__(self) -> str:
        return f"AsyncGammondClient({self.target!r}, timeout={self.timeout!r})"

    async def __aenter__(self) -> AsyncGammondClient:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        await self.close()

    async def close(self) -> None:
        await self.channel.close()

    async def _call(self, method: Any, request: object) -> Any:
        metadata = (("x-request-id", uuid.uuid4().hex),)
        try:
            return await method(request, timeout=self.timeout, metadata=metadata)
        except grpc.RpcError as error:
            raise from_rpc_error(error) from None

    async def legal_plays(self, position: PositionLike, roll: Sequence[int]) -> list[board_pb2.Play]:
        response: game_service_pb2.ListLegalPlaysResponse = await self._call(
            self.game.ListLegalPlays, requests.legal_plays(position, roll)
        )
        return list(response.plays)

    async def apply_play(
        self,
        position: PositionLike,
        roll: Sequence[int],
        notation: str,
        cube: rules_pb2.CubeState | None = None,
        rules: rules_pb2.RuleOptions | None = None,
    ) -> game_service_pb2.ApplyPlayResponse:
        request = requests.apply_play(position, roll, notation, cube, rules)
        response: game_service_pb2.ApplyPlayResponse = await self._call(self.game.ApplyPlay, request)
        return response

    async def roll(self, seed: int | None = None, count: int = 1, skip: int = 0) -> list[tuple[int, int]]:
        response: dice_service_pb2.RollDiceResponse = await self._call(
            self.dice.RollDice, requests.roll_dice(seed, count, skip)
        )
        return [(r.die1, r.die2) for r in response.rolls]

    async def best_play(
        self,
        position: PositionLike,
        roll: Sequence[int],
        level: bot_service_pb2.BotLevel.ValueType = bot_service_pb2.BOT_LEVEL_ADVANCED,
        context: rules_pb2.CubeContext | None = None,
    ) -> bot_service_pb2.BestPlayResponse:
        response: bot_service_pb2.BestPlayResponse = await self._call(
            self.bot.BestPlay, requests.best_play(position, roll, level, context)
        )
        return response

    async def record_game(
        self,
        game: rules_pb2.GameResult,
        *,
        rules: rules_pb2.RuleOptions | None = None,
        match: rules_pb2.MatchState | None = None,
        games_played: int = 0,
    ) -> match_service_pb2.RecordGameResponse:
        request = requests.record_game(rules, match, game, games_played)
        response: match_service_pb2.RecordGameResponse = await self._call(self.match.RecordGame, request)
        return response
