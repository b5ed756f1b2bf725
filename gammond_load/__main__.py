"""``python -m gammond_load``: the same as the ``gammond-load`` command."""

import sys

from gammond_load.cli import main

sys.exit(main())
