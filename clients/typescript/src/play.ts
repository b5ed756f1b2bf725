// A whole game through the game protocol (PlayService): the client keeps the
// `Game` message and sends it with every call; NewGame starts it, ListActions
// says what each player may do, Act does one thing, BotAct lets the bot act.
// White is played here, one listed action at a time, as a frontend would
// (roll, move checker by checker, confirm, answer the cube), or by the bot;
// Black is always the bot.
import type { Gammond } from "./index.js";
import { Color } from "./gen/backgammon/v1/board_pb.js";
import { BotLevel } from "./gen/backgammon/v1/bot_service_pb.js";
import { type Action, ActionKind, DiceSource, type Event, type Game, Phase } from "./gen/backgammon/v1/game_pb.js";

const MAX_CALLS = 5000;

export interface PlayOptions {
  /** Seeds the dice (DICE_SOURCE_SEEDED), for a reproducible game; unset, the server rolls. */
  seed?: string;
  /** How hard the bot tries. */
  level?: BotLevel;
  /** Who plays White: "client" (ListActions and Act, the default) or "bot" (BotAct). */
  white?: "client" | "bot";
  /** White doubles once, the first time it may from this many of its own rolls on (client only). */
  doubleAfterRolls?: number;
}

export interface GameLog {
  /** The finished game: `result` says who won what, `scoreAfter` the score with it. */
  game: Game;
  events: Event[];
  calls: number;
}

/** What White does, of the actions listed for it: answer the cube, roll, move, confirm. */
function choose(actions: Action[], game: Game, options: PlayOptions, doubled: boolean): Action {
  const byKind = (kind: ActionKind) => actions.find((a) => a.kind === kind);
  const double = byKind(ActionKind.DOUBLE);
  if (double && !doubled && options.doubleAfterRolls !== undefined && game.whiteRolls >= options.doubleAfterRolls) {
    return double;
  }
  for (const kind of [ActionKind.TAKE, ActionKind.ACCEPT, ActionKind.ROLL, ActionKind.CONFIRM, ActionKind.MOVE]) {
    const action = byKind(kind);
    if (action) return action;
  }
  throw new Error(`nothing to do among ${actions.map((a) => ActionKind[a.kind]).join(", ")}`);
}

export async function playGame(gammond: Gammond, options: PlayOptions = {}): Promise<GameLog> {
  const level = options.level ?? BotLevel.BEGINNER;
  const seeded = options.seed !== undefined;
  let { game } = await gammond.play.newGame({
    diceSource: seeded ? DiceSource.SEEDED : DiceSource.SERVER,
    seed: seeded ? new TextEncoder().encode(options.seed) : new Uint8Array(),
  });
  const events: Event[] = [];
  let calls = 1;
  let doubled = false;
  while (game!.phase !== Phase.GAME_OVER && game!.phase !== Phase.MATCH_OVER) {
    if (calls > MAX_CALLS) throw new Error(`no result after ${MAX_CALLS} calls`);
    const listing = await gammond.play.listActions({ game });
    calls += 1;
    const whiteActs = listing.toAct.includes(Color.WHITE);
    if (whiteActs && options.white !== "bot") {
      const action = choose(listing.actions.filter((a) => a.player === Color.WHITE), game!, options, doubled);
      doubled ||= action.kind === ActionKind.DOUBLE;
      const answer = await gammond.play.act({ game, action });
      game = answer.game;
      events.push(...answer.events);
    } else {
      // During the opening roll both may act; otherwise exactly one player must.
      const player = whiteActs && listing.toAct.length === 1 ? Color.WHITE : listing.toAct.includes(Color.BLACK) ? Color.BLACK : Color.WHITE;
      const answer = await gammond.play.botAct({ game, level, player });
      game = answer.game;
      events.push(...answer.events);
    }
    calls += 1;
  }
  return { game: game!, events, calls };
}
