"""``python -m deploy.local.keeper PROGRAM ARGS...``: run a program and stay its parent.

Envoy stops (SIGTERM) when the process that started it exits, and
``deploy/local/up`` exits once the stack serves; so Envoy runs under this
small parent, which passes SIGTERM and SIGINT on and exits with its status.
"""

from __future__ import annotations

import signal
import subprocess
import sys
from collections.abc import Sequence
from types import FrameType


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        print("usage: python -m deploy.local.keeper PROGRAM [ARGS...]", file=sys.stderr)
        return 2
    child = subprocess.Popen(args)

    def forward(signum: int, frame: FrameType | None) -> None:
        child.send_signal(signum)

    signal.signal(signal.SIGTERM, forward)
    signal.signal(signal.SIGINT, forward)
    return child.wait()


if __name__ == "__main__":
    sys.exit(main())
