"""``python -m gammond.load``: the same as the ``gammond-load`` command."""

import sys

from gammond.load.cli import main

sys.exit(main())
