"""Registering a service whose listing methods answer with wire bytes.

The generated ``add_*Servicer_to_server`` functions serialize every answer
from a message.  A servicer that writes some answers as bytes itself (see
:mod:`gammond.server.wire.plays` and :mod:`gammond.server.wire.choices`)
names them in ``wire_methods()``; their handlers pass the bytes through.
``readers()`` names request deserializers other than the message's own.
Everything else is registered as the generated code would.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import grpc
from google.protobuf import message_factory
from google.protobuf.descriptor import ServiceDescriptor


class WiredServicer(Protocol):
    def wire_methods(self) -> dict[str, Callable[[Any, grpc.ServicerContext], bytes]]: ...

    def readers(self) -> dict[str, Callable[[bytes], Any]]: ...


def add_wired_service(servicer: WiredServicer, server: grpc.Server, service: ServiceDescriptor) -> None:
    """Serve ``service`` from ``servicer`` as the generated adder would, with its wire methods."""
    wire = servicer.wire_methods()
    readers = servicer.readers()
    handlers: dict[str, grpc.RpcMethodHandler[Any, Any]] = {}
    for method in service.methods:
        request = message_factory.GetMessageClass(method.input_type)
        response = message_factory.GetMessageClass(method.output_type)
        if method.name in wire:
            behavior, serialize = wire[method.name], None
        else:
            behavior, serialize = getattr(servicer, method.name), response.SerializeToString
        handlers[method.name] = grpc.unary_unary_rpc_method_handler(
            behavior,
            request_deserializer=readers.get(method.name, request.FromString),
            response_serializer=serialize,
        )
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(service.full_name, handlers),))
    server.add_registered_method_handlers(service.full_name, handlers)
