"""gammond's Python client: typed stubs and shortcuts, sync and asyncio.

>>> from gammond_client import GammondClient, AsyncGammondClient, GammondError
"""

from gammond_client.aio import AsyncGammondClient
from gammond_client.client import GammondClient
from gammond_client.errors import GammondError, from_rpc_error
from gammond_client.requests import position_input, starting_position

__all__ = [
    "AsyncGammondClient",
    "GammondClient",
    "GammondError",
    "from_rpc_error",
    "position_input",
    "starting_position",
]
