"""Field limits: protovalidate against the table, per call on the hot requests.

Annotates, in memory, every field of the ``backgammon.v1`` protos with the
protovalidate rules that say what gammond.server.limits says (each row of
FIELD_LIMITS; every other string at most 256 characters, every other
repeated field at most 64 entries), without touching the .proto files:
the annotated copies live in a descriptor pool of their own.  Then it times,
on the same requests (random self-play ListLegalPlays requests and lean
ActRequests of random game states, as bench.protocol sends them):

* ``protovalidate``: ``Validator.validate`` on the annotated message;
* ``table walk``: ``gammond.server.limits.check_limits`` (what the server runs
  on every request over 64 bytes, the defaults and the size rows);
* ``hand decoders``: what the handler decodes the request with (the
  position and dice; the whole Game, checked), which checks the value rows
  on the way and which protovalidate could not replace (it builds the
  engine's objects).

protovalidate is not one of gammond's dependencies: install it apart, e.g.

    .venv/bin/pip install --target build/pvlib protovalidate
    PYTHONPATH=build/pvlib .venv/bin/python -m bench.field_limits [--calls 10000]
"""

from __future__ import annotations

import argparse
import ast
import importlib
import pkgutil
import re
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from google.protobuf import (  # noqa: F401 (validate.proto's imports)
    descriptor_pb2,
    descriptor_pool,
    duration_pb2,
    field_mask_pb2,
    message_factory,
    timestamp_pb2,
)
from google.protobuf.descriptor import FieldDescriptor, FileDescriptor

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import backgammon.v1  # noqa: E402
from backgammon.v1 import game_service_pb2, play_service_pb2  # noqa: E402
from bench.protocol import legal_play_requests, play_requests  # noqa: E402
from gammond.server.limits import (  # noqa: E402
    BYTES,
    CHARACTERS,
    ENTRIES,
    FIELD_LIMITS,
    MAX_REPEATED,
    MAX_STRING_CHARS,
    check_limits,
)
from gammond.server.wire.board import decode_dice, decode_position_input  # noqa: E402
from gammond.server.wire.game import decode_flow_action, decode_game  # noqa: E402
from tests.support.games import game_states  # noqa: E402

_UNSIGNED = {FieldDescriptor.TYPE_UINT32: "uint32", FieldDescriptor.TYPE_UINT64: "uint64"}
_SIGNED = {FieldDescriptor.TYPE_INT32: "int32", FieldDescriptor.TYPE_INT64: "int64"}


def _validate_proto() -> bytes:
    """buf/validate/validate.proto's FileDescriptorProto, as the protovalidate wheel carries it."""
    import protovalidate

    source = (Path(protovalidate.__file__).parent / "_gen/buf/validate/validate_pb.py").read_text()
    literal = re.search(r"_DESC = file_desc\(\s*(b'.*?')\s*,\s*\[", source, re.S)
    if literal is None:
        raise SystemExit("cannot find validate.proto's descriptor in the protovalidate package")
    return bytes(ast.literal_eval(literal.group(1)))


def annotated_pool() -> descriptor_pool.DescriptorPool:
    """A pool holding backgammon.v1, each field annotated with its limits as buf.validate rules."""
    for module in pkgutil.iter_modules(backgammon.v1.__path__):
        if module.name.endswith("_pb2"):
            importlib.import_module(f"backgammon.v1.{module.name}")
    pool = descriptor_pool.DescriptorPool()
    added: set[str] = set()

    def add(fdp: descriptor_pb2.FileDescriptorProto) -> None:
        pool.Add(fdp)
        added.add(fdp.name)

    def add_file(file: FileDescriptor) -> None:
        if file.name in added:
            return
        for dependency in file.dependencies:
            add_file(dependency)
        fdp = descriptor_pb2.FileDescriptorProto.FromString(file.serialized_pb)
        if file.package == "backgammon.v1":
            fdp.dependency.append("buf/validate/validate.proto")
            for message in fdp.message_type:
                _annotate(message, f"backgammon.v1.{message.name}", fdp)
        add(fdp)

    validate = descriptor_pb2.FileDescriptorProto.FromString(_validate_proto())
    default = descriptor_pool.Default()
    for dependency in validate.dependency:
        add_file(default.FindFileByName(dependency))
    add(validate)
    global _RULES, _EXTENSION
    _RULES = message_factory.GetMessageClass(pool.FindMessageTypeByName("buf.validate.FieldRules"))
    _EXTENSION = pool.FindExtensionByName("buf.validate.field").number
    for name in sorted(default.FindFileByName(f).name for f in _backgammon_files()):
        add_file(default.FindFileByName(name))
    return pool


_RULES: Any = None
_EXTENSION = 0


def _backgammon_files() -> list[str]:
    return [
        f"backgammon/v1/{m.name.removesuffix('_pb2')}.proto"
        for m in pkgutil.iter_modules(backgammon.v1.__path__)
        if m.name.endswith("_pb2") and not m.name.endswith("_grpc")
    ]


