"""Entry point: ``python -m gammond.server --help``."""

import os

# Before numpy loads: the bot's small matrix products run fastest on one BLAS
# thread, and each worker process already has a core of its own.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from gammond.server.cli import main  # noqa: E402

raise SystemExit(main())
