"""Which targets the load may be sent to.

A load test is a flood of requests; by default it may only go to this
machine (127.0.0.0/8 or ::1). Anything else needs ``--allow-remote``, an
explicit statement that the operator owns the target.
"""

from __future__ import annotations

import ipaddress
import socket


class TargetRefused(ValueError):
    """A target that is malformed, or not on loopback without --allow-remote."""


def split_target(target: str) -> tuple[str, int]:
    """``host:port`` (IPv6 in brackets) as its host and port.

    >>> split_target("[::1]:8080"), split_target("localhost:50051")
    (('::1', 8080), ('localhost', 50051))
    """
    host, sep, port = target.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise TargetRefused(f"target {target!r} is not host:port")
    if host.startswith("["):
        if not host.endswith("]"):
            raise TargetRefused(f"target {target!r} has an unclosed '['")
        host = host[1:-1]
    elif ":" in host:
        raise TargetRefused(f"target {target!r}: put an IPv6 address in brackets, e.g. [::1]:8080")
    return host, int(port)


def _addresses(host: str, port: int) -> set[str]:
    try:
        return {str(info[4][0]) for info in socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)}
    except socket.gaierror as error:
        raise TargetRefused(f"target host {host!r} does not resolve: {error}") from None


def check_target(target: str, allow_remote: bool = False) -> str:
    """``target`` itself if the load may go there, else :class:`TargetRefused`.

    >>> check_target("127.0.0.1:8080")
    '127.0.0.1:8080'
    >>> check_target("10.0.0.1:8080")
    Traceback (most recent call last):
    ...
    gammond.load.targets.TargetRefused: target '10.0.0.1:8080' resolves to 10.0.0.1, not loopback; pass --allow-remote to load a machine you own
    """
    host, port = split_target(target)
    if allow_remote:
        return target
    outside = sorted(
        a for a in _addresses(host, port) if not ipaddress.ip_address(a.split("%")[0]).is_loopback
    )
    if outside:
        raise TargetRefused(
            f"target {target!r} resolves to {', '.join(outside)}, not loopback; "
            "pass --allow-remote to load a machine you own"
        )
    return target
