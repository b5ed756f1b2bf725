// Whole games against the real server through the game protocol (PlayService),
// the lean way (lean Games, choices in every answer, no ListActions, the bot's
// reply in the user's Act answer, each Game sent back as small as the server
// takes it: a sealed one as its seal alone), over each transport this package
// offers. Each game counts its calls and protobuf bytes (requests and answers,
// through a Traffic counter on the transport): a game played as a board UI
// plays it must stay within BOARD_CALLS and BOARD_BYTES.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { create, toBinary } from "@bufbuild/protobuf";
import {
  ActionKind,
  ActionsView,
  BotLevel,
  Code,
  Color,
  ConnectError,
  DiceSource,
  EventKind,
  GameEnd,
  GameForm,
  GameSchema,
  Phase,
  PlaySession,
  Traffic,
  gammond,
  logDigest,
  pipCounts,
  playGame,
  sendable,
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

// A whole game as a board UI plays it (one side by single-die MOVE actions and
// CONFIRM, the other the bot, replying in the same Act calls), sealed (the
// server has state keys): at most this many.
const BOARD_CALLS = 150;
const BOARD_BYTES = 100_000;

/** Only `seal` set: what a client sends back of a sealed Game. */
function sealOnly(game) {
  return game.seal?.state.length > 0 && toBinary(GameSchema, game).length === toBinary(GameSchema, create(GameSchema, { seal: game.seal })).length;
}

/**
 * A client over `transport(url, options)` that counts its traffic, and the
 * Games its PlayService requests carried that were more than the server
 * reads (`whole`: a sealed Game with more than its seal, or any Game with
 * the output-only `board_now` or `score_after`).
 */
function counted(transport, url) {
  const traffic = new Traffic();
  const sent = { games: 0, whole: [] };
  const watch = (next) => async (request) => {
    const game = request.message.game ?? request.message.previous;
    if (request.service.typeName === "backgammon.v1.PlayService" && game) {
      sent.games += 1;
      const extra = game.seal?.state.length > 0 ? !sealOnly(game) : game.boardNow !== undefined || game.scoreAfter !== undefined;
      if (extra) sent.whole.push(request.method.name);
    }
    return next(request);
  };
  return { api: gammond(transport(url, { interceptors: [traffic.interceptor, watch] })), traffic, sent };
}

/** Prints the game's counts and checks them against the board UI's budget; no ListActions; Games sent back lean. */
function assertLean(name, log, traffic, sent) {
  const total = traffic.total();
  console.log(`${name}: ${traffic.summary()}; ${log.logged.length} log entries; final Game ${toBinary(GameSchema, log.game).length} bytes`);
  assert.equal(traffic.calls("ListActions"), 0, "no ListActions: every answer carries its choices");
  assert.equal(total.calls, log.calls, "the helper counts the calls the transport carried");
  assert.ok(total.calls <= BOARD_CALLS, `${total.calls} calls, over ${BOARD_CALLS}`);
  assert.ok(total.bytes <= BOARD_BYTES, `${total.bytes} bytes, over ${BOARD_BYTES}`);
  assert.equal(log.game.log.length, 0, "a lean Game carries no log");
  assert.equal(logDigest(log.game).length, log.logged.length, "every log entry was reported in `logged`");
  assert.ok(sent.games >= total.calls - 1, "every call after NewGame sent the Game back");
  assert.deepEqual(sent.whole, [], "a sealed Game goes back as its seal alone");
}

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

test("a whole game, White played as a board UI against the bot over gRPC, reaches a scored end within budget", async () => {
  const { api, traffic, sent } = counted(grpcTransport, stack.grpc);
  const log = await playGame(api, { seed: "ts-7", doubleAfterRolls: 5 });
  assertScoredEnd(log);
  assertLean("gRPC, ts-7, White doubles", log, traffic, sent);
  assert.ok(log.events.some((e) => e.kind === EventKind.MOVED), "checkers moved one at a time");
  assert.ok(log.events.some((e) => e.kind === EventKind.DOUBLED), "the cube was offered");
  // The bot's answer to the double came in the DOUBLE's Act answer.
  assert.ok(log.events.some((e) => [EventKind.TOOK, EventKind.DROPPED].includes(e.kind) && e.player === Color.BLACK));
  assert.equal(traffic.calls("BotAct"), 0, "the bot answered within White's calls");
});

test("a whole game as a board UI over gRPC-Web through the gateway reaches a scored end within budget", async () => {
  const { api, traffic, sent } = counted(grpcWebTransport, stack.gateway);
  const log = await playGame(api, { seed: "ts-11" });
  assertScoredEnd(log);
  assertLean("gRPC-Web, ts-11", log, traffic, sent);
  assert.ok(log.events.some((e) => e.kind === EventKind.MOVED && e.player === Color.WHITE), "White moved checkers");
});

test("a long game with the bot's replies in White's Act answers (bot_reply): no BotAct, within budget", async () => {
  // ts-13 is a long game: 149 calls with a BotAct for each of the bot's turns, 120 with bot_reply.
  const { api, traffic, sent } = counted(grpcWebTransport, stack.gateway);
  const log = await playGame(api, { seed: "ts-13" });
  assertScoredEnd(log);
  assertLean("gRPC-Web, ts-13, bot_reply", log, traffic, sent);
  assert.equal(traffic.calls("BotAct"), 0, "the bot answered within White's calls");
  assert.ok(log.events.some((e) => e.kind === EventKind.MOVED && e.player === Color.BLACK), "the bot moved checkers");
});

test("without bot_reply the bot plays its turns by BotAct: the same game, one call more per bot turn", async () => {
  const replies = counted(grpcTransport, stack.grpc);
  const own = counted(grpcTransport, stack.grpc);
  const withReply = await playGame(replies.api, { seed: "ts-4" });
  const withBotAct = await playGame(own.api, { seed: "ts-4", botReply: false });
  assertScoredEnd(withBotAct);
  assertLean("gRPC, ts-4, BotAct", withBotAct, own.traffic, own.sent);
  assert.ok(own.traffic.calls("BotAct") > 0);
  assert.equal(own.traffic.calls("Act"), replies.traffic.calls("Act"), "White's calls are the same");
  assert.deepEqual(withBotAct.logged, withReply.logged, "the same game, entry by entry");
  assert.ok(replies.traffic.total().bytes < own.traffic.total().bytes);
});

test("sendable: a sealed Game goes back as its seal, an unsealed one without board_now and score_after", () => {
  const seal = { keyId: "k", state: new Uint8Array([8, 1]), mac: new Uint8Array(16), gameId: new Uint8Array(16), version: 3n };
  const sealed = create(GameSchema, { phase: Phase.MOVING, board: { points: [1] }, boardNow: { points: [2] }, seal });
  const back = sendable(sealed);
  assert.ok(sealOnly(back) && back.phase === Phase.UNSPECIFIED && back.board === undefined);
  assert.deepEqual(back.seal, sealed.seal);
  assert.ok(sealed.boardNow && sealed.board, "the Game kept to draw from stays whole");
  const plain = create(GameSchema, { phase: Phase.MOVING, board: { points: [1] }, boardNow: { points: [2] }, scoreAfter: { whiteScore: 1n } });
  const lean = sendable(plain);
  assert.equal(lean.boardNow, undefined);
  assert.equal(lean.scoreAfter, undefined);
  assert.equal(lean.phase, Phase.MOVING);
  assert.deepEqual(lean.board, plain.board);
  assert.ok(plain.boardNow && plain.scoreAfter, "the Game kept to draw from stays whole");
  assert.ok(toBinary(GameSchema, lean).length < toBinary(GameSchema, plain).length);
  const bare = create(GameSchema, { phase: Phase.ROLLING });
  assert.equal(sendable(bare), bare, "nothing to leave out: the Game itself");
});

test("the bot against itself: the same seed gives the same game over gRPC and gRPC-Web, lean or full", async () => {
  const direct = counted(grpcTransport, stack.grpc);
  const lean = await playGame(direct.api, { seed: "ts-3", white: "bot" });
  assert.deepEqual(direct.sent.whole, [], "the seal alone goes back");
  const web = await playGame(gammond(grpcWebTransport(stack.gateway)), { seed: "ts-3", white: "bot" });
  const full = await playGame(gammond(grpcTransport(stack.grpc)), { seed: "ts-3", white: "bot", form: GameForm.FULL });
  assertScoredEnd(lean);
  console.log(`bot against bot, lean over gRPC: ${direct.traffic.summary()}`);
  assert.equal(direct.traffic.calls("ListActions"), 0);
  assert.deepEqual(web.logged, lean.logged);
  assert.deepEqual(logDigest(web.game), logDigest(lean.game));
  assert.deepEqual(web.game.result, lean.game.result);
  // The full Game carries the log the lean one reported entry by entry.
  assert.ok(full.game.log.length > 0 && logDigest(full.game) === undefined);
  assert.deepEqual(full.game.log, lean.logged);
  assert.deepEqual(full.logged, full.game.log);
  assert.deepEqual(full.game.result, lean.game.result);
});

test("a lean game's record (its Game with the kept entries) exports as .mat, the next game stays lean; a gap is refused", async () => {
  const api = gammond(grpcTransport(stack.grpc));
  const session = await PlaySession.start(api, { diceSource: DiceSource.SEEDED, seed: new TextEncoder().encode("ts-5") });
  assert.equal(session.choices.phase, Phase.OPENING_ROLL, "NewGame answers the first choices");
  while (!session.over) {
    // At the opening roll either player may roll: the bot rolls for White.
    const player = session.choices.toAct.length === 1 ? Color.UNSPECIFIED : Color.WHITE;
    await session.botAct({ level: BotLevel.BEGINNER, player });
  }
  const gap = session.record();
  // The next game keeps the lean form and answers its choices too.
  await session.nextGame();
  assert.equal(session.game.gameNumber, 2);
  assert.ok(session.lean && session.choices?.phase === Phase.OPENING_ROLL);
  assert.equal(session.previous.length, 1);
  assert.equal(session.previous[0].log.length, logDigest(session.previous[0]).length, "the finished game's record has its log");
  const { mat } = await api.record.exportMatch({ games: session.previous });
  assert.match(mat, /Game 1/);
  gap.log.splice(1, 1);
  await assert.rejects(
    api.record.exportMatch({ games: [gap] }),
    (error) => error instanceof ConnectError && [Code.InvalidArgument, Code.FailedPrecondition].includes(error.code),
  );
});

test("a stored lean Game picked up again: ListActions once, then the answers' choices", async () => {
  const { api, traffic } = counted(grpcTransport, stack.grpc);
  const first = await PlaySession.start(api, { diceSource: DiceSource.SEEDED, seed: new TextEncoder().encode("ts-9") }, { view: ActionsView.MOVES });
  await first.act({ kind: ActionKind.ROLL, player: Color.WHITE });
  const stored = toBinary(GameSchema, first.game);
  const session = PlaySession.resume(api, first.game, { view: ActionsView.MOVES, logged: first.logged });
  assert.equal(session.choices, undefined);
  const choices = await session.listActions();
  assert.ok(choices.toAct.length > 0);
  assert.equal(traffic.calls("ListActions"), 1);
  assert.ok(choices.actions.every((a) => a.kind !== ActionKind.PLAY), "the MOVES view lists no PLAY actions");
  assert.equal(choices.plays.length, 0, "the MOVES view lists no plays");
  const player = choices.toAct[0];
  for (let step = 0; step < 20 && !session.over; step++) {
    const mine = session.choices.actions.filter((a) => a.player === player);
    if (!session.choices.toAct.includes(player) || mine.length === 0) break;
    await session.act(mine.find((a) => a.kind === ActionKind.CONFIRM) ?? mine[0]);
  }
  assert.equal(traffic.calls("ListActions"), 1, "no more ListActions after it");
  assert.ok(session.game.version > first.game.version, "the version grew with the actions");
  assert.ok(stored.length < 2_000, `a lean sealed Game is small (${stored.length} bytes)`);
});

test("a stale Game (not the expected version) is refused with FAILED_PRECONDITION", async () => {
  const api = gammond(grpcTransport(stack.grpc));
  const session = await PlaySession.start(api, {});
  assert.equal(session.game.version, 0n);
  await assert.rejects(
    session.act({ kind: ActionKind.ROLL, player: Color.WHITE }, { expectedVersion: 1n }),
    (error) =>
      error instanceof ConnectError &&
      error.code === Code.FailedPrecondition &&
      // ErrorInfo's reason, read from the detail's bytes (google.rpc.ErrorInfo is not generated here).
      error.details.some((detail) => new TextDecoder().decode(detail.value ?? new Uint8Array()).includes("STALE_GAME")),
  );
  await session.act({ kind: ActionKind.ROLL, player: Color.WHITE }, { expectedVersion: 0n });
  assert.equal(session.game.version, 1n);
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
