"""``python -m server``: parse the configuration and run the supervisor."""

from __future__ import annotations

from typing import Sequence

from server.config import parse_config
from server.supervisor import serve


def main(argv: Sequence[str] | None = None) -> int:
    return serve(parse_config(argv))
