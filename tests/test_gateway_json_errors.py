"""JSON a client can trust: every error from the gateway is a JSON google.rpc.Status naming what is wrong.

One server and Envoy (``python -m deploy.serve``) for the module; each test
calls the gateway with nothing but an HTTP client, as Godot or Unity would.
Covers the Lua filter's checks (deploy/envoy/strict_json.lua), Envoy's own
error answers (``local_reply_config``), compressed answers, and the OpenAPI
document the gateway serves (deploy/envoy/openapi.py), checked against
real calls. Skipped when no Envoy binary is installed.
"""

from __future__ import annotations

import gzip
import http.client
import json
import shutil
import subprocess
from collections.abc import Iterator
from typing import Any

import pytest
from google.protobuf import json_format
from google.rpc import error_details_pb2, status_pb2  # type: ignore[import-untyped]
from openapi_schema_validator import OAS31Validator
from openapi_spec_validator import validate as validate_spec

from deploy.envoy.config import REQUEST_BUFFER_BYTES
from deploy.envoy.descriptor import service_names
from deploy.envoy.openapi import OPENAPI_PATH
from tests.support.gateway import GATEWAY_SKIP, serve_gateway

pytestmark = GATEWAY_SKIP
CALL_TIMEOUT_S = 30.0
PLAY = "/backgammon.v1.PlayService"
START = {"position_id": {"id": "4HPwATDgc/ABMA", "turn": "COLOR_WHITE"}}


class Reply:
    def __init__(self, response: http.client.HTTPResponse) -> None:
        self.status = response.status
        self.headers = {name.lower(): value for name, value in response.getheaders()}
        self.body = response.read()

    @property
    def json(self) -> Any:
        return json.loads(self.body)


class Gateway:
    def __init__(self, port: int) -> None:
        self.port = port

    def request(self, method: str, path: str, body: bytes | None = None, **headers: str) -> Reply:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=CALL_TIMEOUT_S)
        try:
            connection.request(
                method, path, body=body, headers={k.replace("_", "-"): v for k, v in headers.items()}
            )
            return Reply(connection.getresponse())
        finally:
            connection.close()

    def post(self, path: str, body: str | dict[str, Any], **headers: str) -> Reply:
        text = body if isinstance(body, str) else json.dumps(body)
        return self.request("POST", path, text.encode(), content_type="application/json", **headers)


@pytest.fixture(scope="module")
def gateway(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Gateway]:
    with serve_gateway(tmp_path_factory.mktemp("gateway")) as facts:
        yield Gateway(facts["gateway_port"])


def as_status(reply: Reply) -> status_pb2.Status:
    """The answer as a google.rpc.Status: JSON, and nothing in it the message does not have."""
    assert reply.headers.get("content-type", "").startswith("application/json"), reply.headers
    return json_format.Parse(reply.body, status_pb2.Status())


def violation(status: status_pb2.Status) -> error_details_pb2.BadRequest.FieldViolation:
    [detail] = status.details
    bad = error_details_pb2.BadRequest()
    assert detail.Unpack(bad), detail.type_url
    [first] = bad.field_violations
    return first


BAD_INPUT = {
    "malformed JSON": ("NewGame", '{"rules": {"match_length": 5,}}', "rules", "malformed JSON at byte"),
    "cut-off JSON": ("NewGame", '{"rules": {"match_length"', "rules.match_length", "malformed JSON"),
    "not an object": ("NewGame", "[1, 2]", "", "malformed JSON"),
    "text after the object": ("NewGame", '{"form": "GAME_FORM_LEAN"} {}', "", "more text"),
    "misspelt enum": ("NewGame", '{"dice_source": "DICE_SOURCE_SEED"}', "dice_source", "DICE_SOURCE_SEEDED"),
    "unknown field": ("NewGame", '{"match_lenght": 5}', "match_lenght", "unknown field"),
    "unknown nested field": (
        "NewGame",
        '{"rules": {"match_lenght": 5}}',
        "rules.match_lenght",
        "match_length",
    ),
    "string for a number": (
        "NewGame",
        '{"rules": {"match_length": "five"}}',
        "rules.match_length",
        "integer",
    ),
    "fraction for a count": ("NewGame", '{"rules": {"match_length": 3.5}}', "rules.match_length", "integer"),
    "negative count": ("NewGame", '{"rules": {"match_length": -1}}', "rules.match_length", "non-negative"),
    "32-bit overflow": (
        "NewGame",
        '{"rules": {"match_length": 4294967296}}',
        "rules.match_length",
        "out of range",
    ),
    "bytes not base64": ("NewGame", '{"seed": "not base64!"}', "seed", "base64"),
    "number for an object": ("ListActions", '{"game": 7}', "game", "object"),
    "list item": (
        "ListActions",
        '{"game": {"moves": [{}, {"from_point": true}]}}',
        "game.moves[1].from_point",
        "integer",
    ),
    "object for a list": ("ListActions", '{"game": {"moves": {}}}', "game.moves", "list"),
}


