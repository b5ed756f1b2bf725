"""Match records and analyses on the wire."""

from __future__ import annotations

from collections.abc import Sequence

from backgammon.v1 import bot_service_pb2
from backgammon.v1 import record_service_pb2 as pb
from gammond.engine import Game, InvalidGameError, MatchRecord, record_of
from gammond.engine.bot import Decision, DecisionKind, PlayerStats, Review
from gammond.server.errors import WireError
from gammond.server.wire.board import encode_color, encode_dice
from gammond.server.wire.game import decode_game, encode_game
from gammond.server.wire.rules import encode_rules

_KINDS = {
    DecisionKind.CHECKER: pb.DECISION_KIND_CHECKER,
    DecisionKind.DOUBLE: pb.DECISION_KIND_DOUBLE,
    DecisionKind.TAKE: pb.DECISION_KIND_TAKE,
}


def decode_games(messages: Sequence[object], field: str = "games") -> list[Game]:
    """Each game decoded and checked on its own (a record checks how they follow each other)."""
    if not messages:
        raise WireError(field, "at least one game is needed")
    return [decode_game(message, f"{field}[{i}]") for i, message in enumerate(messages)]  # type: ignore[arg-type]


def decode_record(messages: Sequence[object], names: tuple[str, str], field: str = "games") -> MatchRecord:
    games = decode_games(messages, field)
    try:
        return record_of(games, names)
    except InvalidGameError as exc:
        if exc.field.startswith("names"):
            where = "white_name" if exc.field.endswith("[0]") else "black_name"
        else:
            where = field + exc.field.removeprefix("games")
        raise WireError(where, exc.description) from None


def encode_import(record: MatchRecord) -> pb.ImportMatchResponse:
    return pb.ImportMatchResponse(
        games=[encode_game(game) for game in record.games],
        white_name=record.names[0],
        black_name=record.names[1],
        rules=encode_rules(record.rules),
    )


def _encode_decision(decision: Decision) -> pb.Decision:
    message = pb.Decision(
        game=decision.game,
        turn=decision.turn,
        player=encode_color(decision.player),
        kind=_KINDS[decision.kind],
        position_id=decision.position_id,
        played=decision.played,
        best=decision.best,
        error=decision.error,
        forced=decision.forced,
    )
    if decision.dice is not None:
        message.dice.CopyFrom(encode_dice(decision.dice))
    return message


def _encode_stats(stats: PlayerStats) -> pb.PlayerAnalysis:
    return pb.PlayerAnalysis(
        player=encode_color(stats.player),
        checker_decisions=stats.checker_decisions,
        unforced_checker_decisions=stats.unforced_checker,
        checker_error=stats.checker_error,
        checker_error_rate=stats.checker_rate,
        cube_decisions=stats.cube_decisions,
        cube_error=stats.cube_error,
        cube_error_rate=stats.cube_rate,
        error_rate=stats.overall_rate,
        performance_rating=stats.performance_rating,
        blunders=stats.blunders,
        luck=stats.luck,
        rolls=stats.rolls,
    )


def encode_review(review: Review, evaluator: str) -> pb.AnalyseMatchResponse:
    return pb.AnalyseMatchResponse(
        decisions=[_encode_decision(d) for d in review.decisions],
        players=[_encode_stats(s) for s in review.stats],
        worst=[_encode_decision(d) for d in review.worst],
        complete=review.complete,
        evaluator=evaluator,
        level=bot_service_pb2.BotLevel.Value(f"BOT_LEVEL_{review.level.name}"),
    )
