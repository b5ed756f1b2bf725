"""``gammond-load``: the command line (``gammond-load --help``)."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path

from gammond.load.games import LEVELS, GameMix, run_games
from gammond.load.mix import DEFAULT_MIX, RPCS, MixError, build_calls, parse_mix
from gammond.load.positions import self_play
from gammond.load.report import Report
from gammond.load.runner import MAX_DURATION_S, LoadSettings, Progress, run_load
from gammond.load.tables import TableMix, TablesReport, measured, redis_figures, run_tables
from gammond.load.targets import TargetRefused, check_target

_DEFAULT_MIX_TEXT = ",".join(f"{name}={weight}" for name, weight in DEFAULT_MIX.items())
_CYCLE = 5000  # distinct requests the load cycles through


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gammond-load",
        description="Load-test gammond with requests from seeded self-play. Sends only to loopback "
        "addresses unless --allow-remote is given.",
    )
    parser.add_argument(
        "--target", default="127.0.0.1:50051", help="host:port of gammond or of Envoy [%(default)s]"
    )
    parser.add_argument(
        "--duration",
        type=float,
        default=10.0,
        help=f"seconds to run, at most {MAX_DURATION_S:g} [%(default)s]",
    )
    parser.add_argument(
        "--calls", type=int, help="stop after this many calls (default: only the duration bounds the run)"
    )
    parser.add_argument(
        "--rate", type=float, help="calls per second, open loop (default: as fast as answered)"
    )
    parser.add_argument("--concurrency", type=int, default=16, help="calls in flight at most [%(default)s]")
    parser.add_argument(
        "--connections", type=int, default=1, help="HTTP/2 connections to spread the calls over [%(default)s]"
    )
    parser.add_argument(
        "--mix", default=_DEFAULT_MIX_TEXT, help=f"RPC=weight,... over {', '.join(RPCS)} [%(default)s]"
    )
    parser.add_argument(
        "--positions", type=int, default=500, help="self-play positions to draw requests from [%(default)s]"
    )
    parser.add_argument(
        "--seed", type=int, default=1, help="seed of the self-play and of the mix [%(default)s]"
    )
    parser.add_argument(
        "--timeout", type=float, default=10.0, help="deadline of each call, seconds [%(default)s]"
    )
    parser.add_argument(
        "--warmup", type=int, default=20, help="calls made first and not counted [%(default)s]"
    )
    parser.add_argument(
        "--json", metavar="PATH", help="also write the report as JSON to PATH ('-': standard output)"
    )
    games = parser.add_argument_group(
        "whole games (the lean flow, docs/operations.md 'Capacity model'): --games N replaces --mix"
    )
    games.add_argument(
        "--games", type=int, help="keep N games live at once, each a table playing game after game"
    )
    games.add_argument("--human", type=int, default=92, help="weight of human tables [%(default)s]")
    games.add_argument("--bot", type=int, default=8, help="weight of bot-vs-bot tables [%(default)s]")
    games.add_argument(
        "--hint-turns",
        type=float,
        default=0.2,
        help="share of a human's turns that start with a Hint [%(default)s]",
    )
    games.add_argument(
        "--level", choices=list(LEVELS), default="advanced", help="the bot's level [%(default)s]"
    )
    games.add_argument(
        "--hint-level", choices=list(LEVELS), default="advanced", help="Hint's level [%(default)s]"
    )
    games.add_argument(
        "--think",
        default="2:4",
        metavar="MIN:MAX",
        help="a human's pause before each tap, seconds [%(default)s]",
    )
    games.add_argument(
        "--bot-pause",
        type=float,
        default=0.0,
        help="pause before each BotAct at a bot table, seconds [%(default)s]",
    )
    tables = parser.add_argument_group(
        "live tables (TableService, docs/operations.md 'Live tables'): --tables N replaces --mix; "
        "--think paces both seats"
    )
    tables.add_argument(
        "--tables",
        type=int,
        help="keep N tables live at once, White acting through --target, Black through --replica",
    )
    tables.add_argument("--replica", help="host:port of the second replica (default: --target)")
    tables.add_argument(
        "--table-limit", type=int, help="tables to start in all (default: the duration bounds the run)"
    )
    tables.add_argument("--spectators", action="store_true", help="a spectator watches each table too")
    tables.add_argument("--match-length", type=int, default=1, help="each table's match length [%(default)s]")
    tables.add_argument(
        "--redis",
        metavar="URL",
        help="the table store (redis://HOST:PORT/DB or unix://PATH): report its memory and CPU",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress line on standard error")
    parser.add_argument(
        "--allow-remote", action="store_true", help="allow a target that is not on this machine"
    )
    parser.add_argument("--tls", action="store_true", help="speak TLS (implied by the --tls-* options)")
    parser.add_argument("--tls-ca", help="PEM CA bundle the server's certificate chains to")
    parser.add_argument("--tls-cert", help="PEM client certificate, for mutual TLS")
    parser.add_argument("--tls-key", help="PEM key of --tls-cert")
    parser.add_argument("--tls-server-name", help="the name to check the server's certificate for")
    parser.add_argument("--token-file", help="a file whose first line is the bearer token to send (TLS only)")
    return parser


def _show(progress: Progress) -> None:
    print(progress.line(), file=sys.stderr, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        target = check_target(args.target, args.allow_remote)
        mix = parse_mix(args.mix)
        settings = LoadSettings(
            target=target,
            duration_s=args.duration,
            max_calls=args.calls,
            concurrency=args.concurrency,
            connections=args.connections,
            rate=args.rate,
            timeout_s=args.timeout,
            warmup_calls=args.warmup,
            tls=bool(args.tls or args.tls_ca or args.tls_cert or args.token_file),
            tls_ca=args.tls_ca,
            tls_cert=args.tls_cert,
            tls_key=args.tls_key,
            tls_server_name=args.tls_server_name,
            token=Path(args.token_file).read_text().splitlines()[0].strip() if args.token_file else None,
        )
        game_mix = _game_mix(args) if args.games is not None else None
        table_run = _table_run(args) if args.tables is not None else None
        if args.games is not None and args.games < 1:
            raise ValueError(f"--games {args.games} is below 1")
        samples = self_play(args.positions, seed=args.seed) if game_mix is None and table_run is None else []
    except (TargetRefused, MixError, ValueError) as error:
        parser.error(str(error))
    if table_run is not None:
        _print(_tables(args, settings, *table_run), args.json)
        return 0
    if game_mix is not None:
        report = asyncio.run(
            run_games(settings, game_mix, args.games, args.seed, None if args.quiet else _show)
        )
        _print(report, args.json)
        return 0
    calls = build_calls(samples, mix, _CYCLE, seed=args.seed)
    report = asyncio.run(run_load(calls, settings, None if args.quiet else _show))
    _print(report, args.json)
    return 0


def _think(text: str) -> tuple[float, float]:
    low, sep, high = text.partition(":")
    return float(low), float(high if sep else low)


def _table_run(args: argparse.Namespace) -> tuple[TableMix, str | None]:
    """``--tables N``'s checked settings: how the tables play, the second replica."""
    if args.tables < 1:
        raise ValueError(f"--tables {args.tables} is below 1")
    if args.table_limit is not None and args.table_limit < 1:
        raise ValueError(f"--table-limit {args.table_limit} is below 1")
    replica = check_target(args.replica, args.allow_remote) if args.replica else None
    if args.redis and args.redis.startswith(("redis://", "rediss://")):
        # Only INFO and MEMORY USAGE are sent, but to a store on this machine unless told otherwise.
        check_target(args.redis.split("://", 1)[1].split("/", 1)[0].rpartition("@")[2], args.allow_remote)
    elif args.redis and not args.redis.startswith("unix://"):
        raise ValueError(f"--redis {args.redis!r} is not a redis://, rediss:// or unix:// URL")
    return TableMix(_think(str(args.think)), args.spectators, args.match_length), replica


def _tables(
    args: argparse.Namespace, settings: LoadSettings, mix: TableMix, replica: str | None
) -> TablesReport:
    """``--tables N``: the live-play run (:mod:`gammond.load.tables`), the store measured when named."""
    before = redis_figures(args.redis) if args.redis else {}
    report, ids = asyncio.run(
        run_tables(
            settings, mix, args.tables, replica, args.seed, args.table_limit, None if args.quiet else _show
        )
    )
    return measured(report, args.redis, before, ids) if args.redis else report


def _game_mix(args: argparse.Namespace) -> GameMix:
    think = _think(str(args.think))
    return GameMix(
        human=args.human,
        bot=args.bot,
        hint_turns=args.hint_turns,
        level=args.level,
        hint_level=args.hint_level,
        think_s=think,
        bot_pause_s=args.bot_pause,
    )


def _print(report: Report | TablesReport, json_path: str | None) -> None:
    if json_path == "-":
        print(report.json())
    else:
        print(report.text())
        if json_path:
            Path(json_path).write_text(report.json() + "\n")
