"""``gammond-load``: load-test a gammond deployment with realistic requests.

Requests come from seeded self-play with the engine (doubles and checkers
on the bar included), mixed over the RPCs a game frontend makes; the tool
runs for a bounded time and call count, at a fixed rate or as fast as the
server answers, prints a progress line each second and a final report.
It only targets loopback addresses unless told ``--allow-remote``.

    python -m gammond.load --target 127.0.0.1:8080 --duration 10 --concurrency 16

``--games N`` plays whole games instead, N at once, as a frontend's tables
do (:mod:`gammond.load.games`); ``--tables N`` plays live tables through
TableService across two replicas, measuring the delay from each act to
every watcher (:mod:`gammond.load.tables`).
"""

from gammond.load.games import GameMix, run_games
from gammond.load.mix import DEFAULT_MIX, Call, build_calls, parse_mix
from gammond.load.positions import Sample, self_play
from gammond.load.report import Report, percentile
from gammond.load.runner import LoadSettings, run_load
from gammond.load.tables import TableMix, TablesReport, run_tables
from gammond.load.targets import TargetRefused, check_target

__all__ = [
    "DEFAULT_MIX",
    "Call",
    "GameMix",
    "LoadSettings",
    "Report",
    "Sample",
    "TableMix",
    "TablesReport",
    "TargetRefused",
    "build_calls",
    "check_target",
    "parse_mix",
    "percentile",
    "run_games",
    "run_load",
    "run_tables",
    "self_play",
]
