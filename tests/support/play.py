"""Driving PlayService in tests: a table that holds the Game and sends actions."""

from __future__ import annotations

from dataclasses import dataclass, field

import grpc

from backgammon.v1 import board_pb2, bot_service_pb2, game_pb2, rules_pb2
from backgammon.v1 import play_service_pb2 as pb
from gammond_client import GammondError, from_rpc_error
from tests.support.server import Stubs

WHITE, BLACK = board_pb2.COLOR_WHITE, board_pb2.COLOR_BLACK
K = game_pb2


@dataclass
class Table:
    """One game at a time through PlayService; ``events`` are those of the last call."""

    stubs: Stubs
    game: game_pb2.Game
    events: list[game_pb2.Event] = field(default_factory=list)

    @classmethod
    def new(
        cls,
        stubs: Stubs,
        rules: rules_pb2.RuleOptions | None = None,
        source: int = K.DICE_SOURCE_CLIENT,
        seed: bytes = b"",
    ) -> Table:
        request = pb.NewGameRequest(rules=rules, dice_source=source, seed=seed)  # type: ignore[arg-type]
        return cls(stubs, stubs.play.NewGame(request, timeout=10).game)

    def next_game(self) -> None:
        self.game = self.stubs.play.NewGame(pb.NewGameRequest(previous=self.game), timeout=10).game

    def listed(self) -> pb.ListActionsResponse:
        return self.stubs.play.ListActions(pb.ListActionsRequest(game=self.game), timeout=10)

    def kinds(self, player: int) -> set[int]:
        return {a.kind for a in self.listed().actions if a.player == player}

    def act(self, action: game_pb2.Action) -> list[game_pb2.Event]:
        answer = self.stubs.play.Act(pb.ActRequest(game=self.game, action=action), timeout=10)
        self.game, self.events = answer.game, list(answer.events)
        return self.events

    def do(self, kind: int, player: int, **fields: object) -> list[game_pb2.Event]:
        return self.act(game_pb2.Action(kind=kind, player=player, **fields))  # type: ignore[arg-type]

    def roll(self, player: int, d1: int, d2: int) -> list[game_pb2.Event]:
        return self.do(K.ACTION_KIND_ROLL, player, dice=board_pb2.Dice(die1=d1, die2=d2))

    def move(self, player: int, src: int, dst: int) -> list[game_pb2.Event]:
        return self.do(K.ACTION_KIND_MOVE, player, move=board_pb2.CheckerMove(from_point=src, to_point=dst))

    def play_first(self, player: int) -> list[game_pb2.Event]:
        """Play the first complete legal play listed."""
        listed = self.listed()
        play = next(a for a in listed.actions if a.kind == K.ACTION_KIND_PLAY)
        return self.act(play)

    def turn(self, player: int, d1: int, d2: int) -> None:
        """Roll and play the first legal play (or pass when nothing can be played)."""
        self.roll(player, d1, d2)
        if self.game.phase == K.PHASE_MOVING:
            self.play_first(player)

    def bot(self, level: int = bot_service_pb2.BOT_LEVEL_BEGINNER, player: int = 0) -> pb.BotActResponse:
        request = pb.BotActRequest(game=self.game, level=level, player=player)  # type: ignore[arg-type]
        answer = self.stubs.play.BotAct(request, timeout=60)
        self.game, self.events = answer.game, list(answer.events)
        return answer

    def refused(self, action: game_pb2.Action) -> GammondError:
        try:
            self.stubs.play.Act(pb.ActRequest(game=self.game, action=action), timeout=10)
        except grpc.RpcError as error:
            return from_rpc_error(error)
        raise AssertionError(f"{action} was accepted")


def listing_error(stubs: Stubs, game: game_pb2.Game) -> GammondError | None:
    """The error ListActions gives for ``game``, or None when it answers."""
    try:
        stubs.play.ListActions(pb.ListActionsRequest(game=game), timeout=10)
    except grpc.RpcError as error:
        return from_rpc_error(error)
    return None