@pytest.mark.parametrize("case", BAD_INPUT, ids=list(BAD_INPUT))
def test_bad_json_input_is_refused_with_a_json_status_naming_the_field(gateway: Gateway, case: str) -> None:
    method, body, field, words = BAD_INPUT[case]
    reply = gateway.post(f"{PLAY}/{method}", body)
    assert reply.status == 400
    status = as_status(reply)
    assert status.code == 3  # INVALID_ARGUMENT
    named = violation(status)
    assert named.field == field
    assert words in named.description
    assert status.message == (f"{field}: {named.description}" if field else named.description)


def test_two_fields_of_one_oneof_are_refused_naming_the_second(gateway: Gateway) -> None:
    body = {"position": START, "dice": {"die1": 3, "die2": 1}, "notation": "8/5 6/5", "moves": {}}
    reply = gateway.post("/backgammon.v1.GameService/ApplyPlay", body)
    assert reply.status == 400
    named = violation(as_status(reply))
    assert (named.field, named.description) == ("moves", "only one of play may be set, and notation is")


def test_an_unknown_field_is_refused_where_the_transcoder_would_drop_it(gateway: Gateway) -> None:
    refused = gateway.post(f"{PLAY}/NewGame", {"match_lenght": 5})
    assert refused.status == 400 and violation(as_status(refused)).field == "match_lenght"
    for rules in ({"match_length": 5}, {"matchLength": 5}):  # the proto name or the JSON name
        started = gateway.post(f"{PLAY}/NewGame", {"rules": rules})
        assert started.status == 200, started.body
        assert started.json["game"]["rules"]["match_length"] == 5


def test_a_whole_number_written_as_a_float_is_taken_as_engines_with_only_floats_send_it(
    gateway: Gateway,
) -> None:
    # Godot's JSON has only floats: a count it parsed and sends back reads 3.0.
    started = gateway.post(f"{PLAY}/NewGame", '{"rules": {"match_length": 3.0}, "form": 2.0}')
    assert started.status == 200, started.body
    assert started.json["game"]["rules"]["match_length"] == 3
    assert "digest" in started.json["game"]  # form 2: GAME_FORM_LEAN, whose Game carries a digest


def test_the_servers_own_errors_still_come_through_as_their_status(gateway: Gateway) -> None:
    body = {"position": START, "dice": {"die1": 3, "die2": 1}, "notation": "24/21"}
    reply = gateway.post("/backgammon.v1.GameService/ApplyPlay", body)
    assert reply.status == 400
    status = as_status(reply)
    assert status.code == 9  # FAILED_PRECONDITION, from the replica
    info = error_details_pb2.ErrorInfo()
    assert status.details[0].Unpack(info) and info.reason == "ILLEGAL_PLAY"


ENVOY_ERRORS = {
    "unknown method": ("POST", f"{PLAY}/Nope", b"{}", 404, 5, "/backgammon.v1.PlayService/Nope"),
    "unknown path": ("GET", "/index.html", None, 404, 5, "/index.html"),
    "GET of an RPC": ("GET", f"{PLAY}/NewGame", None, 404, 5, "NewGame"),
    "query parameter": ("POST", f"{PLAY}/NewGame?match_length=5", b"{}", 400, 3, "match_length"),
}


@pytest.mark.parametrize("case", ENVOY_ERRORS, ids=list(ENVOY_ERRORS))
def test_envoys_own_error_answers_are_json_statuses_too(gateway: Gateway, case: str) -> None:
    method, path, body, http_status, code, named = ENVOY_ERRORS[case]
    headers = {"content_type": "application/json"} if body is not None else {}
    reply = gateway.request(method, path, body, **headers)
    assert reply.status == http_status
    status = as_status(reply)
    assert status.code == code
    assert named in status.message


