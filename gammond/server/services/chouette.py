"""ChouetteService: the roll-off line-up and the settlement after a game."""

from __future__ import annotations

import grpc

from backgammon.v1 import chouette_service_pb2 as pb
from backgammon.v1 import chouette_service_pb2_grpc
from gammond.engine import GameOutcome, Lineup, box_keeps_place, next_lineup, roll_off, settle
from gammond.server.errors import WireError
from gammond.server.services.dice import roller_for
from gammond.server.wire.board import decode_color, guarded
from gammond.server.wire.fields import optional
from gammond.server.wire.rules import decode_result

MAX_PLAYERS = 64


def _encode_lineup(lineup: Lineup) -> pb.Lineup:
    return pb.Lineup(box=lineup.box, captain=lineup.captain, line=lineup.line)


def _decode_lineup(message: pb.Lineup, field: str) -> Lineup:
    return guarded(field, lambda: Lineup(message.box, message.captain, tuple(message.line)))


def _rolls_table(rolls: list[pb.PlayerRolls]) -> dict[str, list[int]]:
    table: dict[str, list[int]] = {}
    for i, entry in enumerate(rolls):
        if entry.player in table:
            raise WireError(f"rolls[{i}].player", f"{entry.player!r} appears twice")
        table[entry.player] = list(entry.dice)
    return table


class ChouetteServicer(chouette_service_pb2_grpc.ChouetteServiceServicer):
    """Stateless: the caller sends the line-up and the games."""

    def LineUp(self, request: pb.LineUpRequest, context: grpc.ServicerContext) -> pb.LineUpResponse:
        players, rolls = list(request.players), list(request.rolls)
        if bool(players) == bool(rolls):
            raise WireError("players", "set exactly one of players (the server rolls) and rolls")
        if max(len(players), len(rolls)) > MAX_PLAYERS:
            raise WireError("players", f"at most {MAX_PLAYERS} players")
        if players:
            roller = roller_for(optional(request, "seed"))
            result = guarded("players", lambda: roll_off(players, roller.die))
            lineup, table = result.lineup, {name: list(dice) for name, dice in result.rolls}
        else:
            if request.HasField("seed"):
                raise WireError("seed", "only means something with players")
            table = _rolls_table(rolls)
            lineup = guarded("rolls", lambda: Lineup.from_rolls(table))
        return pb.LineUpResponse(
            lineup=_encode_lineup(lineup),
            rolls=[pb.PlayerRolls(player=name, dice=dice) for name, dice in table.items()],
        )

    def SettleChouette(
        self, request: pb.SettleChouetteRequest, context: grpc.ServicerContext
    ) -> pb.SettleChouetteResponse:
        lineup = _decode_lineup(request.lineup, "lineup")
        box = decode_color(request.box_color, "box_color")
        games: dict[str, GameOutcome] = {}
        for i, game in enumerate(request.games):
            if game.player in games:
                raise WireError(f"games[{i}].player", f"{game.player!r} appears twice")
            games[game.player] = decode_result(game.result, f"games[{i}].result")
        captain_decides = request.captain_decides if request.HasField("captain_decides") else True
        settlement = guarded("games", lambda: settle(lineup, games, box))
        box_won = box_keeps_place(lineup, games, box, captain_decides=captain_decides)
        return pb.SettleChouetteResponse(
            payments=[pb.Payment(payer=p.payer, payee=p.payee, points=p.points) for p in settlement.payments],
            nets=[pb.NetResult(player=name, net=settlement.net(name)) for name in lineup.players],
            box_won=box_won,
            next_lineup=_encode_lineup(next_lineup(lineup, box_won)),
        )
