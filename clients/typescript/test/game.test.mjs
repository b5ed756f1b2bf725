// A whole game against the real server, over each transport this package offers.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  BotLevel,
  Code,
  Color,
  ConnectError,
  GameEnd,
  gammond,
  pipCounts,
  playGame,
  startingPosition,
} from "../dist/index.js";
import { grpcTransport, grpcWebTransport } from "../dist/node.js";
import { gammondStack } from "./support/server.mjs";

let stack;
before(async () => {
  stack = await gammondStack();
});
after(async () => {
  await stack?.stop();
});

function assertScoredEnd(log) {
  const { result, record } = log;
  assert.ok([Color.WHITE, Color.BLACK].includes(result.winner), "the game has a winner");
  assert.ok([GameEnd.PLAYED_OUT, GameEnd.DOUBLE_DROPPED].includes(result.ended));
  assert.ok(result.points >= 1, "the winner scores at least a point");
  // The score sheet, from MatchService.RecordGame, agrees with the game's result.
  assert.equal(record.winner === Color.UNSPECIFIED ? result.winner : record.winner, result.winner);
  assert.equal(record.row.points, result.points);
  const score = result.winner === Color.WHITE ? record.match.whiteScore : record.match.blackScore;
  assert.equal(score, result.points);
}

test("a whole game bot against bot over gRPC reaches a scored end", async () => {
  const log = await playGame(gammond(grpcTransport(stack.grpc)), { seed: 7, level: BotLevel.BEGINNER, demoDoubleTurn: 4 });
  assertScoredEnd(log);
  assert.ok(log.turns > 10, `a played-out or dropped game takes turns (${log.turns})`);
  assert.ok(log.events.some((e) => e.includes("doubles to 2")), "the cube was offered");
});

test("a whole game over gRPC-Web through the gateway reaches a scored end", async () => {
  const log = await playGame(gammond(grpcWebTransport(stack.gateway)), { seed: 11, level: BotLevel.BEGINNER });
  assertScoredEnd(log);
});

test("the same seed gives the same game over gRPC and gRPC-Web", async () => {
  const direct = await playGame(gammond(grpcTransport(stack.grpc)), { seed: 3, level: BotLevel.BEGINNER });
  const web = await playGame(gammond(grpcWebTransport(stack.gateway)), { seed: 3, level: BotLevel.BEGINNER });
  assert.deepEqual(web.events, direct.events);
});

test("an illegal play is refused with FAILED_PRECONDITION", async () => {
  const client = gammond(grpcTransport(stack.grpc));
  await assert.rejects(
    client.game.applyPlay({
      position: startingPosition(Color.WHITE),
      dice: { die1: 3, die2: 1 },
      play: { case: "notation", value: "24/21" },
    }),
    (error) => error instanceof ConnectError && error.code === Code.FailedPrecondition,
  );
});

test("the pip count of the starting position is 167 each", () => {
  const points = [-2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2];
  assert.deepEqual(pipCounts(points, 0, 0), [167, 167]);
});
