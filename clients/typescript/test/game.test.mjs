// Whole games against the real server through the game protocol (PlayService),
// over each transport this package offers.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  ActionKind,
  Code,
  Color,
  ConnectError,
  EventKind,
  GameEnd,
  Phase,
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
  const { game } = log;
  assert.equal(game.phase, Phase.GAME_OVER, "the game is over");
  const { result } = game;
  assert.ok([Color.WHITE, Color.BLACK].includes(result.winner), "the game has a winner");
  assert.ok([GameEnd.PLAYED_OUT, GameEnd.DOUBLE_DROPPED, GameEnd.RESIGNED].includes(result.ended));
  assert.ok(result.points >= 1n, "the winner scores at least a point");
  // The score once this game counts: the winner's points, the loser's nothing (a first game).
  const [won, lost] =
    result.winner === Color.WHITE
      ? [game.scoreAfter.whiteScore, game.scoreAfter.blackScore]
      : [game.scoreAfter.blackScore, game.scoreAfter.whiteScore];
  assert.equal(won, result.points);
  assert.equal(lost, 0n);
  assert.ok(log.events.some((e) => e.kind === EventKind.GAME_WON), "the last events say the game was won");
}

test("a whole game, White played action by action against the bot over gRPC, reaches a scored end", async () => {
  const log = await playGame(gammond(grpcTransport(stack.grpc)), { seed: "ts-7", doubleAfterRolls: 5 });
  assertScoredEnd(log);
  assert.ok(log.events.some((e) => e.kind === EventKind.MOVED), "checkers moved one at a time");
  assert.ok(log.events.some((e) => e.kind === EventKind.DOUBLED), "the cube was offered");
});

test("a whole game over gRPC-Web through the gateway reaches a scored end", async () => {
  const log = await playGame(gammond(grpcWebTransport(stack.gateway)), { seed: "ts-11" });
  assertScoredEnd(log);
});

test("the bot against itself: the same seed gives the same game over gRPC and gRPC-Web", async () => {
  const direct = await playGame(gammond(grpcTransport(stack.grpc)), { seed: "ts-3", white: "bot" });
  const web = await playGame(gammond(grpcWebTransport(stack.gateway)), { seed: "ts-3", white: "bot" });
  assertScoredEnd(direct);
  assert.deepEqual(web.game.log, direct.game.log);
  assert.deepEqual(web.game.result, direct.game.result);
});

test("an action the game does not allow is refused with FAILED_PRECONDITION", async () => {
  const client = gammond(grpcTransport(stack.grpc));
  const { game } = await client.play.newGame({});
  await assert.rejects(
    client.play.act({ game, action: { kind: ActionKind.CONFIRM, player: Color.WHITE } }),
    (error) => error instanceof ConnectError && error.code === Code.FailedPrecondition,
  );
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
