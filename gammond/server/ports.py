"""Whether a port can be listened on, asked before anything starts.

The gRPC port is reserved with SO_REUSEPORT so the workers can share it, and
the kernel lets a second process of the same user join such a port: without
this check a second server on a busy port would quietly share the first
one's connections.  A probe without SO_REUSEPORT (with SO_REUSEADDR, so a
recently closed server's TIME_WAIT connections do not count) fails exactly
when something listens there.
"""

from __future__ import annotations

import errno
import socket


def busy(host: str, port: int) -> str | None:
    """Why ``host:port`` cannot be listened on, or None when it can (port 0 always can).

    >>> import socket
    >>> taken = socket.socket()
    >>> taken.bind(("127.0.0.1", 0)); taken.listen()
    >>> busy("127.0.0.1", taken.getsockname()[1])
    'address already in use'
    >>> taken.close()
    """
    if port == 0:
        return None
    bare = host.strip("[]")
    probe = socket.socket(socket.AF_INET6 if ":" in bare else socket.AF_INET, socket.SOCK_STREAM)
    try:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind((bare, port))
    except OSError as error:
        return "address already in use" if error.errno == errno.EADDRINUSE else (error.strerror or str(error))
    finally:
        probe.close()
    return None


def busy_message(program: str, flag: str, host: str, port: int, reason: str) -> str:
    """The one line a busy port is refused with, naming the flag that chose it."""
    return (
        f"{program}: {flag} {port}: cannot listen on {host}:{port}: {reason} "
        f"(another server running?); give {flag} another port, or 0 for a free one"
    )
