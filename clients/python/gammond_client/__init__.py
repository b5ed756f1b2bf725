"""gammond's Python client: typed stubs and shortcuts, sync and asyncio.

>>> from gammond_client import GammondClient, AsyncGammondClient, GammondError, Game, Table
"""

from gammond_client.aio import AsyncGammondClient
from gammond_client.client import GammondClient
from gammond_client.errors import GammondError, from_rpc_error
from gammond_client.game import Game
from gammond_client.requests import position_input, starting_position
from gammond_client.table import Table

__all__ = [
    "AsyncGammondClient",
    "GammondClient",
    "Game",
    "GammondError",
    "from_rpc_error",
    "position_input",
    "starting_position",
    "Table",
]
