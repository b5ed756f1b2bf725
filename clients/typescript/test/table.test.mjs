// Live play (TableService) through the `Table` class against the real server:
// White's device over gRPC, Black's over gRPC-Web through the gateway (a
// browser's way), a spectator watching over each; a 1-point match played to
// its end, each seat acting with its own token on the version it saw.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { ActionKind, Code, Color, ConnectError, Table, gammond } from "../dist/index.js";
import { grpcTransport, grpcWebTransport } from "../dist/node.js";
import { gammondStack } from "./support/server.mjs";

let stack;
before(async () => {
  stack = await gammondStack();
});
after(async () => {
  await stack?.stop();
});

const AVOID = new Set([ActionKind.RESIGN, ActionKind.DROP, ActionKind.DOUBLE]);

/** A quick player's action: the first whole play when moving, else the first action but resigning, dropping or doubling. */
function choose(table) {
  const plays = table.choices?.plays ?? [];
  if (plays.length > 0) return { kind: ActionKind.PLAY, moves: plays[0].moves };
  const mine = table.actions();
  return mine.find((action) => !AVOID.has(action.kind)) ?? mine[0];
}

/** Every event of a watch until it ends. */
async function collect(events) {
  const out = [];
  for await (const event of events) out.push(event);
  return out;
}

test("two seats play a match through gRPC and gRPC-Web and every watcher sees its whole log in order", async () => {
  const grpcApi = gammond(grpcTransport(stack.grpc));
  const webApi = gammond(grpcWebTransport(stack.gateway));
  const created = await Table.create(grpcApi, { rules: { matchLength: 1 } });
  assert.equal(created.version, 0n);
  const white = new Table(grpcApi, created.tableId, created.whiteToken);
  const black = new Table(webApi, created.tableId, created.blackToken);
  const watchers = [
    collect(new Table(webApi, created.tableId, created.spectatorToken).watch()),
    collect(new Table(grpcApi, created.tableId, created.spectatorToken).watch()),
  ];
  await white.refresh();
  await black.refresh();
  assert.deepEqual([white.seat, black.seat], [Color.WHITE, Color.BLACK]);

  let actions = 0;
  while (!white.matchOver) {
    assert.ok(actions++ < 2000, "the match did not end in 2000 actions");
    const seat = white.myTurn ? white : black;
    assert.ok(seat.myTurn, "nobody may act");
    await seat.act(choose(seat));
    await (seat === white ? black : white).refresh();
  }
  const [web, grpc] = await Promise.all(watchers);
  const sequences = web.map((event) => event.sequence);
  assert.deepEqual(sequences, Array.from({ length: Number(white.lastSequence) }, (_, i) => BigInt(i + 1)));
  assert.deepEqual(grpc.map((event) => event.sequence), sequences);
  assert.equal(web[0].kind.case, "gameStarted");
  assert.equal(web.at(-1).kind.case, "gameOver");
  assert.ok(web.at(-1).kind.value.matchOver);
  console.log(`table: ${actions} actions, ${web.length} events over gRPC-Web and gRPC`);

  // Resuming after event k yields exactly the rest.
  const k = 5n;
  const rest = await collect(black.watch(k));
  assert.deepEqual(rest.map((event) => event.sequence), sequences.slice(Number(k)));
});

test("an action on a version another seat moved past is refused as stale, and a spectator cannot act", async () => {
  const api = gammond(grpcTransport(stack.grpc));
  const created = await Table.create(api);
  const white = new Table(api, created.tableId, created.whiteToken);
  const stale = new Table(api, created.tableId, created.whiteToken);
  await white.refresh();
  await stale.refresh();
  await white.act(choose(white)); // the opening roll
  await assert.rejects(stale.act({ kind: ActionKind.ROLL }), (error) => {
    assert.equal(ConnectError.from(error).code, Code.FailedPrecondition);
    return true;
  });
  const spectator = new Table(api, created.tableId, created.spectatorToken);
  await spectator.refresh();
  assert.equal(spectator.seat, Color.UNSPECIFIED);
  assert.deepEqual(spectator.actions(), []);
  await assert.rejects(spectator.act({ kind: ActionKind.ROLL }, { checked: false }), (error) => {
    assert.equal(ConnectError.from(error).code, Code.FailedPrecondition);
    return true;
  });
});
