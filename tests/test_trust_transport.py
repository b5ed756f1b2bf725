"""TLS, mutual TLS and bearer tokens on the gRPC port, with certificates made here (docs/security.md)."""

from __future__ import annotations

from collections.abc import Iterator

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from backgammon.v1 import play_service_pb2
from deploy.healthcheck import ProbeTls, check
from gammond.server.app import Served, ServerOptions, create_server
from gammond.server.security import TlsFiles
from gammond_client import GammondClient
from gammond_client.tls import secure_channel
from tests.support.pki import Pki, make_pki
from tests.support.server import Stubs, failure

TOKEN = "a-token-of-at-least-sixteen-characters"


@pytest.fixture(scope="module")
def pki(tmp_path_factory: pytest.TempPathFactory) -> Pki:
    return make_pki(tmp_path_factory.mktemp("pki"))


def _serve(**options: object) -> Served:
    served = create_server(ServerOptions(host="127.0.0.1", port=0, threads=2, **options))  # type: ignore[arg-type]
    served.warm_up()
    return served


@pytest.fixture(scope="module")
def tls_server(pki: Pki) -> Iterator[Served]:
    served = _serve(tls=TlsFiles(str(pki.server_cert), str(pki.server_key)))
    yield served
    served.stop(1.0)


@pytest.fixture(scope="module")
def mtls_server(pki: Pki) -> Iterator[Served]:
    served = _serve(
        tls=TlsFiles(str(pki.server_cert), str(pki.server_key), str(pki.ca)), auth_tokens=(TOKEN,)
    )
    yield served
    served.stop(1.0)


def test_a_tls_client_is_served_and_a_plaintext_one_is_refused(tls_server: Served, pki: Pki) -> None:
    target = f"127.0.0.1:{tls_server.port}"
    with secure_channel(target, ca=str(pki.ca), server_name="localhost") as channel:
        game = Stubs.connect_channel(channel).play.NewGame(play_service_pb2.NewGameRequest(), timeout=10).game
        assert game.game_number == 1
    with grpc.insecure_channel(target) as plain:
        error = failure(Stubs.connect_channel(plain).play.NewGame, play_service_pb2.NewGameRequest())
        assert error.code is grpc.StatusCode.UNAVAILABLE


def test_the_health_probe_and_the_client_speak_tls(tls_server: Served, pki: Pki) -> None:
    target = f"127.0.0.1:{tls_server.port}"
    healthy, said = check(target, tls=ProbeTls(ca=str(pki.ca), server_name="localhost"))
    assert healthy, said
    assert not check(target)[0]  # plaintext gets nowhere
    channel = secure_channel(target, ca=str(pki.ca), server_name="localhost")
    with GammondClient(target, channel=channel) as client:
        client.wait_until_serving(timeout=10)


def test_under_mutual_tls_a_client_without_a_certificate_is_refused(mtls_server: Served, pki: Pki) -> None:
    target = f"127.0.0.1:{mtls_server.port}"
    with secure_channel(target, ca=str(pki.ca), server_name="localhost", token=TOKEN) as channel:
        error = failure(Stubs.connect_channel(channel).play.NewGame, play_service_pb2.NewGameRequest())
        assert error.code is grpc.StatusCode.UNAVAILABLE
    client_tls = {"cert": str(pki.client_cert), "key": str(pki.client_key)}
    with secure_channel(
        target, ca=str(pki.ca), server_name="localhost", token=TOKEN, **client_tls
    ) as channel:
        game = Stubs.connect_channel(channel).play.NewGame(play_service_pb2.NewGameRequest(), timeout=10).game
        assert game.phase
    probe = ProbeTls(
        ca=str(pki.ca), cert=str(pki.client_cert), key=str(pki.client_key), server_name="localhost"
    )
    assert check(target, tls=probe)[0]


def test_with_tokens_a_call_without_one_is_unauthenticated_and_health_is_exempt(
    mtls_server: Served, pki: Pki
) -> None:
    target = f"127.0.0.1:{mtls_server.port}"
    client_tls = {"cert": str(pki.client_cert), "key": str(pki.client_key)}
    for token in (None, "a-wrong-token-of-sixteen-or-more"):
        with secure_channel(
            target, ca=str(pki.ca), server_name="localhost", token=token, **client_tls
        ) as channel:
            error = failure(Stubs.connect_channel(channel).play.NewGame, play_service_pb2.NewGameRequest())
            assert error.code is grpc.StatusCode.UNAUTHENTICATED
            assert error.reason == "UNAUTHENTICATED_CALLER"
            health = health_pb2_grpc.HealthStub(channel)
            answer = health.Check(health_pb2.HealthCheckRequest(), timeout=10)  # type: ignore[attr-defined]
            assert answer.status == health_pb2.HealthCheckResponse.SERVING


def test_reflection_can_be_turned_off() -> None:
    from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

    served = _serve(reflection=False)
    try:
        with grpc.insecure_channel(f"127.0.0.1:{served.port}") as channel:
            stub = reflection_pb2_grpc.ServerReflectionStub(channel)
            request = reflection_pb2.ServerReflectionRequest(list_services="")
            with pytest.raises(grpc.RpcError) as raised:
                list(stub.ServerReflectionInfo(iter([request]), timeout=10))
            assert raised.value.code() is grpc.StatusCode.UNIMPLEMENTED
    finally:
        served.stop(1.0)
