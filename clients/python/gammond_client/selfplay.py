"""Bot against bot, entirely through the RPCs: a money game or a match.

Every step is a call: the opening roll and the dice (DiceService), the
cube (BotService.CubeDecision, GameService.ApplyCubeAction), the plays
(BotService.BestPlay, GameService.ApplyPlay) and the score sheet
(MatchService.RecordGame).  With a seed the whole game is reproducible.

    python -m gammond_client.selfplay --target 127.0.0.1:50051 --seed 7
    python -m gammond_client.selfplay --target 127.0.0.1:50051 --match 3
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass, field

from backgammon.v1 import board_pb2, bot_service_pb2, match_service_pb2, rules_pb2
from gammond_client.client import GammondClient
from gammond_client.requests import starting_position

MAX_TURNS = 1000
MAX_GAMES = 100
_NAMES = {board_pb2.COLOR_WHITE: "White", board_pb2.COLOR_BLACK: "Black"}
_DOUBLES = (bot_service_pb2.CUBE_ADVICE_DOUBLE_TAKE, bot_service_pb2.CUBE_ADVICE_DOUBLE_PASS)


def _other(color: board_pb2.Color.ValueType) -> board_pb2.Color.ValueType:
    return board_pb2.COLOR_BLACK if color == board_pb2.COLOR_WHITE else board_pb2.COLOR_WHITE


@dataclass
class GameLog:
    """What happened in one game, and the score sheet after it."""

    result: rules_pb2.GameResult
    record: match_service_pb2.RecordGameResponse
    turns: int
    events: list[str] = field(default_factory=list)


@dataclass
class Game:
    """One game in progress on the client side; the server keeps nothing."""

    client: GammondClient
    rules: rules_pb2.RuleOptions | None
    match: rules_pb2.MatchState | None
    seed: int | None
    level: bot_service_pb2.BotLevel.ValueType
    demo_double_turn: int | None
    always_take: bool
    bot_doubles: bool
    events: list[str] = field(default_factory=list)
    rolls: dict[int, int] = field(
        default_factory=lambda: {board_pb2.COLOR_WHITE: 0, board_pb2.COLOR_BLACK: 0}
    )
    dice_drawn: int = 0
    doubled: bool = False

    def context(self, cube: rules_pb2.CubeState, turn: board_pb2.Color.ValueType) -> rules_pb2.CubeContext:
        return rules_pb2.CubeContext(
            cube=cube,
            turn=turn,
            rules=self.rules,
            match=self.match,
            white_rolls=self.rolls[board_pb2.COLOR_WHITE],
            black_rolls=self.rolls[board_pb2.COLOR_BLACK],
        )

    def next_roll(self) -> tuple[int, int]:
        # Roll N of one seeded sequence, so a replay asks for the same dice.
        seed = None if self.seed is None else self.seed + 1
        skip = self.dice_drawn if seed is not None else 0
        self.dice_drawn += 1
        return self.client.roll(seed=seed, skip=skip)[0]

    def cube_turn(
        self, position: board_pb2.Position, cube: rules_pb2.CubeState, number: int
    ) -> rules_pb2.CubeState | rules_pb2.GameResult:
        """Before rolling: double if the bot says so (or once, for the demo); answer it."""
        turn = position.turn
        decision = self.client.cube_decision(position, self.context(cube, turn))
        demo = self.demo_double_turn is not None and not self.doubled and number >= self.demo_double_turn
        advised = self.bot_doubles and decision.advice in _DOUBLES
        if not decision.may_double or not (advised or demo):
            return cube
        offered = self.client.apply_cube_action(self.context(cube, turn), turn, rules_pb2.CUBE_ACTION_DOUBLE)
        self.doubled = True
        self.events.append(f"{_NAMES[turn]} doubles to {2 * cube.value}")
        take = self.always_take or decision.take
        action = rules_pb2.CUBE_ACTION_TAKE if take else rules_pb2.CUBE_ACTION_DROP
        answer = self.client.apply_cube_action(self.context(offered.cube, turn), _other(turn), action)
        self.events.append(f"{_NAMES[_other(turn)]} {'takes' if take else 'drops'}")
        return answer.result if answer.HasField("result") else answer.cube

    def play(self) -> tuple[rules_pb2.GameResult, int]:
        opening = self.client.opening_roll(seed=self.seed, rules=self.rules)
        position = starting_position(opening.first)
        cube = opening.cube
        roll = (opening.dice.die1, opening.dice.die2)
        self.events.append(f"{_NAMES[opening.first]} wins the opening roll with {roll[0]}-{roll[1]}")
        for number in range(1, MAX_TURNS + 1):
            if number > 1:
                after = self.cube_turn(position, cube, number)
                if isinstance(after, rules_pb2.GameResult):
                    return after, number
                cube = after
                roll = self.next_roll()
            self.rolls[position.turn] += 1
            best = self.client.best_play(position, roll, self.level)
            notation = best.best.play.notation
            applied = self.client.apply_play(position, roll, notation, cube=cube, rules=self.rules)
            self.events.append(f"{_NAMES[position.turn]} {roll[0]}-{roll[1]}: {notation}")
            if applied.HasField("result"):
                return applied.result, number
            position = applied.next_position
            cube.doubled_this_turn = False  # the turn passes
        raise RuntimeError(f"no result after {MAX_TURNS} turns")


def play_game(
    client: GammondClient,
    *,
    rules: rules_pb2.RuleOptions | None = None,
    match: rules_pb2.MatchState | None = None,
    games_played: int = 0,
    seed: int | None = None,
    level: bot_service_pb2.BotLevel.ValueType = bot_service_pb2.BOT_LEVEL_ADVANCED,
    demo_double_turn: int | None = 4,
    always_take: bool = False,
    bot_doubles: bool = True,
) -> GameLog:
    """Play one game from the opening roll to its score-sheet row.

    ``demo_double_turn``: from that turn on, the player on roll doubles once
    even if the bot would not (to show the cube); the taker follows the bot
    unless ``always_take``.  ``bot_doubles`` False keeps the bot's own
    doubles out (the interim evaluator doubles very eagerly).
    """
    game = Game(client, rules, match, seed, level, demo_double_turn, always_take, bot_doubles)
    result, turns = game.play()
    record = client.record_game(result, rules=rules, match=match, games_played=games_played)
    return GameLog(result, record, turns, game.events)


def play_match(
    client: GammondClient,
    length: int,
    *,
    seed: int | None = None,
    level: bot_service_pb2.BotLevel.ValueType = bot_service_pb2.BOT_LEVEL_ADVANCED,
    bot_doubles: bool = True,
) -> list[GameLog]:
    """Play a match to ``length`` points; only the bot's advice turns the cube."""
    rules = rules_pb2.RuleOptions(match_length=length)
    match = rules_pb2.MatchState()
    logs: list[GameLog] = []
    for number in range(MAX_GAMES):
        game_seed = None if seed is None else seed + 1000 * number
        log = play_game(
            client,
            rules=rules,
            match=match,
            games_played=number,
            seed=game_seed,
            level=level,
            demo_double_turn=None,
            bot_doubles=bot_doubles,
        )
        logs.append(log)
        match = log.record.match
        if log.record.winner != board_pb2.COLOR_UNSPECIFIED:
            return logs
    raise RuntimeError(f"the match to {length} was not over after {MAX_GAMES} games")


def _row(row: rules_pb2.ScoreSheetRow) -> str:
    kind = rules_pb2.ResultKind.Name(row.kind).removeprefix("RESULT_KIND_").lower()
    crawford = "  (Crawford)" if row.crawford else ""
    return (
        f"game {row.game}: {_NAMES[row.winner]} wins a {kind} on cube {row.cube_value} "
        f"for {row.points}; White {row.white_score}, Black {row.black_score}{crawford}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Bot against bot through gammond's RPCs.")
    parser.add_argument("--target", default="127.0.0.1:50051", help="host:port of the server")
    parser.add_argument("--seed", type=int, default=None, help="reproducible dice")
    parser.add_argument("--match", type=int, default=0, help="play a match to this many points")
    args = parser.parse_args(argv)
    with GammondClient(args.target, timeout=30.0) as client:
        client.wait_until_serving()
        if args.match:
            for log in play_match(client, args.match, seed=args.seed):
                print(_row(log.record.row))
        else:
            log = play_game(client, seed=args.seed)
            print("\n".join(log.events))
            print(_row(log.record.row))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
