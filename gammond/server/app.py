"""Assembling one gRPC server: our services, health, reflection, the interceptor.

Used by each worker process and, in-process, by the tests and the benchmark.
Health reports NOT_SERVING until :meth:`Served.warm_up` has run the engine
and the bot once, so a load balancer sends no traffic to a cold worker.
"""

from __future__ import annotations

from concurrent import futures
from dataclasses import dataclass

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from backgammon.v1 import (
    bot_service_pb2,
    bot_service_pb2_grpc,
    chouette_service_pb2,
    chouette_service_pb2_grpc,
    dice_service_pb2,
    dice_service_pb2_grpc,
    game_service_pb2,
    game_service_pb2_grpc,
    match_service_pb2,
    match_service_pb2_grpc,
    notation_service_pb2,
    notation_service_pb2_grpc,
    play_service_pb2,
    play_service_pb2_grpc,
)
from gammond.engine.bot import Evaluator, HeuristicEvaluator, Level, rank_plays, strongest_evaluator
from gammond.engine.errors import EngineError
from gammond.engine.play import legal_plays
from gammond.engine.position import Position
from gammond.server.interceptor import ObservingInterceptor
from gammond.server.logs import logger
from gammond.server.services.bot import BotServicer
from gammond.server.services.chouette import ChouetteServicer
from gammond.server.services.dice import DiceServicer
from gammond.server.services.game import GameServicer
from gammond.server.services.match import MatchServicer
from gammond.server.services.notation import NotationServicer
from gammond.server.services.play import PlayServicer

SERVICE_NAMES: tuple[str, ...] = tuple(
    module.DESCRIPTOR.services_by_name[name].full_name
    for module, name in (
        (game_service_pb2, "GameService"),
        (match_service_pb2, "MatchService"),
        (dice_service_pb2, "DiceService"),
        (notation_service_pb2, "NotationService"),
        (bot_service_pb2, "BotService"),
        (chouette_service_pb2, "ChouetteService"),
        (play_service_pb2, "PlayService"),
    )
)
MAX_MESSAGE_BYTES = 1 << 20


@dataclass(frozen=True, slots=True)
class ServerOptions:
    """What one server process needs to know."""

    host: str = "127.0.0.1"
    port: int = 0
    threads: int = 8
    max_connection_age_s: float = 300.0
    max_connection_age_grace_s: float = 30.0
    max_search_s: float = 10.0
    reuse_port: bool = False


@dataclass(frozen=True, slots=True)
class Served:
    """A started server, the port it bound and its health servicer."""

    server: grpc.Server
    port: int
    health: health.HealthServicer
    evaluator: Evaluator

    def warm_up(self) -> None:
        """Run the engine and the bot once, then report SERVING."""
        start = Position.starting()
        legal_plays(start, (6, 5))
        rank_plays(start, (3, 1), self.evaluator, Level.EXPERT)
        for name in ("", *SERVICE_NAMES):
            self.health.set(name, health_pb2.HealthCheckResponse.SERVING)

    def stop(self, grace_s: float) -> None:
        """Report NOT_SERVING, then finish in-flight calls for up to ``grace_s``."""
        self.health.enter_graceful_shutdown()
        self.server.stop(grace_s).wait()


def _channel_options(options: ServerOptions) -> list[tuple[str, int]]:
    return [
        ("grpc.so_reuseport", int(options.reuse_port)),
        # Old connections close so clients reconnect and spread over replicas.
        ("grpc.max_connection_age_ms", int(options.max_connection_age_s * 1000)),
        ("grpc.max_connection_age_grace_ms", int(options.max_connection_age_grace_s * 1000)),
        ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
    ]


def address(host: str, port: int) -> str:
    """``host:port``, with IPv6 literals in brackets.

    >>> address("::", 50051), address("127.0.0.1", 0)
    ('[::]:50051', '127.0.0.1:0')
    """
    bare = host.strip("[]")
    return f"[{bare}]:{port}" if ":" in bare else f"{bare}:{port}"


def best_evaluator() -> Evaluator:
    """The engine's strongest evaluator, or the heuristic if its weights are missing."""
    try:
        return strongest_evaluator()
    except EngineError as exc:
        logger().warning("bot.fallback", evaluator=HeuristicEvaluator.name, reason=str(exc))
        return HeuristicEvaluator()


def create_server(options: ServerOptions) -> Served:
    """Build, bind and start a server; health says NOT_SERVING until warmed up."""
    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=options.threads),
        interceptors=[ObservingInterceptor()],
        options=_channel_options(options),
    )
    game_service_pb2_grpc.add_GameServiceServicer_to_server(GameServicer(), server)
    match_service_pb2_grpc.add_MatchServiceServicer_to_server(MatchServicer(), server)
    dice_service_pb2_grpc.add_DiceServiceServicer_to_server(DiceServicer(), server)
    notation_service_pb2_grpc.add_NotationServiceServicer_to_server(NotationServicer(), server)
    bot = BotServicer(best_evaluator(), options.max_search_s)
    bot_service_pb2_grpc.add_BotServiceServicer_to_server(bot, server)
    chouette_service_pb2_grpc.add_ChouetteServiceServicer_to_server(ChouetteServicer(), server)
    play = PlayServicer(bot.evaluator, options.max_search_s)
    play_service_pb2_grpc.add_PlayServiceServicer_to_server(play, server)
    health_servicer = health.HealthServicer(experimental_non_blocking=True)
    for name in ("", *SERVICE_NAMES):
        health_servicer.set(name, health_pb2.HealthCheckResponse.NOT_SERVING)
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    reflected = (*SERVICE_NAMES, health.SERVICE_NAME, reflection.SERVICE_NAME)
    reflection.enable_server_reflection(reflected, server)
    port = server.add_insecure_port(address(options.host, options.port))
    server.start()
    return Served(server, port, health_servicer, bot.evaluator)
