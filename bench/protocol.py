"""Calls per second of PlayService.ListActions and Act, against GameService.ListLegalPlays.

One gammond server (``python -m gammond.server``, one worker) answers all
three in the same run, so the ratios compare like with like.  The game
states are those of random legal games under several rule options (every
phase: opening roll, before the roll, cube offers, moving with some checkers
moved, resignations), each sent as a lean ``Game`` (its log's digest, as
every client sends it; ``--full`` sends the whole log instead); each Act
sends one action that ListActions lists for that state and gets the
actions open next in its answer (the lean game's default view, COMPACT).  ListLegalPlays gets random
self-play positions with a roll.  The load generator is an asyncio gRPC
client with a fixed number of calls in flight, sending pre-serialized
requests, pinned to another CPU than the server where there are two.  Each
method's calls are cut into ``--slices`` slices, and in each slice every
method runs in turn (starting from another one each time), so whatever else
the shared machine is doing weighs on every method alike rather than on
whichever ran in a bad second (as :mod:`bench.rpc` does); a method's figure
is its calls over its slices' summed time.  The first time the worker sees
each state it decodes and checks it in full; those calls are counted, as
they are for a client that starts from a stored Game (``--warm`` sends every
state once first, untimed: a worker whose clients send back the Games it
wrote).  ``--keys`` runs a server with state keys, each state sealed as such
a server hands it out (another replica, say).

    python -m bench.protocol [--calls 3000] [--slices 6] [--concurrency 16] [--states 400] [--warm] [--keys]
    python bench/protocol.py

It also prints what writing ListActions' answers costs in process, as
messages and as wire bytes, each kind of Act's cost in process with the
compiled kernel's flow and without it, and each method's CPU a call on the thread
that answers it (the server's ``gammond_rpc_cpu_seconds_total``: its own
reading, engine and writing, apart from gRPC's transport).  The last lines are ``ListActions vs ListLegalPlays: X.XX`` and
``Act vs ListLegalPlays: X.XX`` (calls/s over calls/s).
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import grpc  # noqa: E402

from backgammon.v1 import board_pb2, game_pb2, game_service_pb2, play_service_pb2  # noqa: E402
from bench._server import read_metric  # noqa: E402
from bench.rpc import cpu_seconds  # noqa: E402
from gammond.engine import (  # noqa: E402
    ActionKind,
    Choices,
    DiceSource,
    Game,
    list_actions,
)
from gammond.server.sealing import parse_keys  # noqa: E402
from gammond.server.services.sealed import GameCodec  # noqa: E402
from gammond.server.wire.game import encode_flow_action, encode_game  # noqa: E402
from tests.support.games import game_states  # noqa: E402
from tests.support.positions import sample_positions  # noqa: E402

METHODS = {
    "ListLegalPlays": "/backgammon.v1.GameService/ListLegalPlays",
    "ListActions": "/backgammon.v1.PlayService/ListActions",
    "Act": "/backgammon.v1.PlayService/Act",
}
_START_S = 60.0


@dataclass(frozen=True)
class Result:
    name: str
    calls: int
    seconds: float
    latencies: list[float]
    cpu_s: float = 0.0  # the server's CPU time over the run (warm-up calls excluded)

    @property
    def cpu_per_call(self) -> float:
        """Server CPU microseconds a call: unlike calls/s, blind to a busy load generator."""
        return self.cpu_s / self.calls * 1e6

    @property
    def rate(self) -> float:
        return self.calls / self.seconds

    def line(self) -> str:
        ordered = sorted(self.latencies)
        p50 = statistics.median(ordered) * 1000
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000
        return (
            f"{self.name:<16} {self.rate:9.0f} calls/s   p50 {p50:6.2f} ms   p99 {p99:6.2f} ms"
            f"   server CPU {self.cpu_per_call:5.0f} us/call"
        )


def legal_play_requests(count: int, seed: int) -> list[bytes]:
    """Serialized ListLegalPlays requests for random self-play positions."""
    out = []
    for sample in sample_positions(count, seed=seed):
        if sample.position.is_game_over():
            continue
        position = board_pb2.PositionInput(
            position_id=board_pb2.PositionId(id=sample.position.position_id(), turn=board_pb2.COLOR_WHITE)
        )
        dice = board_pb2.Dice(die1=sample.dice[0], die2=sample.dice[1])
        out.append(game_service_pb2.ListLegalPlaysRequest(position=position, dice=dice).SerializeToString())
    return out


def play_requests(
    states: list[Game], seed: int, lean: bool = True, keys: str = ""
) -> tuple[list[bytes], list[bytes]]:
    """Serialized ListActions and Act requests for ``states``: lean Games (the log's digest) as clients send them.

    ``keys``: a server's ``--state-keys``; each Game is then sealed as a
    server with those keys hands it out (another replica, say).
    """
    rng = random.Random(seed)
    listing, acting = [], []
    keyring = parse_keys(keys)
    codec = None if keyring is None else GameCodec(keyring)
    for game in states:
        sent = replace(game, base=game.digest(), log=()) if lean else game
        wire = encode_game(sent) if codec is None else codec.write(sent)
        listing.append(play_service_pb2.ListActionsRequest(game=wire).SerializeToString())
        action = rng.choice(list_actions(game).actions)
        if action.kind is ActionKind.ROLL and game.dice_source is DiceSource.CLIENT:
            action = replace(action, dice=(3, 1))
        request = play_service_pb2.ActRequest(game=wire, action=encode_flow_action(action))
        acting.append(request.SerializeToString())
    return listing, acting


def _cpus() -> tuple[set[int], set[int]]:
    available = sorted(os.sched_getaffinity(0))
    if len(available) < 2:
        return set(available), set(available)
    return {available[0]}, {available[1]}


def _start(ready: Path, cpus: set[int], keys: str = "") -> tuple[subprocess.Popen[bytes], int, int]:
    command = [
        *(sys.executable, "-m", "gammond.server", "--host", "127.0.0.1", "--port", "0"),
        *("--workers", "1", "--metrics-port", "0", "--ready-file", str(ready)),
        *(("--state-keys", keys) if keys else ()),
    ]
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        preexec_fn=lambda: os.sched_setaffinity(0, cpus),
    )
    deadline = time.monotonic() + _START_S
    while not ready.exists():
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise SystemExit("gammond did not start")
        time.sleep(0.05)
    time.sleep(0.1)
    facts = json.loads(ready.read_text())
    return process, int(facts["port"]), int(facts["metrics_port"])


def handler_cpu(metrics_port: int, method: str) -> tuple[float, float]:
    """``method``'s answering-thread CPU seconds and calls so far, from the server's metrics page.

    The server writes its call metrics in batches (gammond.server.calls), so
    this waits out one batch first.
    """
    time.sleep(0.3)
    cpu = read_metric(metrics_port, "gammond_rpc_cpu_seconds_total", method=method)
    return cpu, read_metric(metrics_port, "gammond_rpc_calls_total", method=method)


def _cpu_a_call(before: tuple[float, float], after: tuple[float, float]) -> float:
    """Microseconds of answering-thread CPU a call between two readings of :func:`handler_cpu`."""
    calls = after[1] - before[1]
    return (after[0] - before[0]) / calls * 1e6 if calls else float("nan")


async def _drive(
    call: grpc.aio.UnaryUnaryMultiCallable[bytes, bytes],
    payloads: list[bytes],
    queue: Iterator[int],
    latencies: list[float],
) -> None:
    """One of the calls in flight: the next of ``queue``'s payloads, until none is left."""
    for i in queue:
        started = time.perf_counter()
        await call(payloads[i % len(payloads)], timeout=30)
        latencies.append(time.perf_counter() - started)


async def _load_sliced(
    port: int,
    payloads: dict[str, list[bytes]],
    calls: int,
    concurrency: int,
    slices: int,
    pid: int,
    warm: int = 50,
    warm_only: bool = False,
) -> dict[str, Result]:
    """Each method's ``calls``, cut into ``slices`` slices; in each slice every method runs in turn.

    Each slice starts from another method, so whatever else the shared
    machine is doing weighs on every method alike rather than on whichever
    ran in a bad second (as :mod:`bench.rpc` does).  A method's figure is its
    calls over its slices' summed time, and its server CPU over the same.
    ``warm``: the payloads of each method sent first, untimed (only those: ``warm_only``).
    """
    async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
        methods: dict[str, grpc.aio.UnaryUnaryMultiCallable[bytes, bytes]] = {
            name: channel.unary_unary(METHODS[name]) for name in payloads
        }
        for name, call in methods.items():
            for payload in payloads[name][:warm]:  # warm the connection and the server
                await call(payload, timeout=30)
        if warm_only:
            return {}
        spent = {name: [0.0, 0.0] for name in payloads}  # seconds, server CPU seconds
        latencies: dict[str, list[float]] = {name: [] for name in payloads}
        done = dict.fromkeys(payloads, 0)
        names = list(payloads)
        for index in range(slices):
            for name in names[index % len(names) :] + names[: index % len(names)]:
                data, call, timed = payloads[name], methods[name], latencies[name]
                share = calls * (index + 1) // slices - calls * index // slices
                queue = iter(range(done[name], done[name] + share))
                done[name] += share

                started, cpu = time.perf_counter(), cpu_seconds(pid)
                await asyncio.gather(*(_drive(call, data, queue, timed) for _ in range(concurrency)))
                spent[name][0] += time.perf_counter() - started
                spent[name][1] += cpu_seconds(pid) - cpu
        return {
            name: Result(name, done[name], spent[name][0], latencies[name], spent[name][1])
            for name in payloads
        }


async def _load_flow(port: int, calls: int, concurrency: int, seed: int, pid: int) -> Result:
    """Act as a game's flow calls it: each request carries the Game the last answer gave.

    Each of ``concurrency`` players plays lean money games, taking a random
    listed action (rarely a resignation or a drop) from each answer's
    ``choices``; a finished game starts the next.  Only the Act calls are
    timed and counted.
    """
    new_game = play_service_pb2.NewGameRequest(
        form=game_pb2.GAME_FORM_LEAN, dice_source=game_pb2.DICE_SOURCE_SEEDED
    )
    rare = (game_pb2.ACTION_KIND_RESIGN, game_pb2.ACTION_KIND_DROP)
    async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
        start = channel.unary_unary(
            "/backgammon.v1.PlayService/NewGame",
            request_serializer=play_service_pb2.NewGameRequest.SerializeToString,
            response_deserializer=play_service_pb2.NewGameResponse.FromString,
        )
        act = channel.unary_unary(
            METHODS["Act"],
            request_serializer=play_service_pb2.ActRequest.SerializeToString,
            response_deserializer=play_service_pb2.ActResponse.FromString,
        )
        latencies: list[float] = []
        queue = iter(range(calls))

        async def player(index: int) -> None:
            rng = random.Random(seed * 1000 + index)
            answer: Any = None
            for _ in queue:
                if answer is None or answer.game.phase in (
                    game_pb2.PHASE_GAME_OVER,
                    game_pb2.PHASE_MATCH_OVER,
                ):
                    new_game.seed = b"%d-%d" % (index, rng.getrandbits(32))
                    answer = await start(new_game, timeout=30)
                listed = list(answer.choices.actions)
                calm = [a for a in listed if a.kind not in rare]
                action = rng.choice(calm if calm and rng.random() < 0.98 else listed)
                request = play_service_pb2.ActRequest(game=answer.game, action=action)
                began = time.perf_counter()
                answer = await act(request, timeout=30)
                latencies.append(time.perf_counter() - began)

        began, cpu = time.perf_counter(), cpu_seconds(pid)
        await asyncio.gather(*(player(i) for i in range(concurrency)))
        # The server's CPU includes the NewGame calls that start each player's next game.
        return Result(
            "Act (in a flow)", calls, time.perf_counter() - began, latencies, cpu_seconds(pid) - cpu
        )


def answer_costs(states: list[Game], repeat: int = 3) -> str:
    """Microseconds, in process, to write ListActions' answer: as messages and as wire bytes."""
    from gammond.server.wire.choices import choices_wire
    from gammond.server.wire.game import encode_choices

    listed = [(game, list_actions(game)) for game in states]

    def best(write: Callable[[Game, Choices], bytes]) -> float:
        times = []
        for _ in range(repeat):
            began = time.perf_counter()
            for game, choices in listed:
                write(game, choices)
            times.append(time.perf_counter() - began)
        return min(times) / len(listed) * 1e6

    message = best(lambda game, choices: encode_choices(game, choices).SerializeToString())
    wire = best(choices_wire)
    return f"ListActions' answer in process: message path {message:.0f} us, wire path {wire:.0f} us"


def act_costs(acting: list[bytes], repeat: int = 3, keys: str = "") -> str:
    """Microseconds, in process, of each action kind's Act with the kernel's flow and without it.

    The same requests through two fresh servicers (the Games found in each
    one's table after a first pass, as in the run), best of ``repeat``.
    """
    from gammond.engine import kernel
    from gammond.server.limits import read_request
    from gammond.server.services.play import PlayServicer

    requests = [read_request(play_service_pb2.ActRequest.FromString, raw) for raw in acting]
    compiled, lines = kernel.flow_step, []
    costs: dict[str, dict[str, float]] = {}
    try:
        for path, step in (("python", None), ("kernel", compiled)):
            kernel.flow_step = step
            servicer = PlayServicer(None, 1.0, parse_keys(keys))  # type: ignore[arg-type]  # no bot_reply is sent
            for request in requests:
                servicer.act_wire(request, None)  # type: ignore[arg-type]
            for _ in range(repeat):
                spent: dict[str, list[float]] = {}
                for request in requests:
                    began = time.perf_counter()
                    servicer.act_wire(request, None)  # type: ignore[arg-type]
                    kind = game_pb2.ActionKind.Name(request.action.kind).removeprefix("ACTION_KIND_")
                    spent.setdefault(kind, []).append(time.perf_counter() - began)
                spent["all"] = [t for times in spent.values() for t in times]
                for kind, times in spent.items():
                    mean = sum(times) / len(times) * 1e6
                    costs.setdefault(kind, {})[path] = min(costs.get(kind, {}).get(path, mean), mean)
    finally:
        kernel.flow_step = compiled
    if compiled is None:
        return "Act in process: no compiled kernel, no kernel flow to compare"
    for kind, by_path in sorted(costs.items(), key=lambda item: -item[1]["python"]):
        lines.append(f"{kind} {by_path['python']:.0f} -> {by_path['kernel']:.0f}")
    return "Act in process, us a call without the kernel's flow -> with it: " + ", ".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=3000, help="calls per method (bounded)")
    parser.add_argument("--concurrency", type=int, default=16, help="calls in flight")
    parser.add_argument("--slices", type=int, default=6, help="slices each method's calls are cut into")
    parser.add_argument("--states", type=int, default=400, help="game states and positions to cycle through")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--full", action="store_true", help="send Games with their whole log (the old form)")
    parser.add_argument(
        "--warm",
        action="store_true",
        help="send every state once before timing: the steady state of a worker that has seen them all",
    )
    parser.add_argument(
        "--keys",
        action="store_true",
        help="a server with state keys (as online): every Game sealed, as another replica handed it out",
    )
    args = parser.parse_args(argv)
    server_cpus, client_cpus = _cpus()
    payloads = {"ListLegalPlays": legal_play_requests(args.states, args.seed)}
    states = game_states(args.states, args.seed)
    keys = f"bench:{base64.b64encode(os.urandom(32)).decode()}" if args.keys else ""
    payloads["ListActions"], payloads["Act"] = play_requests(states, args.seed, not args.full, keys)
    os.sched_setaffinity(0, client_cpus)
    print(
        f"server on CPUs {sorted(server_cpus)}, load generator on CPUs {sorted(client_cpus)}; "
        f"{args.calls} calls each, {args.concurrency} in flight, {args.states} states"
    )
    with tempfile.TemporaryDirectory() as tmp:
        process, port, metrics_port = _start(Path(tmp) / "ready.json", server_cpus, keys)
        try:
            warm = max(len(data) for data in payloads.values()) if args.warm else 50
            asyncio.run(_load_sliced(port, payloads, 0, 1, 1, process.pid, warm, warm_only=True))
            # The answering thread's CPU from here: the timed calls only.
            before_each = {name: handler_cpu(metrics_port, METHODS[name]) for name in payloads}
            results = asyncio.run(
                _load_sliced(port, payloads, args.calls, args.concurrency, args.slices, process.pid, 0)
            )
            handlers = {
                name: _cpu_a_call(before, handler_cpu(metrics_port, METHODS[name]))
                for name, before in before_each.items()
            }
            before = handler_cpu(metrics_port, METHODS["Act"])
            results["Act (in a flow)"] = asyncio.run(
                _load_flow(port, args.calls, args.concurrency, args.seed, process.pid)
            )
            handlers["Act (in a flow)"] = _cpu_a_call(before, handler_cpu(metrics_port, METHODS["Act"]))
        finally:
            process.terminate()
            process.wait(30)
    for result in results.values():
        print(result.line())
    print(answer_costs(states))
    print(act_costs(payloads["Act"], keys=keys))
    # The part of a call that is gammond's own (reading, the engine, writing), apart from gRPC's transport.
    print(
        "answering thread's CPU a call (gammond_rpc_cpu_seconds_total): "
        + ", ".join(f"{name} {us:.0f} us" for name, us in handlers.items())
    )
    base = results["ListLegalPlays"].rate
    print(f"ListActions vs ListLegalPlays: {results['ListActions'].rate / base:.2f}")
    print(f"Act vs ListLegalPlays: {results['Act'].rate / base:.2f}")
    print(f"Act in a flow vs ListLegalPlays: {results['Act (in a flow)'].rate / base:.2f}")
    cost = results["ListLegalPlays"].cpu_per_call
    for name in ("ListActions", "Act", "Act (in a flow)"):
        theirs = results[name].cpu_per_call
        # /proc counts CPU in clock ticks (10 ms): a short run may see none for a method.
        ratio = f"{cost / theirs:.2f}" if cost and theirs else "too few calls to tell"
        print(f"{name} vs ListLegalPlays, by server CPU a call: {ratio}")


if __name__ == "__main__":
    main()
