"""NotationService: Position ID, Match ID and XGID, both ways."""

from __future__ import annotations

import grpc

from backgammon.v1 import notation_service_pb2 as pb
from backgammon.v1 import notation_service_pb2_grpc
from gammond.server.errors import WireError
from gammond.server.wire.board import guarded
from gammond.server.wire.ids import decode_gnubg_ids, decode_snapshot, decode_xgid_snapshot, encode_snapshot


class NotationServicer(notation_service_pb2_grpc.NotationServiceServicer):
    """Pure conversions; nothing is kept."""

    def EncodeIds(self, request: pb.EncodeIdsRequest, context: grpc.ServicerContext) -> pb.EncodeIdsResponse:
        if not request.HasField("snapshot"):
            raise WireError("snapshot", "is required")
        snapshot = decode_snapshot(request.snapshot, "snapshot")
        return pb.EncodeIdsResponse(
            position_id=snapshot.position.position_id(),
            match_id=guarded("snapshot", snapshot.match_id),
            xgid=guarded("snapshot", snapshot.xgid),
        )

    def DecodeIds(self, request: pb.DecodeIdsRequest, context: grpc.ServicerContext) -> pb.DecodeIdsResponse:
        form = request.WhichOneof("ids")
        if form == "gnubg":
            snapshot = decode_gnubg_ids(request.gnubg, "gnubg")
        elif form == "xgid":
            snapshot = decode_xgid_snapshot(request.xgid, "xgid")
        else:
            raise WireError("ids", "is required: set gnubg or xgid")
        return pb.DecodeIdsResponse(snapshot=encode_snapshot(snapshot))
