"""RecordService: .mat export and import, and the analysis of a game or match.

Each call decodes, calls the engine once, encodes.  The streamed analysis
runs the engine in a worker thread and forwards its progress reports.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator

import grpc

from backgammon.v1 import record_service_pb2 as pb
from backgammon.v1 import record_service_pb2_grpc
from gammond.engine import RecordError, format_mat, parse_mat
from gammond.engine.bot import Evaluator, Level, Review, analyse_games
from gammond.server.deadlines import stopper
from gammond.server.errors import WireError, status_for
from gammond.server.wire.bot import decode_level
from gammond.server.wire.record import decode_games, decode_record, encode_import, encode_review

# An analysis walks every decision of a match: it may run this many times
# the server's cap on one search, and stops there with what it scored.
ANALYSIS_CAP_FACTOR = 6.0
_BOT_LEVEL_UNSPECIFIED = 0


class RecordServicer(record_service_pb2_grpc.RecordServiceServicer):
    """Stateless: the games come with every request."""

    def __init__(self, evaluator: Evaluator, max_search_s: float) -> None:
        self.evaluator = evaluator
        self.cap_s = max_search_s * ANALYSIS_CAP_FACTOR

    def ExportMatch(
        self, request: pb.ExportMatchRequest, context: grpc.ServicerContext
    ) -> pb.ExportMatchResponse:
        record = decode_record(request.games, (request.white_name, request.black_name))
        return pb.ExportMatchResponse(mat=format_mat(record))

    def ImportMatch(
        self, request: pb.ImportMatchRequest, context: grpc.ServicerContext
    ) -> pb.ImportMatchResponse:
        try:
            record = parse_mat(request.mat)
        except RecordError as exc:
            raise WireError("mat", str(exc)) from None
        return encode_import(record)

    def _level(self, value: int) -> Level:
        return Level.ADVANCED if value == _BOT_LEVEL_UNSPECIFIED else decode_level(value, "level")

    def AnalyseMatch(
        self, request: pb.AnalyseMatchRequest, context: grpc.ServicerContext
    ) -> pb.AnalyseMatchResponse:
        games = decode_games(request.games)
        level = self._level(request.level)
        review = analyse_games(games, self.evaluator, level, stop=stopper(context, self.cap_s))
        return encode_review(review, self.evaluator.name)

    def StreamAnalyseMatch(
        self, request: pb.StreamAnalyseMatchRequest, context: grpc.ServicerContext
    ) -> Iterator[pb.StreamAnalyseMatchResponse]:
        # Streams pass the interceptor untouched: bad input is turned into its status here.
        try:
            games = decode_games(request.games)
            level = self._level(request.level)
            stop = stopper(context, self.cap_s)
        except Exception as exc:
            status = status_for(exc)
            if status is None:
                raise
            context.abort_with_status(status)
            return
        reports: queue.Queue[tuple[int, int] | Review | BaseException] = queue.Queue()

        def stopped() -> bool:
            return stop() or not context.is_active()

        def work() -> None:
            try:
                reports.put(
                    analyse_games(
                        games, self.evaluator, level, stop=stopped, progress=lambda d, t: reports.put((d, t))
                    )
                )
            except BaseException as exc:  # handed to the caller's thread, raised there
                reports.put(exc)

        worker = threading.Thread(target=work, name="analysis", daemon=True)
        worker.start()
        while True:
            report = reports.get()
            if isinstance(report, tuple):
                yield pb.StreamAnalyseMatchResponse(done=report[0], total=report[1])
                continue
            worker.join()
            if isinstance(report, BaseException):
                raise report
            total = len(report.decisions)
            yield pb.StreamAnalyseMatchResponse(
                done=total, total=total, report=encode_review(report, self.evaluator.name)
            )
            return