def test_a_body_beyond_the_gateways_buffer_is_refused_as_a_json_status(gateway: Gateway) -> None:
    body = b'{"seed": "' + b"A" * (REQUEST_BUFFER_BYTES + 1) + b'"}'
    reply = gateway.request("POST", f"{PLAY}/NewGame", body, content_type="application/json")
    assert reply.status == 413
    assert as_status(reply).code == 3


def test_a_gzipped_request_is_answered_as_the_same_request_sent_plain(gateway: Gateway) -> None:
    request = json.dumps({"seed": 7, "count": 60}).encode()
    plain = gateway.request(
        "POST", "/backgammon.v1.DiceService/RollDice", request, content_type="application/json"
    )
    zipped = gateway.request(
        "POST",
        "/backgammon.v1.DiceService/RollDice",
        gzip.compress(request),
        content_type="application/json",
        content_encoding="gzip",
    )
    assert zipped.status == plain.status == 200 and zipped.json == plain.json


def test_a_gzipped_request_still_has_its_json_checked(gateway: Gateway) -> None:
    reply = gateway.request(
        "POST",
        f"{PLAY}/NewGame",
        gzip.compress(b'{"match_lenght": 5}'),
        content_type="application/json",
        content_encoding="gzip",
    )
    assert reply.status == 400 and violation(as_status(reply)).field == "match_lenght"


def test_a_body_that_claims_gzip_but_is_not_is_refused_not_taken_for_an_empty_request(
    gateway: Gateway,
) -> None:
    reply = gateway.request(
        "POST",
        f"{PLAY}/NewGame",
        b"not gzip at all",
        content_type="application/json",
        content_encoding="gzip",
    )
    assert reply.status == 400
    status = as_status(reply)
    assert status.code == 3 and "not gzip" in status.message


def test_a_gzip_bomb_is_refused_as_a_json_status(gateway: Gateway) -> None:
    # Envoy inflates at most 100 times the bytes sent (its gzip default) and buffers at most
    # REQUEST_BUFFER_BYTES: a bomb ends cut off (malformed JSON, 400) or over the buffer (413).
    body = gzip.compress(b'{"seed": "' + b"A" * (REQUEST_BUFFER_BYTES + 1) + b'"}')
    assert len(body) < REQUEST_BUFFER_BYTES // 100
    reply = gateway.request(
        "POST", f"{PLAY}/NewGame", body, content_type="application/json", content_encoding="gzip"
    )
    assert reply.status in (400, 413)
    assert as_status(reply).code == 3


def test_grpc_web_errors_stay_grpc_status_trailers_not_json(gateway: Gateway) -> None:
    reply = gateway.request(
        "POST",
        "/backgammon.v1.DiceService/Nope",
        b"\0\0\0\0\0",
        content_type="application/grpc-web+proto",
        x_grpc_web="1",
    )
    assert reply.headers["content-type"] == "application/grpc-web+proto"
    assert reply.headers.get("grpc-status") == "12"  # UNIMPLEMENTED


def test_a_gzip_answer_is_smaller_and_decodes_to_the_same_message(gateway: Gateway) -> None:
    request = {"seed": 7, "count": 60}
    plain = gateway.post("/backgammon.v1.DiceService/RollDice", request)
    zipped = gateway.post("/backgammon.v1.DiceService/RollDice", request, accept_encoding="gzip")
    assert "content-encoding" not in plain.headers
    assert zipped.headers["content-encoding"] == "gzip"
    assert len(zipped.body) < len(plain.body)
    assert json.loads(gzip.decompress(zipped.body)) == plain.json
    assert len(plain.json["rolls"]) == 60


@pytest.mark.skipif(
    shutil.which("curl") is None
    or "brotli" not in subprocess.run(["curl", "-V"], capture_output=True, text=True).stdout,
    reason="needs a curl that decodes brotli",
)
def test_a_brotli_answer_is_smaller_and_decodes_to_the_same_message(gateway: Gateway) -> None:
    request = {"seed": 7, "count": 60}
    plain = gateway.post("/backgammon.v1.DiceService/RollDice", request)
    # Browsers send this: both accepted, brotli preferred for being smaller.
    squeezed = gateway.post(
        "/backgammon.v1.DiceService/RollDice", request, accept_encoding="gzip, deflate, br"
    )
    assert squeezed.headers["content-encoding"] == "br"
    assert len(squeezed.body) < len(plain.body)
    url = f"http://127.0.0.1:{gateway.port}/backgammon.v1.DiceService/RollDice"
    decoded = subprocess.run(
        [
            "curl",
            "-sS",
            "--compressed",
            "-H",
            "accept-encoding: br",
            "-H",
            "content-type: application/json",
            "-d",
            json.dumps(request),
            url,
        ],
        capture_output=True,
        check=True,
        timeout=CALL_TIMEOUT_S,
    )
    assert json.loads(decoded.stdout) == plain.json


