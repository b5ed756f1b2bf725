"""The protobuf descriptor set Envoy's JSON transcoder reads.

Built from the generated Python modules rather than by running protoc, so
it needs only gammond's runtime dependencies: each module carries its
``.proto`` file as the exact serialized ``FileDescriptorProto`` protoc made.
Besides ``backgammon.v1`` it holds ``google.rpc.Status`` and the error
detail messages, which the transcoder must know to turn a gRPC error's
``grpc-status-details-bin`` into JSON.

>>> names = [f.name for f in descriptor_set().file]
>>> names.index("backgammon/v1/board.proto") < names.index("backgammon/v1/game_service.proto")
True
>>> "google/rpc/error_details.proto" in names
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from google.protobuf import descriptor_pb2
from google.protobuf.descriptor import FileDescriptor, MethodDescriptor
from google.rpc import error_details_pb2, status_pb2  # type: ignore[import-untyped]

from backgammon.v1 import (
    bot_service_pb2,
    chouette_service_pb2,
    dice_service_pb2,
    game_service_pb2,
    match_service_pb2,
    notation_service_pb2,
    play_service_pb2,
)

SERVICE_FILES: tuple[FileDescriptor, ...] = tuple(
    module.DESCRIPTOR
    for module in (
        game_service_pb2,
        match_service_pb2,
        dice_service_pb2,
        notation_service_pb2,
        bot_service_pb2,
        chouette_service_pb2,
        play_service_pb2,
    )
)
ERROR_FILES: tuple[FileDescriptor, ...] = (status_pb2.DESCRIPTOR, error_details_pb2.DESCRIPTOR)


def service_names() -> tuple[str, ...]:
    """Every gammond service's full name, e.g. ``backgammon.v1.GameService``.

    >>> service_names()[0]
    'backgammon.v1.GameService'
    """
    return tuple(service.full_name for file in SERVICE_FILES for service in file.services_by_name.values())


def _with_imports(files: Iterable[FileDescriptor], seen: set[str]) -> Iterator[FileDescriptor]:
    """Each file after everything it imports, each once (protoc's --include_imports order)."""
    for file in files:
        if file.name in seen:
            continue
        seen.add(file.name)
        yield from _with_imports(file.dependencies, seen)
        yield file


def descriptor_set() -> descriptor_pb2.FileDescriptorSet:
    """The services, their messages and the error details, imports first."""
    files = _with_imports((*SERVICE_FILES, *ERROR_FILES), set())
    return descriptor_pb2.FileDescriptorSet(
        file=[descriptor_pb2.FileDescriptorProto.FromString(f.serialized_pb) for f in files]
    )


def descriptor_bytes() -> bytes:
    """:func:`descriptor_set`, serialized: what ``proto_descriptor`` files hold."""
    return descriptor_set().SerializeToString(deterministic=True)


def method(service: str, name: str) -> MethodDescriptor:
    """The descriptor of ``service``'s (full name) RPC ``name``.

    >>> method("backgammon.v1.DiceService", "RollDice").input_type.name
    'RollDiceRequest'
    """
    for file in SERVICE_FILES:
        for candidate in file.services_by_name.values():
            if candidate.full_name == service:
                found = candidate.methods_by_name.get(name)
                if found is None:
                    raise KeyError(f"{service} has no RPC {name!r}")
                return found
    raise KeyError(f"no gammond service {service!r}")
