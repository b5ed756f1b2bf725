"""Test support for the server tests: stubs, in-process and subprocess servers.

An in-process server on 127.0.0.1:0 serves the API tests; the process tests
start ``python -m gammond.server`` as a subprocess and read the port from its ready
file.  Every wait here is bounded.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc

from backgammon.v1 import (
    board_pb2,
    bot_service_pb2_grpc,
    chouette_service_pb2_grpc,
    dice_service_pb2_grpc,
    game_service_pb2_grpc,
    match_service_pb2_grpc,
    notation_service_pb2_grpc,
    play_service_pb2_grpc,
)
from gammond_client import GammondError, from_rpc_error

ROOT = Path(__file__).resolve().parents[2]

STARTING_ID = "4HPwATDgc/ABMA"


@dataclass
class Stubs:
    """One channel to a test server and a stub per service."""

    channel: grpc.Channel
    game: game_service_pb2_grpc.GameServiceStub
    match: match_service_pb2_grpc.MatchServiceStub
    dice: dice_service_pb2_grpc.DiceServiceStub
    notation: notation_service_pb2_grpc.NotationServiceStub
    bot: bot_service_pb2_grpc.BotServiceStub
    chouette: chouette_service_pb2_grpc.ChouetteServiceStub
    play: play_service_pb2_grpc.PlayServiceStub

    @classmethod
    def connect(cls, target: str) -> Stubs:
        return cls.connect_channel(grpc.insecure_channel(target))

    @classmethod
    def connect_channel(cls, channel: grpc.Channel) -> Stubs:
        return cls(
            channel,
            game_service_pb2_grpc.GameServiceStub(channel),
            match_service_pb2_grpc.MatchServiceStub(channel),
            dice_service_pb2_grpc.DiceServiceStub(channel),
            notation_service_pb2_grpc.NotationServiceStub(channel),
            bot_service_pb2_grpc.BotServiceStub(channel),
            chouette_service_pb2_grpc.ChouetteServiceStub(channel),
            play_service_pb2_grpc.PlayServiceStub(channel),
        )


def failure(call: object, request: object, **kwargs: object) -> GammondError:
    """Make a call that must fail and return its unpacked status."""
    try:
        call(request, timeout=10, **kwargs)  # type: ignore[operator]
    except grpc.RpcError as error:
        return from_rpc_error(error)
    raise AssertionError(f"{request!r} succeeded but should have failed")


def start_position(turn: int = board_pb2.COLOR_WHITE) -> board_pb2.PositionInput:
    return board_pb2.PositionInput(position_id=board_pb2.PositionId(id=STARTING_ID, turn=turn))


def dice(d1: int, d2: int) -> board_pb2.Dice:
    return board_pb2.Dice(die1=d1, die2=d2)


@dataclass
class ServerProcess:
    """A ``python -m gammond.server`` subprocess and the ports it reported."""

    process: subprocess.Popen[str]
    port: int
    metrics_port: int | None
    workers: list[int]
    log: Path

    def stop(self, timeout: float = 30.0) -> int:
        if self.process.poll() is None:
            self.process.terminate()
        return self.process.wait(timeout)


def start_server(tmp_path: Path, *args: str, timeout: float = 60.0) -> ServerProcess:
    """Start the real server on a free loopback port; wait for its ready file."""
    ready = tmp_path / "ready.json"
    log = tmp_path / "server.log"
    command = [
        sys.executable,
        "-m",
        "gammond.server",
        "--host",
        "127.0.0.1",
        "--port",
        "0",
        "--ready-file",
        str(ready),
        *args,
    ]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    with log.open("w") as sink:
        process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=sink, stderr=subprocess.STDOUT, text=True
        )
    deadline = time.monotonic() + timeout
    while not ready.exists():
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise AssertionError(f"server did not start:\n{log.read_text()}")
        time.sleep(0.05)
    facts = json.loads(ready.read_text())
    return ServerProcess(process, facts["port"], facts["metrics_port"], facts["workers"], log)


class HandlerRecorder:
    """Stands in for a grpc.Server and keeps the handlers it is given."""

    def __init__(self) -> None:
        self.registered: dict[str, dict[str, Any]] = {}
        self.generic: list[Any] = []

    def add_generic_rpc_handlers(self, handlers: Any) -> None:
        self.generic.extend(handlers)

    def add_registered_method_handlers(self, service: str, handlers: dict[str, Any]) -> None:
        self.registered[service] = handlers
