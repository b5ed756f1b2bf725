"""``python -m gammond.server``: parse the configuration and run the supervisor."""

from __future__ import annotations

from collections.abc import Sequence

from gammond.server.config import parse_config
from gammond.server.supervisor import serve


def main(argv: Sequence[str] | None = None) -> int:
    return serve(parse_config(argv))
