"""Play a match against the bot in a terminal, through a running gammond server.

The same as the ``gammond-play`` command (gammond_client.terminal), which
draws the board, takes plays in notation (``8/5 6/5``), gives hints and
handles the cube; ``help`` lists the commands, the end of input ends it.

scripts/serve &                                   # from the repository root
python clients/python/examples/play_match.py --target 127.0.0.1:50051 --seed 7 --match 3
"""

import sys

from gammond_client.terminal import main

if __name__ == "__main__":
    sys.exit(main())