def _annotate(
    message: descriptor_pb2.DescriptorProto, full: str, fdp: descriptor_pb2.FileDescriptorProto
) -> None:
    for nested in message.nested_type:
        _annotate(nested, f"{full}.{nested.name}", fdp)
    for field in message.field:
        rules = _rules_for(field, FIELD_LIMITS.get(f"{full}.{field.name}"))
        if rules is None:
            continue
        body = rules.SerializeToString()
        tag, length = _varint(_EXTENSION << 3 | 2), _varint(len(body))
        field.options.MergeFromString(tag + length + body)


def _rules_for(field: descriptor_pb2.FieldDescriptorProto, row: Any) -> Any:
    repeated = field.label == descriptor_pb2.FieldDescriptorProto.LABEL_REPEATED
    rules = _RULES()
    if repeated:
        rules.repeated.max_items = row.high if row is not None and row.unit == ENTRIES else MAX_REPEATED
        if row is not None and row.unit == ENTRIES and row.low:
            rules.repeated.min_items = row.low
        if field.type == FieldDescriptor.TYPE_STRING:
            rules.repeated.items.string.max_len = MAX_STRING_CHARS
        return rules
    if field.type == FieldDescriptor.TYPE_STRING:
        rules.string.max_len = row.high if row is not None and row.unit == CHARACTERS else MAX_STRING_CHARS
        return rules
    if row is None:
        return None
    if field.type == FieldDescriptor.TYPE_BYTES and row.unit == BYTES:
        rules.bytes.max_len = row.high
        if row.low:
            rules.bytes.min_len = row.low
        return rules
    kind = _UNSIGNED.get(field.type) or _SIGNED.get(field.type)  # type: ignore[call-overload]
    if kind is None:
        return None
    numbers = getattr(rules, kind)
    numbers.lte = row.high
    if row.low:
        numbers.gte = row.low
    return rules


def _varint(value: int) -> bytes:
    out = bytearray()
    while value >= 0x80:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def _per_call(run: Callable[[Any], object], messages: list[Any], calls: int, repeat: int) -> float:
    """Best of ``repeat`` runs of ``run`` on ``calls`` messages (cycling), in microseconds per call."""
    order = [messages[i % len(messages)] for i in range(calls)]
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for message in order:
            run(message)
        times.append((time.perf_counter() - start) / calls * 1e6)
    return min(times)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.field_limits", description=__doc__)
    parser.add_argument("--calls", type=int, default=10_000, help="validations per request kind and run")
    parser.add_argument("--states", type=int, default=200, help="requests of each kind to cycle through")
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best is reported")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)

    import protovalidate

    pool = annotated_pool()
    validator = protovalidate.Validator()
    listing_raw = legal_play_requests(args.states, args.seed)
    _, acting_raw = play_requests(game_states(args.states, seed=args.seed), args.seed)
    kinds = {
        "ListLegalPlaysRequest": (listing_raw, game_service_pb2.ListLegalPlaysRequest, _decode_listing),
        "ActRequest (lean Game)": (acting_raw, play_service_pb2.ActRequest, _decode_act),
    }
    print(
        f"protovalidate {_version('protovalidate')}, protobuf {_version('protobuf')}, python {sys.version.split()[0]}"
    )
    print(f"{args.calls:,} calls per run, best of {args.repeat}; microseconds per call")
    print(f"{'request':<24} {'bytes':>6} {'protovalidate':>14} {'table walk':>11} {'hand decoders':>14}")
    for name, (raws, plain, decode) in kinds.items():
        annotated = message_factory.GetMessageClass(pool.FindMessageTypeByName(plain.DESCRIPTOR.full_name))
        checked = [annotated.FromString(raw) for raw in raws]
        messages = [plain.FromString(raw) for raw in raws]
        for message in checked:  # each request is within the limits: no violation may be found
            if violations := validator.collect_violations(message):
                raise SystemExit(f"{name}: {violations[0].proto}")
        broken = annotated.FromString(raws[0])  # and one past a limit is refused
        if isinstance(broken, annotated) and name.startswith("List"):
            broken.dice.die1 = 7
        else:
            broken.game.version = (1 << 48) + 1
        if not validator.collect_violations(broken):
            raise SystemExit(f"{name}: the annotations let a value past its limit through")
        sizes = [len(raw) for raw in raws]
        pv = _per_call(validator.validate, checked, args.calls, args.repeat)
        walk = _per_call(_walk, messages, args.calls, args.repeat)
        hand = _per_call(decode, messages, args.calls, args.repeat)
        print(f"{name:<24} {statistics.median(sizes):>6.0f} {pv:>14.1f} {walk:>11.1f} {hand:>14.1f}")


def _walk(message: Any) -> None:
    check_limits(message, message.ByteSize())


def _decode_listing(request: game_service_pb2.ListLegalPlaysRequest) -> object:
    return decode_position_input(request.position, "position"), decode_dice(request.dice, "dice")


def _decode_act(request: play_service_pb2.ActRequest) -> object:
    return decode_game(request.game), decode_flow_action(request.action)


def _version(package: str) -> str:
    from importlib.metadata import version

    return version(package)


if __name__ == "__main__":
    main()
