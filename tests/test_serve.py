"""``scripts/serve`` as the README runs it: gRPC, and gRPC-Web and JSON through Envoy, from one command.

Runs ``python -m deploy.serve`` (what ``scripts/serve`` runs after set-up) on
free loopback ports, calls it over every protocol, and stops it with SIGTERM.
Skipped when no Envoy binary is installed (the dev and serve extras install one).
"""

from __future__ import annotations

import json
import signal
import socket
import ssl
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest

from backgammon.v1 import dice_service_pb2, dice_service_pb2_grpc
from gammond_client.tls import secure_channel
from tests.support import grpc_web
from tests.support.gateway import GATEWAY_SKIP, STOP_TIMEOUT_S, gateway_process
from tests.support.pki import make_pki

ROOT = Path(__file__).resolve().parent.parent
pytestmark = GATEWAY_SKIP

ROLLS = {"rolls": [{"die1": 3, "die2": 2}, {"die1": 4, "die2": 6}]}


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


@pytest.fixture(scope="module")
def served(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[subprocess.Popen[bytes], dict[str, Any]]]:
    # No --metrics-port: with --port 0 the metrics take a free port too.
    with gateway_process(tmp_path_factory.mktemp("serve")) as started:
        yield started


def test_the_ready_file_names_both_ports(served: tuple[subprocess.Popen[bytes], dict[str, Any]]) -> None:
    _, facts = served
    assert {"port", "gateway_port", "gateway_admin_port", "gateway_pid", "pid", "workers"} <= set(facts)
    assert facts["port"] != facts["gateway_port"]
    assert isinstance(facts["metrics_port"], int) and facts["metrics_port"] not in (0, facts["port"])


def test_the_readme_curl_call_answers_json_on_the_gateway(
    served: tuple[subprocess.Popen[bytes], dict[str, Any]],
) -> None:
    _, facts = served
    # curl -s -d '...' sends a form content type; the gateway takes the body as JSON all the same.
    request = urllib.request.Request(
        f"http://127.0.0.1:{facts['gateway_port']}/backgammon.v1.DiceService/RollDice",
        data=b'{"seed": 7, "count": 2}',
        headers={"content-type": "application/x-www-form-urlencoded"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        assert json.loads(response.read()) == ROLLS


def test_grpc_answers_on_the_server_port_and_through_the_gateway(
    served: tuple[subprocess.Popen[bytes], dict[str, Any]],
) -> None:
    _, facts = served
    for port in (facts["port"], facts["gateway_port"]):
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            stub = dice_service_pb2_grpc.DiceServiceStub(channel)
            answer = stub.RollDice(dice_service_pb2.RollDiceRequest(seed=7, count=2), timeout=10)
        assert [(r.die1, r.die2) for r in answer.rolls] == [(3, 2), (4, 6)]


def test_grpc_web_answers_through_the_gateway(served: tuple[subprocess.Popen[bytes], dict[str, Any]]) -> None:
    _, facts = served
    request = dice_service_pb2.RollDiceRequest(seed=7, count=2).SerializeToString()
    reply = grpc_web.call(
        f"127.0.0.1:{facts['gateway_port']}", "/backgammon.v1.DiceService/RollDice", request
    )
    assert reply.grpc_status == 0
    (message,) = reply.messages
    answer = dice_service_pb2.RollDiceResponse.FromString(message)
    assert [(r.die1, r.die2) for r in answer.rolls] == [(3, 2), (4, 6)]


def test_a_second_server_on_a_running_servers_port_is_refused_not_let_share_it(
    served: tuple[subprocess.Popen[bytes], dict[str, Any]],
) -> None:
    # The port is held with SO_REUSEPORT, which the kernel would let a second server join.
    _, facts = served
    argv = [sys.executable, "-m", "gammond.server", "--port", str(facts["port"]), "--metrics-port", "off"]
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert f"gammond: --port {facts['port']}: cannot listen on" in done.stderr
    assert done.stderr.count("\n") == 1, done.stderr


def test_sigterm_stops_envoy_and_the_server_and_exits_zero(
    served: tuple[subprocess.Popen[bytes], dict[str, Any]],
) -> None:
    process, facts = served
    process.send_signal(signal.SIGTERM)
    assert process.wait(STOP_TIMEOUT_S) == 0
    assert not _alive(facts["gateway_pid"])
    assert not _alive(facts["pid"])


def test_the_gateway_terminates_tls_when_given_a_certificate(tmp_path: Path) -> None:
    pki = make_pki(tmp_path)
    tls = ["--gateway-tls-cert", str(pki.server_cert), "--gateway-tls-key", str(pki.server_key)]
    with gateway_process(tmp_path, *tls) as (_, facts):
        gateway = f"127.0.0.1:{facts['gateway_port']}"
        with secure_channel(gateway, ca=str(pki.ca), server_name="localhost") as channel:
            stub = dice_service_pb2_grpc.DiceServiceStub(channel)
            answer = stub.RollDice(dice_service_pb2.RollDiceRequest(seed=7, count=2), timeout=10)
        assert [(r.die1, r.die2) for r in answer.rolls] == [(3, 2), (4, 6)]
        context = ssl.create_default_context(cafile=str(pki.ca))
        request = urllib.request.Request(
            f"https://localhost:{facts['gateway_port']}/backgammon.v1.DiceService/RollDice",
            data=b'{"seed": 7, "count": 2}',
            headers={"content-type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10, context=context) as response:
            assert json.loads(response.read()) == ROLLS
        with grpc.insecure_channel(gateway) as plain:
            with pytest.raises(grpc.RpcError) as refused:
                dice_service_pb2_grpc.DiceServiceStub(plain).RollDice(
                    dice_service_pb2.RollDiceRequest(seed=7), timeout=10
                )
        assert refused.value.code() is grpc.StatusCode.UNAVAILABLE  # type: ignore[attr-defined]


def test_a_gateway_key_without_its_certificate_is_refused_naming_both_flags(tmp_path: Path) -> None:
    key = tmp_path / "key.pem"
    key.write_text("not used")
    done = subprocess.run(
        [sys.executable, "-m", "deploy.serve", "--gateway-tls-key", str(key)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert "--gateway-tls-cert and --gateway-tls-key go together" in done.stderr


@pytest.fixture
def taken_port() -> Iterator[int]:
    """A loopback port something else listens on."""
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        yield int(holder.getsockname()[1])


@pytest.mark.parametrize("flag", ["--gateway-port", "--port", "--metrics-port"])
def test_a_taken_port_stops_scripts_serve_with_one_line_naming_its_flag(flag: str, taken_port: int) -> None:
    ports = {"--gateway-port": "0", "--port": "0", "--metrics-port": "0"} | {flag: str(taken_port)}
    argv = [sys.executable, "-m", "deploy.serve", "--workers", "1"]
    for name, value in ports.items():
        argv += [name, value]
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1, done.stderr
    assert (
        f"{flag} {taken_port}: cannot listen on 127.0.0.1:{taken_port}: address already in use" in done.stderr
    )
