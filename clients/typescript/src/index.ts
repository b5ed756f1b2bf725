// gammond's TypeScript client: the generated messages (src/gen, from
// scripts/gen_protos.sh) and one Connect client per service (PlayService, the
// game protocol, first), over any
// transport: `@gammond/client/node` for gRPC from Node, `@gammond/client/web`
// for gRPC-Web from a browser (through the gateway that scripts/serve starts).
import { create } from "@bufbuild/protobuf";
import { createClient, type Client, type Transport } from "@connectrpc/connect";
import { type Position, PositionInputSchema, type PositionInput, Color } from "./gen/backgammon/v1/board_pb.js";
import { BotService } from "./gen/backgammon/v1/bot_service_pb.js";
import { ChouetteService } from "./gen/backgammon/v1/chouette_service_pb.js";
import { DiceService } from "./gen/backgammon/v1/dice_service_pb.js";
import { GameService } from "./gen/backgammon/v1/game_service_pb.js";
import { MatchService } from "./gen/backgammon/v1/match_service_pb.js";
import { NotationService } from "./gen/backgammon/v1/notation_service_pb.js";
import { PlayService } from "./gen/backgammon/v1/play_service_pb.js";
import { RecordService } from "./gen/backgammon/v1/record_service_pb.js";
import { TableService } from "./gen/backgammon/v1/table_service_pb.js";

export * from "./gen/backgammon/v1/board_pb.js";
export * from "./gen/backgammon/v1/bot_service_pb.js";
export * from "./gen/backgammon/v1/chouette_service_pb.js";
export * from "./gen/backgammon/v1/dice_service_pb.js";
export * from "./gen/backgammon/v1/game_service_pb.js";
export * from "./gen/backgammon/v1/match_service_pb.js";
export * from "./gen/backgammon/v1/notation_service_pb.js";
export * from "./gen/backgammon/v1/game_pb.js";
export * from "./gen/backgammon/v1/play_service_pb.js";
export * from "./gen/backgammon/v1/record_service_pb.js";
export * from "./gen/backgammon/v1/rules_pb.js";
export * from "./gen/backgammon/v1/table_service_pb.js";
export { create } from "@bufbuild/protobuf";
export { Code, ConnectError } from "@connectrpc/connect";
export {
  PlaySession,
  logDigest,
  playGame,
  sendable,
  type ActOptions,
  type BotActOptions,
  type GameLog,
  type NewGameInit,
  type PlayOptions,
  type SessionOptions,
} from "./play.js";
export { Traffic, type TrafficCount } from "./traffic.js";
export { Table, type CreateTableOptions, type TableClient, type WatchOptions } from "./table.js";
export {
  deriveChainedRoll,
  deriveFairRoll,
  verifyFairDice,
  verifyFairGame,
  type FairDiceCheck,
  type FairDiceEvidence,
  type FairDiceProblem,
  type MySeed,
  type Roll,
} from "./fairdice.js";

/** One client per gammond service, sharing one transport. */
export interface Gammond {
  /** The game protocol: NewGame, Act, BotAct (ListActions for a stored Game) on one `Game` message. */
  play: Client<typeof PlayService>;
  game: Client<typeof GameService>;
  bot: Client<typeof BotService>;
  dice: Client<typeof DiceService>;
  match: Client<typeof MatchService>;
  notation: Client<typeof NotationService>;
  chouette: Client<typeof ChouetteService>;
  /** .mat export and import, and analysis, of whole games (each with its log). */
  record: Client<typeof RecordService>;
  /** Live play at a table the server holds (see `Table`). */
  table: Client<typeof TableService>;
}

export function gammond(transport: Transport): Gammond {
  return {
    play: createClient(PlayService, transport),
    game: createClient(GameService, transport),
    bot: createClient(BotService, transport),
    dice: createClient(DiceService, transport),
    match: createClient(MatchService, transport),
    notation: createClient(NotationService, transport),
    chouette: createClient(ChouetteService, transport),
    record: createClient(RecordService, transport),
    table: createClient(TableService, transport),
  };
}

/** The starting position's GNU Backgammon Position ID (the same from either side). */
export const STARTING_POSITION_ID = "4HPwATDgc/ABMA";

/** The starting position with `turn` on roll, as a request's position. */
export function startingPosition(turn: Color): PositionInput {
  return create(PositionInputSchema, {
    source: { case: "positionId", value: { id: STARTING_POSITION_ID, turn } },
  });
}

/** A position from an answer, as the next request's position. */
export function positionInput(position: Position): PositionInput {
  return create(PositionInputSchema, { source: { case: "position", value: position } });
}

/** The other player. */
export function other(color: Color): Color {
  return color === Color.WHITE ? Color.BLACK : Color.WHITE;
}

/** Pip counts, White's and Black's, of a board in the wire's fixed numbering. */
export function pipCounts(points: readonly number[], whiteBar: number, blackBar: number): [number, number] {
  let white = 25 * whiteBar;
  let black = 25 * blackBar;
  points.forEach((count, i) => {
    if (count > 0) white += count * (i + 1);
    if (count < 0) black += -count * (24 - i);
  });
  return [white, black];
}
