// Bot against bot, entirely through the RPCs: the opening roll and the dice
// (DiceService), the cube (BotService.CubeDecision, GameService.ApplyCubeAction),
// the plays (BotService.BestPlay, GameService.ApplyPlay) and the score sheet
// (MatchService.RecordGame). The server keeps nothing: every call carries the
// position and the cube, and each answer carries the next ones.
import { create } from "@bufbuild/protobuf";
import type { Gammond } from "./index.js";
import { other, positionInput, startingPosition } from "./index.js";
import { Color, type Position, type PositionInput } from "./gen/backgammon/v1/board_pb.js";
import { BotLevel, CubeAdvice } from "./gen/backgammon/v1/bot_service_pb.js";
import type { RecordGameResponse } from "./gen/backgammon/v1/match_service_pb.js";
import {
  CubeAction,
  type CubeContext,
  CubeContextSchema,
  type CubeState,
  type GameResult,
} from "./gen/backgammon/v1/rules_pb.js";

const MAX_TURNS = 1000;
const NAMES: Record<number, string> = { [Color.WHITE]: "White", [Color.BLACK]: "Black" };

export interface PlayOptions {
  /** Seeds the opening roll and the dice, for a reproducible game. */
  seed?: number;
  level?: BotLevel;
  /** From this turn on, the player on roll doubles once even if the bot would not (to show the cube). */
  demoDoubleTurn?: number;
}

export interface GameLog {
  result: GameResult;
  record: RecordGameResponse;
  turns: number;
  events: string[];
}

export async function playGame(gammond: Gammond, options: PlayOptions = {}): Promise<GameLog> {
  const level = options.level ?? BotLevel.ADVANCED;
  const seed = options.seed === undefined ? undefined : BigInt(options.seed);
  const events: string[] = [];
  const rolls: Record<number, number> = { [Color.WHITE]: 0, [Color.BLACK]: 0 };
  let drawn = 0;
  let doubled = false;

  const context = (cube: CubeState, turn: Color): CubeContext =>
    create(CubeContextSchema, { cube, turn, whiteRolls: rolls[Color.WHITE], blackRolls: rolls[Color.BLACK] });

  const nextRoll = async (): Promise<[number, number]> => {
    // Roll N of one seeded sequence, so a replay asks for the same dice.
    const answer =
      seed === undefined
        ? await gammond.dice.rollDice({ count: 1 })
        : await gammond.dice.rollDice({ seed: seed + 1n, skip: drawn, count: 1 });
    drawn += 1;
    return [answer.rolls[0].die1, answer.rolls[0].die2];
  };

  const opening = await gammond.dice.rollOpening(seed === undefined ? {} : { seed });
  let position: PositionInput = startingPosition(opening.first);
  let turn = opening.first;
  let cube = opening.cube!;
  let roll: [number, number] = [opening.dice!.die1, opening.dice!.die2];
  events.push(`${NAMES[turn]} wins the opening roll with ${roll[0]}-${roll[1]}`);

  const finish = async (result: GameResult, turns: number): Promise<GameLog> => {
    const record = await gammond.match.recordGame({ game: result, gamesPlayed: 0 });
    events.push(`${NAMES[result.winner]} wins ${result.points} point(s)`);
    return { result, record, turns, events };
  };

  for (let number = 1; number <= MAX_TURNS; number++) {
    if (number > 1) {
      const decision = await gammond.bot.cubeDecision({ position, context: context(cube, turn) });
      const demo = options.demoDoubleTurn !== undefined && !doubled && number >= options.demoDoubleTurn;
      const advised =
        decision.advice === CubeAdvice.DOUBLE_TAKE || decision.advice === CubeAdvice.DOUBLE_PASS;
      if (decision.mayDouble && (advised || demo)) {
        const offered = await gammond.game.applyCubeAction({
          context: context(cube, turn),
          player: turn,
          action: CubeAction.DOUBLE,
        });
        doubled = true;
        events.push(`${NAMES[turn]} doubles to ${2 * cube.value}`);
        if (offered.outcome.case !== "cube") throw new Error("a double must leave a cube");
        const action = decision.take ? CubeAction.TAKE : CubeAction.DROP;
        const answer = await gammond.game.applyCubeAction({
          context: context(offered.outcome.value, turn),
          player: other(turn),
          action,
        });
        events.push(`${NAMES[other(turn)]} ${decision.take ? "takes" : "drops"}`);
        if (answer.outcome.case === "result") return finish(answer.outcome.value, number);
        if (answer.outcome.case !== "cube") throw new Error("a take must leave a cube");
        cube = answer.outcome.value;
      }
      roll = await nextRoll();
    }
    rolls[turn] += 1;
    const dice = { die1: roll[0], die2: roll[1] };
    const best = await gammond.bot.bestPlay({ position, dice, level });
    const notation = best.best!.play!.notation;
    const applied = await gammond.game.applyPlay({ position, dice, play: { case: "notation", value: notation }, cube });
    events.push(`${NAMES[turn]} ${roll[0]}-${roll[1]}: ${notation}`);
    if (applied.result) return finish(applied.result, number);
    const next: Position = applied.nextPosition!;
    position = positionInput(next);
    turn = next.turn;
    cube.doubledThisTurn = false; // the turn passes
  }
  throw new Error(`no result after ${MAX_TURNS} turns`);
}
