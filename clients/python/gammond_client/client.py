"""The synchronous client: the service stubs and a few typed shortcuts.

>>> with GammondClient("127.0.0.1:1", timeout=0.1) as client:
...     isinstance(client.game, game_service_pb2_grpc.GameServiceStub)
True
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator, Sequence
from types import TracebackType
from typing import TypeVar

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from backgammon.v1 import (
    board_pb2,
    bot_service_pb2,
    bot_service_pb2_grpc,
    chouette_service_pb2_grpc,
    dice_service_pb2,
    dice_service_pb2_grpc,
    game_pb2,
    game_service_pb2,
    game_service_pb2_grpc,
    match_service_pb2,
    match_service_pb2_grpc,
    notation_service_pb2_grpc,
    play_service_pb2,
    play_service_pb2_grpc,
    record_service_pb2,
    record_service_pb2_grpc,
    rules_pb2,
)
from gammond_client import requests
from gammond_client.errors import GammondError, from_rpc_error
from gammond_client.requests import PositionLike

T = TypeVar("T")


class GammondClient:
    """A channel to gammond and typed stubs for every service.

    ``timeout`` (seconds) is the deadline of each shortcut call.  The
    shortcuts raise :class:`GammondError`; the raw stubs (``client.game``
    and so on) raise ``grpc.RpcError`` as usual.
    """

    def __init__(
        self, target: str, *, timeout: float | None = 10.0, channel: grpc.Channel | None = None
    ) -> None:
        self.target = target
        self.timeout = timeout
        self.channel = channel or grpc.insecure_channel(target)
        self.game = game_service_pb2_grpc.GameServiceStub(self.channel)
        self.match = match_service_pb2_grpc.MatchServiceStub(self.channel)
        self.dice = dice_service_pb2_grpc.DiceServiceStub(self.channel)
        self.notation = notation_service_pb2_grpc.NotationServiceStub(self.channel)
        self.bot = bot_service_pb2_grpc.BotServiceStub(self.channel)
        self.chouette = chouette_service_pb2_grpc.ChouetteServiceStub(self.channel)
        self.play = play_service_pb2_grpc.PlayServiceStub(self.channel)
        self.records = record_service_pb2_grpc.RecordServiceStub(self.channel)
        self.health = health_pb2_grpc.HealthStub(self.channel)

    def __repr__(self) -> str:
        return f"GammondClient({self.target!r}, timeout={self.timeout!r})"

    def __enter__(self) -> GammondClient:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()

    def close(self) -> None:
        self.channel.close()

    def _call(self, method: Callable[..., T], request: object) -> T:
        metadata = (("x-request-id", uuid.uuid4().hex),)
        try:
            return method(request, timeout=self.timeout, metadata=metadata)
        except grpc.RpcError as error:
            raise from_rpc_error(error) from None

    def wait_until_serving(self, timeout: float = 30.0) -> None:
        """Block until the server's health check says SERVING."""
        grpc.channel_ready_future(self.channel).result(timeout=timeout)
        # types-grpcio-health-checking declares HealthStub without its methods.
        check = self.health.Check  # type: ignore[attr-defined]
        response = check(health_pb2.HealthCheckRequest(), timeout=timeout, wait_for_ready=True)
        if response.status != health_pb2.HealthCheckResponse.SERVING:
            status = health_pb2.HealthCheckResponse.ServingStatus.Name(response.status)
            raise GammondError(grpc.StatusCode.UNAVAILABLE, f"server is {status}, not SERVING")

    def legal_plays(self, position: PositionLike, roll: Sequence[int]) -> list[board_pb2.Play]:
        response = self._call(self.game.ListLegalPlays, requests.legal_plays(position, roll))
        return list(response.plays)

    def apply_play(
        self,
        position: PositionLike,
        roll: Sequence[int],
        notation: str,
        cube: rules_pb2.CubeState | None = None,
        rules: rules_pb2.RuleOptions | None = None,
    ) -> game_service_pb2.ApplyPlayResponse:
        request = requests.apply_play(position, roll, notation, cube, rules)
        return self._call(self.game.ApplyPlay, request)

    def apply_cube_action(
        self,
        context: rules_pb2.CubeContext,
        player: board_pb2.Color.ValueType,
        action: rules_pb2.CubeAction.ValueType,
    ) -> game_service_pb2.ApplyCubeActionResponse:
        request = game_service_pb2.ApplyCubeActionRequest(context=context, player=player, action=action)
        return self._call(self.game.ApplyCubeAction, request)

    def roll(self, seed: int | None = None, count: int = 1, skip: int = 0) -> list[tuple[int, int]]:
        response = self._call(self.dice.RollDice, requests.roll_dice(seed, count, skip))
        return [(r.die1, r.die2) for r in response.rolls]

    def opening_roll(
        self, seed: int | None = None, rules: rules_pb2.RuleOptions | None = None
    ) -> dice_service_pb2.RollOpeningResponse:
        return self._call(self.dice.RollOpening, requests.opening(seed, rules))

    def best_play(
        self,
        position: PositionLike,
        roll: Sequence[int],
        level: bot_service_pb2.BotLevel.ValueType = bot_service_pb2.BOT_LEVEL_ADVANCED,
        context: rules_pb2.CubeContext | None = None,
    ) -> bot_service_pb2.BestPlayResponse:
        return self._call(self.bot.BestPlay, requests.best_play(position, roll, level, context))

    def hint(
        self,
        position: PositionLike,
        roll: Sequence[int],
        level: bot_service_pb2.BotLevel.ValueType = bot_service_pb2.BOT_LEVEL_ADVANCED,
        context: rules_pb2.CubeContext | None = None,
        max_plays: int = 0,
    ) -> bot_service_pb2.HintResponse:
        """The legal plays ranked by the bot, best first, with their equities (``max_plays`` 0: all)."""
        request = bot_service_pb2.HintRequest(
            position=requests.position_input(position),
            dice=requests.dice(roll),
            level=level,
            max_plays=max_plays,
            context=context,
        )
        return self._call(self.bot.Hint, request)

    def rollout(
        self,
        position: PositionLike,
        trials: int = 0,
        plies: int = 0,
        truncate: int = 0,
        seed: int | None = None,
        progress_every: int = 0,
        luck: bool = False,
    ) -> Iterator[bot_service_pb2.RolloutResponse]:
        """The rollout's messages as the server sends them: progress, then the last with ``done`` set.

        0 asks for the server's default (1,296 trials; a tenth of them between messages);
        ``luck`` takes each roll's luck out (variance reduction).
        """
        request = requests.rollout(position, trials, plies, truncate, seed, progress_every, luck)
        metadata = (("x-request-id", uuid.uuid4().hex),)
        try:
            yield from self.bot.Rollout(request, timeout=self.timeout, metadata=metadata)
        except grpc.RpcError as error:
            raise from_rpc_error(error) from None

    def cube_decision(
        self, position: PositionLike, context: rules_pb2.CubeContext
    ) -> bot_service_pb2.CubeDecisionResponse:
        return self._call(self.bot.CubeDecision, requests.cube_decision(position, context))

    def record_game(
        self,
        game: rules_pb2.GameResult,
        *,
        rules: rules_pb2.RuleOptions | None = None,
        match: rules_pb2.MatchState | None = None,
        games_played: int = 0,
    ) -> match_service_pb2.RecordGameResponse:
        request = requests.record_game(rules, match, game, games_played)
        return self._call(self.match.RecordGame, request)

    # -- the game flow (PlayService); gammond_client.Game wraps these ------------------------

    def new_game(self, request: play_service_pb2.NewGameRequest) -> play_service_pb2.NewGameResponse:
        return self._call(self.play.NewGame, request)

    def list_actions(
        self,
        game: game_pb2.Game,
        view: play_service_pb2.ActionsView.ValueType = play_service_pb2.ACTIONS_VIEW_UNSPECIFIED,
    ) -> play_service_pb2.ListActionsResponse:
        return self._call(self.play.ListActions, play_service_pb2.ListActionsRequest(game=game, view=view))

    def act(
        self,
        game: game_pb2.Game,
        action: game_pb2.Action,
        view: play_service_pb2.ActionsView.ValueType = play_service_pb2.ACTIONS_VIEW_UNSPECIFIED,
    ) -> play_service_pb2.ActResponse:
        request = play_service_pb2.ActRequest(game=game, action=action, view=view)
        return self._call(self.play.Act, request)

    def act_request(self, request: play_service_pb2.ActRequest) -> play_service_pb2.ActResponse:
        """Act with every field of the request yours to set (bot_reply, expected_version)."""
        return self._call(self.play.Act, request)

    def bot_act(self, request: play_service_pb2.BotActRequest) -> play_service_pb2.BotActResponse:
        return self._call(self.play.BotAct, request)

    # -- match records (RecordService); gammond_client.records prints a report ---------------

    def export_match(self, games: Sequence[game_pb2.Game], white: str = "", black: str = "") -> str:
        """The match's games (first game first) as .mat text."""
        request = record_service_pb2.ExportMatchRequest(games=games, white_name=white, black_name=black)
        return self._call(self.records.ExportMatch, request).mat

    def import_match(self, mat: str) -> record_service_pb2.ImportMatchResponse:
        """.mat text back into games, each replayed and checked by the server."""
        return self._call(self.records.ImportMatch, record_service_pb2.ImportMatchRequest(mat=mat))

    def analyse_match(
        self, games: Sequence[game_pb2.Game], level: int = 0
    ) -> record_service_pb2.AnalyseMatchResponse:
        """Every decision of the games scored at ``level`` (a BOT_LEVEL_*; 0: advanced)."""
        request = record_service_pb2.AnalyseMatchRequest(games=games, level=level)  # type: ignore[arg-type]
        return self._call(self.records.AnalyseMatch, request)
