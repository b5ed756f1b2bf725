"""What a load run measured: calls per second, latency percentiles, errors by code."""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


def percentile(ordered: Sequence[float], q: float) -> float:
    """The nearest-rank ``q``-quantile (0 < q <= 1) of ``ordered``, which must be sorted.

    >>> data = [float(n) for n in range(1, 101)]
    >>> percentile(data, 0.5), percentile(data, 0.99), percentile(data, 1.0)
    (50.0, 99.0, 100.0)
    >>> percentile([], 0.5)
    0.0
    """
    if not 0 < q <= 1:
        raise ValueError(f"quantile {q} is not in (0, 1]")
    if not ordered:
        return 0.0
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


@dataclass(frozen=True, slots=True)
class Latency:
    """Latency figures in milliseconds."""

    p50: float
    p95: float
    p99: float
    max: float

    @classmethod
    def of(cls, seconds: Sequence[float]) -> Latency:
        ordered = sorted(seconds)
        ms = [percentile(ordered, q) * 1000 for q in (0.5, 0.95, 0.99, 1.0)]
        return cls(*ms)

    def line(self) -> str:
        return f"p50 {self.p50:.2f} ms  p95 {self.p95:.2f} ms  p99 {self.p99:.2f} ms  max {self.max:.2f} ms"


@dataclass(frozen=True, slots=True)
class MethodReport:
    """One RPC's share of the run."""

    calls: int
    errors: int
    latency: Latency


@dataclass(frozen=True, slots=True)
class Report:
    """The whole run: ``codes`` counts every status (OK included) by name."""

    target: str
    calls: int
    seconds: float
    latency: Latency
    codes: Mapping[str, int]
    methods: Mapping[str, MethodReport] = field(default_factory=dict)
    settings: Mapping[str, Any] = field(default_factory=dict)

    @property
    def rate(self) -> float:
        """Calls answered per second, errors included."""
        return self.calls / self.seconds if self.seconds > 0 else 0.0

    @property
    def errors(self) -> dict[str, int]:
        """Calls that did not end OK, by status code name."""
        return {code: n for code, n in sorted(self.codes.items()) if code != "OK"}

    @classmethod
    def from_samples(
        cls,
        target: str,
        seconds: float,
        samples: Sequence[tuple[str, str, float]],
        settings: Mapping[str, Any] | None = None,
    ) -> Report:
        """Build from ``(rpc name, status code name, latency in seconds)`` per call."""
        by_method: dict[str, list[tuple[str, float]]] = {}
        for name, code, latency in samples:
            by_method.setdefault(name, []).append((code, latency))
        methods = {
            name: MethodReport(
                len(rows), sum(1 for code, _ in rows if code != "OK"), Latency.of([s for _, s in rows])
            )
            for name, rows in sorted(by_method.items())
        }
        codes = Counter(code for _, code, _ in samples)
        return cls(
            target,
            len(samples),
            seconds,
            Latency.of([s for _, _, s in samples]),
            dict(codes),
            methods,
            dict(settings or {}),
        )

    def text(self) -> str:
        """The human-readable report."""
        lines = [
            f"target {self.target}: {self.calls} calls in {self.seconds:.2f} s = {self.rate:.1f} calls/s",
            f"latency {self.latency.line()}",
            "errors " + (", ".join(f"{code} {n}" for code, n in self.errors.items()) or "none"),
        ]
        width = max((len(name) for name in self.methods), default=0)
        for name, method in self.methods.items():
            lines.append(
                f"  {name:<{width}} {method.calls:7d} calls  {method.errors:5d} errors  {method.latency.line()}"
            )
        return "\n".join(lines)

    def as_json(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "calls": self.calls,
            "seconds": round(self.seconds, 4),
            "calls_per_second": round(self.rate, 2),
            "latency_ms": _latency_json(self.latency),
            "codes": dict(sorted(self.codes.items())),
            "errors": self.errors,
            "methods": {
                name: {"calls": m.calls, "errors": m.errors, "latency_ms": _latency_json(m.latency)}
                for name, m in self.methods.items()
            },
            "settings": dict(self.settings),
        }

    def json(self) -> str:
        return json.dumps(self.as_json(), indent=2)


def _latency_json(latency: Latency) -> dict[str, float]:
    return {name: round(getattr(latency, name), 3) for name in ("p50", "p95", "p99", "max")}
