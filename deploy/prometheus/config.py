"""Prometheus's scrape configuration for a gammond deployment.

Job ``gammond`` scrapes every replica's metrics port (the sums over its
worker processes); job ``envoy`` scrapes Envoy's ``/stats/prometheus``. The
alert rules and the dashboard select on these job names and metric names.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

GAMMOND_JOB = "gammond"
ENVOY_JOB = "envoy"
Discovery = dict[str, Any]


@dataclass(frozen=True, slots=True)
class ScrapeTarget:
    """One ``host:port`` to scrape and the ``replica`` label it gets."""

    address: str
    replica: str


def static_replicas(targets: tuple[ScrapeTarget, ...]) -> Discovery:
    """Replicas at known addresses (the local stack), each labelled with its number."""
    return {"static_configs": [{"targets": [t.address], "labels": {"replica": t.replica}} for t in targets]}


def dns_replicas(name: str, port: int) -> Discovery:
    """Every address a DNS name resolves to (compose's service name, a headless Service)."""
    return {"dns_sd_configs": [{"names": [name], "type": "A", "port": port, "refresh_interval": "15s"}]}


def prometheus_config(
    replicas: Discovery, envoy: tuple[str, ...], rule_files: tuple[str, ...], interval_s: float = 5.0
) -> dict[str, Any]:
    """The whole ``prometheus.yml`` as plain data.

    >>> config = prometheus_config(dns_replicas("gammond", 9464), ("envoy:9902",), ("alerts.yml",))
    >>> [job["job_name"] for job in config["scrape_configs"]]
    ['gammond', 'envoy']
    """
    interval = f"{interval_s:g}s"
    return {
        "global": {"scrape_interval": interval, "evaluation_interval": interval},
        "rule_files": list(rule_files),
        "scrape_configs": [
            {"job_name": GAMMOND_JOB, **replicas},
            {
                "job_name": ENVOY_JOB,
                "metrics_path": "/stats/prometheus",
                "static_configs": [{"targets": list(envoy)}],
            },
        ],
    }
