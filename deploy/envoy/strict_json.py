"""The Lua filter that makes the JSON gateway refuse what the transcoder would get wrong.

Envoy's gRPC-JSON transcoder drops a JSON field its message does not have
(no option turns that off, Envoy 1.40) and answers a bad enum name or
malformed JSON with a ``text/plain`` 400. ``strict_json.lua`` reads each JSON
request against its message first and answers the first problem as a JSON
``google.rpc.Status`` naming the field; this module prepends to it the
schema it reads by, made from the same descriptor set the transcoder has,
so the two cannot disagree about a field's name or type.

>>> source = lua_source()
>>> '["/backgammon.v1.PlayService/NewGame"]="backgammon.v1.NewGameRequest"' in source
True
>>> "function envoy_on_request" in source
True
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from google.protobuf import descriptor_pb2

from deploy.envoy.descriptor import descriptor_set, service_names

# The dynamic metadata namespace the filter marks its own answers with.
METADATA = "gammond.json"
_LUA = Path(__file__).with_name("strict_json.lua")
_F = descriptor_pb2.FieldDescriptorProto
_KINDS = {
    _F.TYPE_DOUBLE: "f",
    _F.TYPE_FLOAT: "f",
    _F.TYPE_INT32: "i32",
    _F.TYPE_SINT32: "i32",
    _F.TYPE_SFIXED32: "i32",
    _F.TYPE_UINT32: "u32",
    _F.TYPE_FIXED32: "u32",
    _F.TYPE_INT64: "i64",
    _F.TYPE_SINT64: "i64",
    _F.TYPE_SFIXED64: "i64",
    _F.TYPE_UINT64: "u64",
    _F.TYPE_FIXED64: "u64",
    _F.TYPE_BOOL: "b",
    _F.TYPE_STRING: "s",
    _F.TYPE_BYTES: "y",
    _F.TYPE_ENUM: "e",
    _F.TYPE_MESSAGE: "m",
}
Lua = str | bool | int | dict[str, "Lua"]


def _quote(text: str) -> str:
    """A Lua string literal (the names here are protobuf identifiers and paths)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _lua(value: Lua) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _quote(value)
    return "{" + ",".join(f"[{_quote(key)}]={_lua(item)}" for key, item in value.items()) + "}"


class Protos:
    """The messages, enums and methods of a descriptor set, by full name.

    >>> protos = Protos(descriptor_set())
    >>> protos.methods()["/backgammon.v1.DiceService/RollDice"][0].output_type
    '.backgammon.v1.RollDiceResponse'
    >>> "backgammon.v1.Color" in protos.enums
    True
    """

    def __init__(self, files: descriptor_pb2.FileDescriptorSet, services: Iterable[str] = ()) -> None:
        self.messages: dict[str, descriptor_pb2.DescriptorProto] = {}
        self.enums: dict[str, descriptor_pb2.EnumDescriptorProto] = {}
        self.services: dict[str, descriptor_pb2.ServiceDescriptorProto] = {}
        self._wanted = tuple(services) or service_names()
        for file in files.file:
            prefix = file.package + "." if file.package else ""
            for enum in file.enum_type:
                self.enums[prefix + enum.name] = enum
            for message in file.message_type:
                self._add(prefix + message.name, message)
            for service in file.service:
                self.services[prefix + service.name] = service

    def _add(self, name: str, message: descriptor_pb2.DescriptorProto) -> None:
        self.messages[name] = message
        for enum in message.enum_type:
            self.enums[f"{name}.{enum.name}"] = enum
        for nested in message.nested_type:
            self._add(f"{name}.{nested.name}", nested)

    def methods(self) -> dict[str, tuple[descriptor_pb2.MethodDescriptorProto, str]]:
        """Every routed RPC by its HTTP path: the method and its service's full name."""
        return {
            f"/{service}/{method.name}": (method, service)
            for service in self._wanted
            for method in self.services[service].method
        }

    def map_entry(self, field: descriptor_pb2.FieldDescriptorProto) -> descriptor_pb2.DescriptorProto | None:
        """The entry message of a ``map<K, V>`` field, else None."""
        if field.type != _F.TYPE_MESSAGE or field.label != _F.LABEL_REPEATED:
            return None
        entry = self.messages[field.type_name.lstrip(".")]
        return entry if entry.options.map_entry else None