def served_openapi(gateway: Gateway) -> dict[str, Any]:
    reply = gateway.request("GET", "/openapi.json")
    assert reply.status == 200 and reply.headers["content-type"] == "application/json"
    document = reply.json
    assert isinstance(document, dict)
    return document


def test_the_gateway_serves_the_committed_openapi_document_and_it_validates(gateway: Gateway) -> None:
    document = served_openapi(gateway)
    assert document == json.loads(OPENAPI_PATH.read_text()), "run: python -m deploy.render"
    validate_spec(document)
    zipped = gateway.request("GET", "/openapi.json", accept_encoding="gzip")
    assert (
        zipped.headers["content-encoding"] == "gzip" and json.loads(gzip.decompress(zipped.body)) == document
    )


def test_the_openapi_paths_are_the_gateways_routes_each_taking_its_documented_request(
    gateway: Gateway,
) -> None:
    paths = served_openapi(gateway)["paths"]
    assert {path.split("/")[1] for path in paths} == set(service_names()), "a routed service has no path"
    for path, item in paths.items():
        request = item["post"]["requestBody"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[
            -1
        ]
        # An unknown field makes the gateway name the request message it read the body as.
        reply = gateway.post(path, {"openapi_probe": 1})
        assert reply.status == 400, (path, reply.body)
        assert f"unknown field: {request} has" in as_status(reply).message, path
    # And a path the document does not have is not routed.
    assert gateway.post("/backgammon.v1.PlayService/NotInTheDocument", {}).status == 404


def _validator(document: dict[str, Any], schema_name: str) -> OAS31Validator:
    schema = {"$ref": f"#/components/schemas/{schema_name}", "components": document["components"]}
    return OAS31Validator(schema)


def test_real_calls_and_answers_match_the_openapi_schemas(gateway: Gateway) -> None:
    document = served_openapi(gateway)

    def call(path: str, request: dict[str, Any], status: int = 200) -> dict[str, Any]:
        operation = document["paths"][path]["post"]
        request_schema = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
        _validator(document, request_schema.rsplit("/", 1)[-1]).validate(request)
        reply = gateway.post(path, request)
        assert reply.status == status, reply.body
        answer = reply.json
        which = "200" if status == 200 else "default"
        answer_schema = operation["responses"][which]["content"]["application/json"]["schema"]["$ref"]
        _validator(document, answer_schema.rsplit("/", 1)[-1]).validate(answer)
        assert isinstance(answer, dict)
        return answer

    call("/backgammon.v1.DiceService/RollDice", {"seed": 7, "count": 2})
    new = call(
        f"{PLAY}/NewGame", {"form": "GAME_FORM_LEAN", "dice_source": "DICE_SOURCE_SEEDED", "seed": "c2VlZA=="}
    )
    listed = call(f"{PLAY}/ListActions", {"game": new["game"], "view": "ACTIONS_VIEW_PLAYS"})
    roll = next(a for a in listed["actions"] if a["player"] == "COLOR_WHITE")
    acted = call(f"{PLAY}/Act", {"game": new["game"], "action": roll, "view": "ACTIONS_VIEW_PLAYS"})
    play = {
        "kind": "ACTION_KIND_PLAY",
        "player": "COLOR_WHITE",
        "moves": acted["choices"]["plays"][0]["moves"],
    }
    played = call(f"{PLAY}/Act", {"game": acted["game"], "action": play})
    call(f"{PLAY}/BotAct", {"game": played["game"], "level": "BOT_LEVEL_ADVANCED"})
    call(
        "/backgammon.v1.GameService/ApplyPlay",
        {"position": START, "dice": {"die1": 3, "die2": 1}, "notation": "24/21"},
        400,
    )
    # And the schemas are strict: what the gateway refuses, the document refuses too.
    with pytest.raises(Exception, match="match_lenght"):
        _validator(document, "backgammon.v1.NewGameRequest").validate({"match_lenght": 5})
