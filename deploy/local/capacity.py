"""``python -m deploy.local.capacity``: the capacity model of docs/operations.md, and its check.

1. **Costs.** Two replicas (``python -m gammond.server --workers 1`` each)
   pinned to CPU 0, driven directly from CPU 1 with one kind of call at a
   time, a bounded number of calls each: human taps (``Act`` with
   ``bot_reply``, through whole lean games), bot turns (``BotAct``, whole
   bot-vs-bot games) and hints (``BotService.Hint`` at the advanced level).
   Taps and turns twice: *warm*, every call to one replica (which wrote the
   Game it gets back and finds it among its recent Games), and *cold*, each
   game's calls to the two replicas in turn (no call meets its writer: what
   many replicas behind a balancer come close to). A call's cost is the server's
   CPU seconds (the replica, its worker and its search processes, from
   ``/proc``) over the calls: CPU time, not wall time, so neighbours on the
   machine inflate it far less than they would a rate.
2. **The model.** From the costs and the mix (``--human``, ``--bot``,
   ``--hint-per-tap``, a human's 2-4 s between taps, a spectated bot table's
   1 s between turns): CPU per live game, live games and calls per core,
   cores and replicas per 10,000 live games at ``--target-cpu``.
3. **The check.** Two replicas behind Envoy (``deploy.local.stack``),
   the replicas pinned to CPU 0, Envoy and ``gammond-load --games`` to
   CPU 1, ``--load`` times the games one core holds by the model, for
   ``--duration`` seconds; the replicas' CPU and the calls per second from
   the tenth second on, beside the model's.

Only 127.0.0.1 is used; everything started is stopped.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from deploy.local.processes import StackError
from deploy.local.stack import Stack, StackOptions, down, up
from gammond.load import GameMix, LoadSettings, Report, build_calls, run_games, run_load, self_play
from gammond.load.report import Latency, MethodReport
from gammond.load.runner import Progress

TICK = os.sysconf("SC_CLK_TCK")
WINDOW_FROM_S = 10.0  # the check's window starts here: every table has made its first call


def _stat(pid: int) -> list[str] | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def tree(root: int) -> list[int]:
    """``root`` and every process below it."""
    parents: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (fields := _stat(int(entry))) is not None:
            parents.setdefault(int(fields[1]), []).append(int(entry))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(parents.get(pid, []))
    return found


def cpu_seconds(roots: list[int]) -> float:
    """User and system CPU seconds of ``roots``' process trees (and their reaped children)."""
    total = 0
    for root in roots:
        for pid in tree(root):
            fields = _stat(pid)
            if fields is not None:
                total += sum(int(fields[i]) for i in (11, 12, 13, 14))
    return total / TICK


def pin(roots: list[int], cpus: set[int]) -> None:
    """Every thread of ``roots``' process trees onto ``cpus``."""
    for root in roots:
        for pid in tree(root):
            try:
                tids = os.listdir(f"/proc/{pid}/task")
            except OSError:
                continue
            for tid in tids:
                try:
                    os.sched_setaffinity(int(tid), cpus)
                except OSError:
                    pass


@contextmanager
def _stack(tmp: Path, replicas: int) -> Iterator[Stack]:
    options = StackOptions(
        state_dir=tmp / f"stack-{replicas}", replicas=replicas, envoy_port=0, admin_port=0, prometheus=False
    )
    stack = up(options)
    try:
        yield stack
    finally:
        down(options.state_dir)


@dataclass(frozen=True, slots=True)
class Cost:
    """One kind of call, driven alone: calls, the server's CPU seconds, wall seconds, the report."""

    kind: str
    calls: int
    cpu_s: float
    wall_s: float
    report: Report

    @property
    def ms(self) -> float:
        return 1000 * self.cpu_s / self.calls

    def per_game(self, name: str) -> float:
        if "NewGame" not in self.report.methods:
            return 0.0
        games = self.report.methods["NewGame"].calls
        return self.report.methods[name].calls / games