def json_name(name: str) -> str:
    """A field's lowerCamelCase JSON name, as protoc makes it.

    >>> json_name("match_length"), json_name("die1"), json_name("white_seed_commitment")
    ('matchLength', 'die1', 'whiteSeedCommitment')
    """
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def _scalar_spec(field: descriptor_pb2.FieldDescriptorProto) -> dict[str, Lua]:
    kind = _KINDS[field.type]
    spec: dict[str, Lua] = {"n": field.name, "k": kind}
    type_name = field.type_name.lstrip(".")
    if kind == "m" and type_name.startswith("google.protobuf."):
        spec["k"] = "any"  # well-known types have their own JSON forms; the transcoder checks them
    elif kind in ("m", "e"):
        spec["t"] = type_name
    return spec


def _field_spec(
    protos: Protos, message: descriptor_pb2.DescriptorProto, field: descriptor_pb2.FieldDescriptorProto
) -> dict[str, Lua]:
    entry = protos.map_entry(field)
    if entry is not None:
        value = next(f for f in entry.field if f.name == "value")
        return {"n": field.name, "k": "map", "map": _scalar_spec(value)}
    spec = _scalar_spec(field)
    if field.label == _F.LABEL_REPEATED:
        return {"n": field.name, "k": "list", "r": True, "item": spec}
    if field.HasField("oneof_index") and not field.proto3_optional:
        spec["o"] = message.oneof_decl[field.oneof_index].name
    return spec


def _reachable(protos: Protos, roots: Iterable[str]) -> list[str]:
    """The request messages and every message inside them, each once."""
    seen: dict[str, None] = {}
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name in seen or name.startswith("google.protobuf."):
            continue
        seen[name] = None
        todo.extend(f.type_name.lstrip(".") for f in protos.messages[name].field if f.type == _F.TYPE_MESSAGE)
    return sorted(seen)


def schema(protos: Protos) -> tuple[dict[str, Lua], dict[str, Lua], dict[str, Lua]]:
    """METHODS (path to request message), MESSAGES and ENUMS, as the Lua filter reads them."""
    methods: dict[str, Lua] = {path: m.input_type.lstrip(".") for path, (m, _) in protos.methods().items()}
    messages: dict[str, Lua] = {}
    enums: dict[str, Lua] = {}
    for name in _reachable(protos, (str(root) for root in methods.values())):
        message = protos.messages[name]
        by_key: dict[str, Lua] = {}
        for field in message.field:
            spec = _field_spec(protos, message, field)
            # Both spellings, as the proto3 JSON mapping accepts them.
            by_key[field.name] = spec
            by_key[json_name(field.name)] = spec
            if field.type == _F.TYPE_ENUM:
                enum_name = field.type_name.lstrip(".")
                names = [value.name for value in protos.enums[enum_name].value]
                enums[enum_name] = {"names": dict.fromkeys(names, True), "list": ", ".join(names)}
        fields_list = ", ".join(field.name for field in message.field) or "no fields"
        messages[name] = {"by_key": by_key, "list": fields_list}
    return methods, messages, enums


def lua_source(services: tuple[str, ...] = ()) -> str:
    """The filter's whole source: the schema of ``services`` (all when empty), then ``strict_json.lua``."""
    methods, messages, enums = schema(Protos(descriptor_set(), services))
    header = (
        "-- Generated by deploy/envoy/strict_json.py from the protos' descriptor set.\n"
        f"local METADATA = {_quote(METADATA)}\n"
        f"local METHODS = {_lua(methods)}\n"
        f"local MESSAGES = {_lua(messages)}\n"
        f"local ENUMS = {_lua(enums)}\n"
    )
    return header + _LUA.read_text()
