"""The servicers: decode the request, call the engine, encode the answer.

They raise instead of aborting: :mod:`gammond.server.interceptor` turns
:class:`~gammond.server.errors.WireError`, engine errors and bugs into statuses.

This module is the one list of gammond's services: the server registers,
health-reports and reflects exactly these, and the deploy configuration
(Envoy's routes and transcoder) and the tests read the same list.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import grpc
from google.protobuf.descriptor import FileDescriptor

from backgammon.v1 import (
    bot_service_pb2,
    bot_service_pb2_grpc,
    chouette_service_pb2,
    chouette_service_pb2_grpc,
    dice_service_pb2,
    dice_service_pb2_grpc,
    game_service_pb2,
    match_service_pb2,
    match_service_pb2_grpc,
    notation_service_pb2,
    notation_service_pb2_grpc,
    play_service_pb2,
    record_service_pb2,
    record_service_pb2_grpc,
    table_service_pb2,
)
from gammond.engine.bot import Evaluator
from gammond.server.admission import Admission
from gammond.server.sealing import Keyring
from gammond.server.searches import SearchPool
from gammond.server.services.bot import BotServicer
from gammond.server.services.chouette import ChouetteServicer
from gammond.server.services.dice import DiceServicer
from gammond.server.services.game import GameServicer
from gammond.server.services.game import add_to_server as add_game_service
from gammond.server.services.match import MatchServicer
from gammond.server.services.notation import NotationServicer
from gammond.server.services.play import PlayServicer
from gammond.server.services.play import add_to_server as add_play_service
from gammond.server.services.record import RecordServicer
from gammond.server.services.table import TableServicer, Watchers
from gammond.server.services.table import add_to_server as add_table_service
from gammond.server.tables.store import TableStore

# Each proto file that defines a service, in the order the API documents them.
SERVICE_FILES: tuple[FileDescriptor, ...] = (
    game_service_pb2.DESCRIPTOR,
    match_service_pb2.DESCRIPTOR,
    dice_service_pb2.DESCRIPTOR,
    notation_service_pb2.DESCRIPTOR,
    bot_service_pb2.DESCRIPTOR,
    chouette_service_pb2.DESCRIPTOR,
    play_service_pb2.DESCRIPTOR,
    record_service_pb2.DESCRIPTOR,
    table_service_pb2.DESCRIPTOR,
)
SERVICE_NAMES: tuple[str, ...] = tuple(
    service.full_name for file in SERVICE_FILES for service in file.services_by_name.values()
)


def add_servicers(
    server: grpc.Server,
    evaluator: Evaluator,
    max_search_s: float,
    gate: Admission,
    searches: SearchPool | None = None,
    keyring: Keyring | None = None,
    require_fair_dice: bool = False,
    tables: TableStore | str = "this server keeps no tables",
    watchers: Watchers | None = None,
) -> None:
    """Register one servicer for each of :data:`SERVICE_NAMES` on ``server``.

    BotService's searching calls share ``gate`` and run in ``searches``'
    processes (the game flow's bot turns search at most 1-ply and pass
    freely, on the calling thread); ``keyring``: the state keys
    PlayService seals its games with (None: unsealed); ``require_fair_dice``:
    PlayService starts games with fair dice only; ``tables``: TableService's
    store, or why there is none; ``watchers``: its bounds on WatchTable.
    """
    # TableService plays through PlayService's own calls.
    play = PlayServicer(evaluator, max_search_s, keyring, require_fair_dice)
    adders: dict[str, tuple[Callable[[Any, grpc.Server], None], object]] = {
        # GameService answers its two listings as wire bytes (see services/game.py).
        "backgammon.v1.GameService": (add_game_service, GameServicer()),
        "backgammon.v1.MatchService": (
            match_service_pb2_grpc.add_MatchServiceServicer_to_server,
            MatchServicer(),
        ),
        "backgammon.v1.DiceService": (
            dice_service_pb2_grpc.add_DiceServiceServicer_to_server,
            DiceServicer(),
        ),
        "backgammon.v1.NotationService": (
            notation_service_pb2_grpc.add_NotationServiceServicer_to_server,
            NotationServicer(),
        ),
        "backgammon.v1.BotService": (
            bot_service_pb2_grpc.add_BotServiceServicer_to_server,
            BotServicer(evaluator, max_search_s, gate, searches),
        ),
        "backgammon.v1.ChouetteService": (
            chouette_service_pb2_grpc.add_ChouetteServiceServicer_to_server,
            ChouetteServicer(),
        ),
        "backgammon.v1.PlayService": (add_play_service, play),
        "backgammon.v1.RecordService": (
            record_service_pb2_grpc.add_RecordServiceServicer_to_server,
            RecordServicer(evaluator, max_search_s),
        ),
        "backgammon.v1.TableService": (add_table_service, TableServicer(play, tables, keyring, watchers)),
    }
    # A service added to the list above but not here (or the reverse) fails at start-up.
    assert set(adders) == set(SERVICE_NAMES), sorted(set(adders) ^ set(SERVICE_NAMES))
    for name in SERVICE_NAMES:
        add, servicer = adders[name]
        add(servicer, server)