def _measure(kind: str, server: list[int], run: Any) -> Cost:
    before, started = cpu_seconds(server), time.perf_counter()
    report: Report = asyncio.run(run)
    cpu, wall = cpu_seconds(server) - before, time.perf_counter() - started
    cost = Cost(kind, report.calls, cpu, wall, report)
    print(
        f"{kind}: {report.calls} calls, server CPU {cpu:.2f} s over {wall:.1f} s "
        f"({cpu / wall:.0%} of a core): {cost.ms:.3f} ms a call, {1000 / cost.ms:,.0f} calls/s per core; "
        f"{report.latency.line()}",
        file=sys.stderr,
        flush=True,
    )
    return cost


def costs(targets: list[str], server: list[int], calls: int, rounds: int) -> dict[str, list[Cost]]:
    """Each kind alone, ``rounds`` times, alternating. ``warm``: every call to one replica, which wrote
    the Game it gets back; ``cold``: each table's calls to the two replicas in turn, so none does."""
    one, other = targets
    settings = LoadSettings(target=one, duration_s=600, max_calls=calls, concurrency=8)
    hints = build_calls(self_play(300, seed=7), {"Hint": 1}, 2000, seed=7)
    found: dict[str, list[Cost]] = {k: [] for k in ("tap warm", "tap cold", "bot warm", "bot cold", "hint")}
    taps = GameMix(human=1, bot=0, hint_turns=0, think_s=(0, 0))
    bots = GameMix(human=0, bot=1)
    for r in range(rounds):
        for kind, mix in (("tap", taps), ("bot", bots)):
            found[f"{kind} warm"].append(
                _measure(f"{kind} warm", server, run_games(settings, mix, 8, seed=r))
            )
            cold = run_games(settings, mix, 8, seed=r, rotate=[other])
            found[f"{kind} cold"].append(_measure(f"{kind} cold", server, cold))
        hint = replace(settings, max_calls=max(200, calls // 3), warmup_calls=20)
        found["hint"].append(_measure("hint", server, run_load(hints, hint)))
    return found


@dataclass(frozen=True, slots=True)
class Model:
    """The mix and what one core holds of it."""

    human: float  # share of live games that are human tables
    tap_rate: float  # a human's taps per second
    hint_per_tap: float
    bot_rate: float  # a spectated bot table's turns (BotAct) per second
    tap_warm_ms: float  # a tap whose Game the replica wrote itself (its recent Games)
    tap_cold_ms: float  # a tap whose Game another replica wrote
    bot_warm_ms: float
    bot_cold_ms: float
    hint_ms: float
    hit: float = 0.0  # the share of calls that meet the replica that wrote their Game

    def at(self, hit: float) -> Model:
        return replace(self, hit=hit)

    @property
    def tap_ms(self) -> float:
        return self.hit * self.tap_warm_ms + (1 - self.hit) * self.tap_cold_ms

    @property
    def bot_ms(self) -> float:
        return self.hit * self.bot_warm_ms + (1 - self.hit) * self.bot_cold_ms

    @property
    def cpu_per_game(self) -> float:
        """CPU seconds per second of one live game of the mix."""
        human = self.tap_rate * (self.tap_ms + self.hint_per_tap * self.hint_ms) / 1000
        return self.human * human + (1 - self.human) * self.bot_rate * self.bot_ms / 1000

    @property
    def calls_per_game(self) -> float:
        """Calls per second of one live game of the mix."""
        return self.human * self.tap_rate * (1 + self.hint_per_tap) + (1 - self.human) * self.bot_rate

    @property
    def games_per_core(self) -> float:
        return 1 / self.cpu_per_game

    def cores(self, games: float, target_cpu: float) -> float:
        return games * self.cpu_per_game / target_cpu


def _earlier(path: Path) -> dict[str, list[Cost]]:
    """The costs an earlier run wrote (per call and per game only: the reports are not kept)."""
    data = json.loads(path.read_text())
    found: dict[str, list[Cost]] = {}
    for kind, runs in data["costs"].items():
        found[kind] = []
        for run in runs:
            per_game = run.get("per_game", {})
            methods = {"NewGame": MethodReport(1000, 0, _NO_LATENCY)}
            methods.update(
                {name: MethodReport(round(1000 * n), 0, _NO_LATENCY) for name, n in per_game.items()}
            )
            report = Report("", run["calls"], run["wall_s"], _NO_LATENCY, {}, methods)
            found[kind].append(Cost(kind, run["calls"], run["cpu_s"], run["wall_s"], report))
    return found


_NO_LATENCY = Latency(0, 0, 0, 0)


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def check(stack: Stack, model: Model, mix: GameMix, games: int, duration: float) -> dict[str, Any]:
    """Drive ``games`` tables of ``mix`` through Envoy; the replicas' CPU and calls/s from WINDOW_FROM_S on."""
    replicas = [r.process.pid for r in stack.replicas]
    ticks: list[tuple[float, int, float, float, float]] = []

    def tick(progress: Progress) -> None:
        load = os.times()
        ticks.append(
            (
                progress.elapsed_s,
                progress.calls,
                cpu_seconds(replicas),
                cpu_seconds([stack.envoy.pid]),
                load.user + load.system,
            )
        )

    settings = LoadSettings(target=stack.target, duration_s=duration, timeout_s=10)
    report = asyncio.run(run_games(settings, mix, games, seed=1, progress=tick))
    first = next(t for t in ticks if t[0] >= WINDOW_FROM_S)
    last = ticks[-1]
    wall = last[0] - first[0]
    calls_s = (last[1] - first[1]) / wall
    replica_cpu = (last[2] - first[2]) / wall
    envoy_cpu = (last[3] - first[3]) / wall
    load_cpu_used = (last[4] - first[4]) / wall
    methods = report.methods
    return {
        "games": games,
        "window_s": round(wall, 1),
        "predicted_calls_per_s": round(games * model.calls_per_game, 1),
        "measured_calls_per_s": round(calls_s, 1),
        "predicted_replica_cpu": round(games * model.cpu_per_game, 3),
        "measured_replica_cpu": round(replica_cpu, 3),
        "measured_cpu_ms_per_call": round(1000 * replica_cpu / calls_s, 3),
        "predicted_cpu_ms_per_call": round(1000 * model.cpu_per_game / model.calls_per_game, 3),
        "envoy_cpu": round(envoy_cpu, 3),
        "envoy_cpu_ms_per_call": round(1000 * envoy_cpu / calls_s, 3),
        "load_generator_cpu": round(load_cpu_used, 3),
        "hints_per_tap": round(methods["Hint"].calls / methods["Act"].calls, 4) if "Hint" in methods else 0,
        "report": report.as_json(),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=3000, help="calls per cost measurement [%(default)s]")
    parser.add_argument("--rounds", type=int, default=2, help="cost measurements per kind [%(default)s]")
    parser.add_argument("--human", type=float, default=0.92, help="share of human tables [%(default)s]")
    parser.add_argument("--hint-per-tap", type=float, default=0.05, help="hints per human tap [%(default)s]")
    parser.add_argument("--bot-pause", type=float, default=1.0, help="a bot table's seconds between turns")
    parser.add_argument("--target-cpu", type=float, default=0.6, help="CPU a core may run at [%(default)s]")
    parser.add_argument(
        "--load", type=float, default=0.8, help="the check's games, of one core's [%(default)s]"
    )
    parser.add_argument("--duration", type=float, default=60.0, help="the check's seconds [%(default)s]")
    parser.add_argument("--skip-check", action="store_true")
    parser.add_argument("--costs", help="take the costs from this earlier --json instead of measuring them")
    parser.add_argument("--json", help="also write everything here")
    args = parser.parse_args(argv)
    available = sorted(os.sched_getaffinity(0))
    if len(available) < 2:
        print("capacity: needs two CPUs (servers on one, the load on the other)", file=sys.stderr)
        return 1
    server_cpus, load_cpus = {available[0]}, {available[1]}
    os.sched_setaffinity(0, load_cpus)
    out: dict[str, Any] = {"cpus": {"servers": sorted(server_cpus), "load": sorted(load_cpus)}}
    try:
        with tempfile.TemporaryDirectory(prefix="gammond-capacity-") as folder:
            tmp = Path(folder)
            if args.costs:
                found = _earlier(Path(args.costs))
            else:
                with _stack(tmp, 2) as pair:
                    server = [r.process.pid for r in pair.replicas]
                    pin(server, server_cpus)
                    found = costs([r.target for r in pair.replicas], server, args.calls, args.rounds)
            think = 3.0  # a human's mean pause (2-4 s); a call's few ms on top are left out
            model = Model(
                human=args.human,
                tap_rate=1 / think,
                hint_per_tap=args.hint_per_tap,
                bot_rate=1 / args.bot_pause if args.bot_pause > 0 else 1.0,
                tap_warm_ms=_median([c.ms for c in found["tap warm"]]),
                tap_cold_ms=_median([c.ms for c in found["tap cold"]]),
                bot_warm_ms=_median([c.ms for c in found["bot warm"]]),
                bot_cold_ms=_median([c.ms for c in found["bot cold"]]),
                hint_ms=_median([c.ms for c in found["hint"]]),
            )
            taps_per_game = _median([c.per_game("Act") for c in found["tap cold"]])
            turns_per_game = _median([c.per_game("BotAct") for c in found["bot cold"]])
            cores = model.cores(10_000, args.target_cpu)
            out["costs"] = {
                kind: [
                    {
                        "calls": c.calls,
                        "cpu_s": round(c.cpu_s, 3),
                        "wall_s": round(c.wall_s, 2),
                        "ms": round(c.ms, 4),
                    }
                    for c in runs
                ]
                for kind, runs in found.items()
            }
            out["model"] = {
                "tap_warm_ms": round(model.tap_warm_ms, 4),
                "tap_cold_ms": round(model.tap_cold_ms, 4),
                "bot_turn_warm_ms": round(model.bot_warm_ms, 4),
                "bot_turn_cold_ms": round(model.bot_cold_ms, 4),
                "hint_ms": round(model.hint_ms, 4),
                "taps_per_human_game": round(taps_per_game, 1),
                "turns_per_bot_game": round(turns_per_game, 1),
                "human_games_per_s_per_core": round(1000 / (model.tap_ms * taps_per_game), 2),
                "bot_games_per_s_per_core": round(1000 / (model.bot_ms * turns_per_game), 2),
                "cpu_ms_per_live_game_s": round(1000 * model.cpu_per_game, 4),
                "calls_per_live_game_s": round(model.calls_per_game, 4),
                "live_games_per_core": round(model.games_per_core),
                "calls_per_s_per_core": round(model.games_per_core * model.calls_per_game),
                "cores_per_10000": round(cores, 2),
                "replicas_of_1_core_per_10000": math.ceil(cores),
                "replicas_of_2_cores_per_10000": math.ceil(cores / 2),
                "target_cpu": args.target_cpu,
            }
            print(json.dumps(out["model"], indent=1), file=sys.stderr, flush=True)
            if not args.skip_check:
                # Two replicas behind least-request balancing: about half the calls meet their writer.
                model2 = model.at(0.5)
                out["model_two_replicas"] = {
                    "cpu_ms_per_live_game_s": round(1000 * model2.cpu_per_game, 4),
                    "live_games_per_core": round(model2.games_per_core),
                }
                games = round(args.load * model2.games_per_core)
                mix = GameMix(
                    human=round(100 * args.human),
                    bot=100 - round(100 * args.human),
                    hint_turns=0.2,
                    bot_pause_s=args.bot_pause,
                )
                with _stack(tmp, 2) as two:
                    replicas = [r.process.pid for r in two.replicas]
                    pin(replicas, server_cpus)
                    pin([two.envoy.pid], load_cpus)
                    out["check"] = check(two, model2, mix, games, args.duration)
                report = out["check"].pop("report")
                print(json.dumps(out["check"], indent=1), file=sys.stderr)
                out["check"]["report"] = report
                print(_report_text(report))
    except StackError as error:
        print(f"capacity: {error}", file=sys.stderr)
        return 1
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n")
    return 0


def _report_text(report: dict[str, Any]) -> str:
    lines = [f"{report['calls']} calls in {report['seconds']} s, latency {report['latency_ms']}"]
    for name, method in report["methods"].items():
        lines.append(f"  {name}: {method['calls']} calls, {method['errors']} errors, {method['latency_ms']}")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
