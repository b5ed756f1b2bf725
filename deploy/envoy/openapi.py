"""An OpenAPI 3.1 description of the JSON gateway, made from the protos.

One ``POST`` path per routed RPC (``/backgammon.v1.<Service>/<Method>``),
its request and answer as schemas of the proto3 JSON mapping as the gateway
speaks it: fields by their ``.proto`` names (the camelCase spelling is
accepted too, but not described), every field printed in answers, 64-bit
integers as strings, bytes as base64, enums by name, unknown fields refused
(``additionalProperties: false``). Errors are a ``google.rpc.Status``.
Server-streaming RPCs answer a JSON list of messages.

Descriptions are the ``.proto`` files' comments, which only protoc keeps:
:func:`proto_comments` runs ``grpc_tools.protoc`` (a dev dependency) on
``protos/``. So ``python -m deploy.render`` writes the document to
``deploy/envoy/openapi.json`` (and ``--check`` fails when it is stale), and
Envoy serves that file as ``GET /openapi.json``: serving needs no protoc.

>>> document = openapi()
>>> document["paths"]["/backgammon.v1.DiceService/RollDice"]["post"]["operationId"]
'DiceService_RollDice'
>>> document["components"]["schemas"]["backgammon.v1.Color"]["type"]
'string'
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from google.protobuf import descriptor_pb2

from deploy.envoy.descriptor import descriptor_set
from deploy.envoy.strict_json import Protos

Schema = dict[str, Any]
OPENAPI_PATH = Path(__file__).with_name("openapi.json")
PROTOS = Path(__file__).resolve().parents[2] / "protos"
SERVED_AT = "/openapi.json"
STATUS = "google.rpc.Status"
_F = descriptor_pb2.FieldDescriptorProto
_INT32 = {_F.TYPE_INT32, _F.TYPE_SINT32, _F.TYPE_SFIXED32}
_UINT32 = {_F.TYPE_UINT32, _F.TYPE_FIXED32}
_INT64 = {_F.TYPE_INT64, _F.TYPE_SINT64, _F.TYPE_SFIXED64}
_UINT64 = {_F.TYPE_UINT64, _F.TYPE_FIXED64}
# The few well-known types the error details use, in their JSON forms.
_WELL_KNOWN: dict[str, Schema] = {
    "google.protobuf.Any": {
        "type": "object",
        "description": "A message of the type its @type names, its fields beside @type.",
        "properties": {"@type": {"type": "string"}},
        "required": ["@type"],
        "additionalProperties": True,
    },
    "google.protobuf.Duration": {"type": "string", "description": 'Seconds with an "s", e.g. "1.5s".'},
    "google.protobuf.Timestamp": {"type": "string", "format": "date-time"},
}


def _tidy(comment: str) -> str:
    return "\n".join(line.strip() for line in comment.strip().splitlines())


def _described(
    comments: dict[str, str],
    prefix: str,
    message: descriptor_pb2.DescriptorProto,
    path: tuple[int, ...],
    found: dict[tuple[int, ...], str],
) -> None:
    """Each comment of ``message`` (at ``path`` in its file) and of what it holds, by full name."""
    # DescriptorProto: field = 2, nested_type = 3, enum_type = 4; EnumDescriptorProto: value = 2.
    name = f"{prefix}.{message.name}"
    if path in found:
        comments[name] = found[path]
    for i, field in enumerate(message.field):
        if (*path, 2, i) in found:
            comments[f"{name}.{field.name}"] = found[(*path, 2, i)]
    for i, nested in enumerate(message.nested_type):
        _described(comments, name, nested, (*path, 3, i), found)
    for i, enum in enumerate(message.enum_type):
        _enum_described(comments, name, enum, (*path, 4, i), found)


def _enum_described(
    comments: dict[str, str],
    prefix: str,
    enum: descriptor_pb2.EnumDescriptorProto,
    path: tuple[int, ...],
    found: dict[tuple[int, ...], str],
) -> None:
    name = f"{prefix}.{enum.name}"
    if path in found:
        comments[name] = found[path]
    for i, value in enumerate(enum.value):
        if (*path, 2, i) in found:
            comments[f"{name}.{value.name}"] = found[(*path, 2, i)]


def proto_comments(root: Path = PROTOS) -> dict[str, str]:
    """The leading comment of every message, field, enum, value and RPC in ``root``, by full name.

    A field's and a value's name is its message's or enum's and its own
    (``backgammon.v1.Dice.die1``); an RPC's, its service's and its own.
    """
    from grpc_tools import protoc  # type: ignore[import-untyped]  # dev only: generating, not serving

    include = Path(protoc.__file__).parent / "_proto"
    files = sorted(str(path.relative_to(root)) for path in (root / "backgammon").rglob("*.proto"))
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "protos.pb"
        argv = ["protoc", f"-I{root}", f"-I{include}", "--include_source_info", f"--descriptor_set_out={out}"]
        if protoc.main([*argv, *files]) != 0:
            raise RuntimeError(f"protoc could not read {root}")
        files_set = descriptor_pb2.FileDescriptorSet.FromString(out.read_bytes())
    comments: dict[str, str] = {}
    for file in files_set.file:
        found = {
            tuple(where.path): _tidy(where.leading_comments)
            for where in file.source_code_info.location
            if where.leading_comments.strip()
        }
        # FileDescriptorProto: message_type = 4, enum_type = 5, service = 6; a service's method = 2.
        for i, message in enumerate(file.message_type):
            _described(comments, file.package, message, (4, i), found)
        for i, enum in enumerate(file.enum_type):
            _enum_described(comments, file.package, enum, (5, i), found)
        for i, service in enumerate(file.service):
            for j, rpc in enumerate(service.method):
                if (6, i, 2, j) in found:
                    comments[f"{file.package}.{service.name}.{rpc.name}"] = found[(6, i, 2, j)]
    return comments


def _ref(name: str) -> Schema:
    return {"$ref": f"#/components/schemas/{name}"}


def _scalar(field: descriptor_pb2.FieldDescriptorProto) -> Schema:
    kind = field.type
    if kind in (_F.TYPE_MESSAGE, _F.TYPE_ENUM):
        return _ref(field.type_name.lstrip("."))
    if kind in _INT32:
        return {"type": "integer", "format": "int32"}
    if kind in _UINT32:
        return {"type": "integer", "format": "int32", "minimum": 0, "maximum": 4294967295}
    if kind in _INT64 or kind in _UINT64:
        # Printed as a string; a number is accepted too.
        pattern = "^[0-9]+$" if kind in _UINT64 else "^-?[0-9]+$"
        return {"type": ["string", "integer"], "format": "int64", "pattern": pattern}
    if kind in (_F.TYPE_DOUBLE, _F.TYPE_FLOAT):
        return {"type": "number"}
    if kind == _F.TYPE_BOOL:
        return {"type": "boolean"}
    if kind == _F.TYPE_BYTES:
        return {"type": "string", "contentEncoding": "base64"}
    return {"type": "string"}


def _field(protos: Protos, field: descriptor_pb2.FieldDescriptorProto) -> Schema:
    entry = protos.map_entry(field)
    if entry is not None:
        value = next(f for f in entry.field if f.name == "value")
        return {"type": "object", "additionalProperties": _scalar(value)}
    if field.label == _F.LABEL_REPEATED:
        return {"type": "array", "items": _scalar(field)}
    return _scalar(field)


def _with_description(schema: Schema, description: str | None) -> Schema:
    return schema if not description else {**schema, "description": description}


def _message(protos: Protos, name: str, comments: dict[str, str]) -> Schema:
    message = protos.messages[name]
    properties = {
        field.name: _with_description(_field(protos, field), comments.get(f"{name}.{field.name}"))
        for field in message.field
    }
    schema: Schema = {"type": "object", "properties": properties, "additionalProperties": False}
    oneofs: dict[str, list[str]] = {}
    for field in message.field:
        if field.HasField("oneof_index") and not field.proto3_optional:
            oneofs.setdefault(message.oneof_decl[field.oneof_index].name, []).append(field.name)
    notes = [comments[name]] if name in comments else []
    notes += [f"At most one of {', '.join(names)} ({group})." for group, names in sorted(oneofs.items())]
    return _with_description(schema, "\n\n".join(notes))


def _enum(name: str, enum: descriptor_pb2.EnumDescriptorProto, comments: dict[str, str]) -> Schema:
    notes = [comments[name]] if name in comments else []
    for value in enum.value:
        said = comments.get(f"{name}.{value.name}", "").replace("\n", " ")
        notes.append(f"- {value.name}: {said}" if said else f"- {value.name}")
    return _with_description(
        {"type": "string", "enum": [value.name for value in enum.value]}, "\n".join(notes)
    )


def _used(protos: Protos, roots: list[str]) -> list[str]:
    """Every message and enum the roots name, each once, sorted."""
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        message = protos.messages.get(name)
        if message is None or name in _WELL_KNOWN:
            continue
        todo.extend(
            f.type_name.lstrip(".") for f in message.field if f.type in (_F.TYPE_MESSAGE, _F.TYPE_ENUM)
        )
    # Map entries are inlined as objects; they need no schema of their own.
    return sorted(
        name for name in seen if not (name in protos.messages and protos.messages[name].options.map_entry)
    )


def _operation(
    service: str, method: descriptor_pb2.MethodDescriptorProto, comments: dict[str, str]
) -> Schema:
    answer = _ref(method.output_type.lstrip("."))
    if method.server_streaming:
        answer = {"type": "array", "items": answer, "description": "The stream's messages, in order."}
    short = service.rsplit(".", 1)[-1]
    error = {"content": {"application/json": {"schema": _ref(STATUS)}}}
    said = comments.get(f"{service}.{method.name}")
    return {
        "post": {
            "operationId": f"{short}_{method.name}",
            "tags": [short],
            "summary": f"{short}.{method.name}",
            **({"description": said} if said else {}),
            "requestBody": {
                "required": False,
                "content": {"application/json": {"schema": _ref(method.input_type.lstrip("."))}},
            },
            "responses": {
                "200": {"description": "The answer.", "content": {"application/json": {"schema": answer}}},
                "default": {"description": "An error: a google.rpc.Status.", **error},
            },
        }
    }


def openapi(services: tuple[str, ...] = (), comments: dict[str, str] | None = None) -> Schema:
    """The whole document, as plain data: ``services`` (full names; all when empty), ``comments`` as descriptions."""
    protos = Protos(descriptor_set(), services)
    comments = comments or {}
    paths: Schema = {}
    roots = [STATUS]
    for path, (method, service) in sorted(protos.methods().items()):
        if method.client_streaming:
            continue  # the transcoder cannot take a stream of JSON requests
        paths[path] = _operation(service, method, comments)
        roots += [method.input_type.lstrip("."), method.output_type.lstrip(".")]
    schemas: Schema = {}
    for name in _used(protos, roots):
        if name in _WELL_KNOWN:
            schemas[name] = _WELL_KNOWN[name]
        elif name in protos.enums:
            schemas[name] = _enum(name, protos.enums[name], comments)
        else:
            schemas[name] = _message(protos, name, comments)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "gammond JSON API",
            "version": "v1",
            "description": "Backgammon as a stateless service: the gRPC API of protos/backgammon/v1 "
            "as JSON through the gateway (docs/clients.md). Every answer prints every field.",
        },
        "servers": [{"url": "http://127.0.0.1:8080", "description": "scripts/serve or the local stack"}],
        "paths": paths,
        "components": {"schemas": schemas},
    }


def openapi_text() -> str:
    """The document as ``deploy/envoy/openapi.json`` holds it, described by the protos' comments."""
    return json.dumps(openapi(comments=proto_comments()), indent=1, sort_keys=False) + "\n"


def served(services: tuple[str, ...]) -> Schema:
    """``deploy/envoy/openapi.json`` with the paths of ``services`` only: what the gateway serves."""
    document: Schema = json.loads(OPENAPI_PATH.read_text())
    document["paths"] = {
        path: item for path, item in document["paths"].items() if path.split("/")[1] in services
    }
    return document
