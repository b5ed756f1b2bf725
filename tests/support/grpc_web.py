"""A gRPC-Web call over plain HTTP/1.1, as a browser or a game engine makes it.

gRPC-Web is gRPC without HTTP/2 trailers: the body is a sequence of frames,
each one flag byte and a 4-byte big-endian length, then that many bytes.
Flag 0x00 carries a protobuf message; flag 0x80 carries the trailers as
``name:value`` lines (``grpc-status``, ``grpc-message``). An error with no
message may come back "trailers-only": ``grpc-status`` in the HTTP headers
and an empty body. Envoy's ``grpc_web`` filter turns these calls into gRPC.

    python -m tests.support.grpc_web 127.0.0.1:8080 DiceService/RollDice '{"seed": 7, "count": 2}'

>>> frame(b"\\x10\\x02").hex()
'00000000021002'
>>> unframe(frame(b"hi") + bytes([0x80]) + (15).to_bytes(4, "big") + b"grpc-status:0\\r\\n")
([b'hi'], {'grpc-status': '0'})
"""

from __future__ import annotations

import argparse
import base64
import http.client
import json
import sys
import urllib.parse
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

DATA, TRAILERS = 0x00, 0x80
CONTENT_TYPE = "application/grpc-web+proto"


class GrpcWebError(ValueError):
    """A gRPC-Web body that is not a well-formed sequence of frames."""


def frame(message: bytes, flag: int = DATA) -> bytes:
    """One frame: the flag byte, the length (4 bytes, big-endian), the bytes."""
    return bytes([flag]) + len(message).to_bytes(4, "big") + message


def _trailer_lines(block: bytes) -> dict[str, str]:
    out = {}
    for line in block.decode("utf-8", errors="replace").split("\r\n"):
        if line:
            name, _, value = line.partition(":")
            out[name.strip().lower()] = value.strip()
    return out


def unframe(body: bytes) -> tuple[list[bytes], dict[str, str]]:
    """The messages and the trailers in a gRPC-Web response body."""
    messages: list[bytes] = []
    trailers: dict[str, str] = {}
    at = 0
    while at < len(body):
        if len(body) - at < 5:
            raise GrpcWebError(f"{len(body) - at} stray bytes at offset {at}: a frame header needs 5")
        flag, length = body[at], int.from_bytes(body[at + 1 : at + 5], "big")
        payload = body[at + 5 : at + 5 + length]
        if len(payload) != length:
            raise GrpcWebError(f"frame at offset {at} says {length} bytes but {len(payload)} follow")
        if flag & TRAILERS:
            trailers.update(_trailer_lines(payload))
        else:
            messages.append(payload)
        at += 5 + length
    return messages, trailers


@dataclass(frozen=True, slots=True)
class Reply:
    """What came back: HTTP status, gRPC status and message, response messages, all trailers."""

    http_status: int
    grpc_status: int
    grpc_message: str
    messages: tuple[bytes, ...]
    trailers: Mapping[str, str]

    @property
    def details(self) -> bytes:
        """The serialized ``google.rpc.Status`` of an error, when the server sent one."""
        raw = self.trailers.get("grpc-status-details-bin", "")
        return base64.b64decode(raw + "=" * (-len(raw) % 4)) if raw else b""


def call(
    target: str,
    method: str,
    request: bytes,
    timeout_s: float = 10.0,
    headers: Mapping[str, str] | None = None,
) -> Reply:
    """POST one unary call to ``http://target/method`` (``/package.Service/Method``)."""
    host, _, port = target.rpartition(":")
    connection = http.client.HTTPConnection(host.strip("[]"), int(port), timeout=timeout_s)
    sent = {"content-type": CONTENT_TYPE, "x-grpc-web": "1", "accept": CONTENT_TYPE, **(headers or {})}
    try:
        connection.request("POST", method, body=frame(request), headers=sent)
        response = connection.getresponse()
        body = response.read()
        head = {name.lower(): value for name, value in response.getheaders()}
    finally:
        connection.close()
    messages, trailers = unframe(body)
    # Trailers-only errors put the status in the headers instead.
    merged = {**{k: v for k, v in head.items() if k.startswith("grpc-")}, **trailers}
    return Reply(
        http_status=response.status,
        grpc_status=int(merged.get("grpc-status", "2")),  # 2 = UNKNOWN: no status at all
        grpc_message=urllib.parse.unquote(merged.get("grpc-message", "")),  # percent-encoded on the wire
        messages=tuple(messages),
        trailers=merged,
    )


def main(argv: Sequence[str] | None = None) -> int:
    from google.protobuf import json_format, message_factory

    from deploy.envoy import descriptor

    parser = argparse.ArgumentParser(description="One gRPC-Web call, JSON in and out.")
    parser.add_argument("target", help="host:port of Envoy, e.g. 127.0.0.1:8080")
    parser.add_argument("method", help="Service/Method, e.g. DiceService/RollDice")
    parser.add_argument("request", help="the request as JSON")
    args = parser.parse_args(argv)
    service_name, _, method_name = args.method.partition("/")
    full = f"backgammon.v1.{service_name}" if "." not in service_name else service_name
    method = descriptor.method(full, method_name)
    request = json_format.Parse(args.request, message_factory.GetMessageClass(method.input_type)())
    reply = call(args.target, f"/{full}/{method_name}", request.SerializeToString())
    for raw in reply.messages:
        response = message_factory.GetMessageClass(method.output_type)()
        response.ParseFromString(raw)
        print(json.dumps(json_format.MessageToDict(response, preserving_proto_field_name=True)))
    print(f"grpc-status {reply.grpc_status} {reply.grpc_message}".rstrip(), file=sys.stderr)
    return 0 if reply.grpc_status == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
