"""Entry point: ``python -m server --help``."""

from server.cli import main

raise SystemExit(main())
