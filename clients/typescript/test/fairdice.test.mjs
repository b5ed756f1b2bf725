// The fair-dice verifier (src/fairdice.ts): against vectors the Python verifier
// made (test/fixtures/fair-dice.json, `python -m tests.support.fair_vectors`),
// against a game played live on the server, and against tampered evidence.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import {
  ActionKind,
  Color,
  DiceSource,
  GameSchema,
  Phase,
  PlaySession,
  BotLevel,
  deriveChainedRoll,
  deriveFairRoll,
  gammond,
  verifyFairDice,
  verifyFairGame,
} from "../dist/index.js";
import { clone, fromBinary } from "@bufbuild/protobuf";
import { grpcTransport, grpcWebTransport } from "../dist/node.js";
import { gammondStack } from "./support/server.mjs";

const fixture = JSON.parse(readFileSync(new URL("./fixtures/fair-dice.json", import.meta.url), "utf8"));
const bytes = (hex) => Uint8Array.from(Buffer.from(hex, "hex"));
const flipped = (data, bit = 0) => {
  const copy = Uint8Array.from(data);
  copy[bit >> 3] ^= 1 << (bit & 7);
  return copy;
};

/** The fixture's finished game, as the server sent it (sealed), and the state inside the seal. */
function fixtureGame() {
  const [played] = fixture.games;
  const game = fromBinary(GameSchema, Uint8Array.from(Buffer.from(played.game, "base64")));
  return { game, inner: fromBinary(GameSchema, game.seal.state), commitment: bytes(played.commitment) };
}

/** The evidence of a game, taken apart by hand: what a caller without a Game message would pass. */
function evidenceOf(inner) {
  return {
    serverSeed: inner.fair.serverSeed,
    commitment: inner.fair.commitment,
    whiteSeed: inner.fair.whiteSeed,
    blackSeed: inner.fair.blackSeed,
    gameNumber: inner.gameNumber,
    rolls: inner.log.filter((e) => e.kind === ActionKind.ROLL).map((e) => ({ die1: e.dice.die1, die2: e.dice.die2 })),
  };
}

test("every roll derived here is the one the Python verifier derives", async () => {
  assert.ok(fixture.rolls.length >= 100 && fixture.rolls.some((v) => v.skips_a_byte), "the vectors cover rejection");
  for (const v of fixture.rolls) {
    const dice = await deriveFairRoll(bytes(v.server_seed), bytes(v.white_seed), bytes(v.black_seed), v.game, v.n);
    assert.deepEqual(dice, v.dice, JSON.stringify(v));
  }
});

test("a finished fair game from the Python fixture verifies, sealed or not", async () => {
  const { game, inner, commitment } = fixtureGame();
  const check = await verifyFairGame(game, commitment);
  assert.equal(check.ok, true, check.message);
  assert.equal(check.rolls, evidenceOf(inner).rolls.length);
  assert.ok(check.rolls >= 2);
  assert.equal((await verifyFairGame(inner, commitment)).ok, true);
  assert.equal((await verifyFairDice(evidenceOf(inner))).ok, true);
});

test("the fixture's game of scheme 2 verifies, with White's own seed and not with another", async () => {
  const played = fixture.games.find((g) => {
    const game = fromBinary(GameSchema, Uint8Array.from(Buffer.from(g.game, "base64")));
    return fromBinary(GameSchema, game.seal.state).fair.scheme === 2;
  });
  assert.ok(played, "the fixture holds a game of scheme 2");
  const game = fromBinary(GameSchema, Uint8Array.from(Buffer.from(played.game, "base64")));
  const white = fromBinary(GameSchema, game.seal.state).fair.whiteSeed;
  const check = await verifyFairGame(game, bytes(played.commitment), undefined, { player: "white", seed: white });
  assert.equal(check.ok, true, check.message);
  const other = await verifyFairGame(game, bytes(played.commitment), undefined, { player: "white", seed: flipped(white) });
  assert.equal(other.problem, "player-seed");
});

test("a single altered roll is refused, naming that roll", async () => {
  const { inner } = fixtureGame();
  const evidence = evidenceOf(inner);
  const last = evidence.rolls.length - 1;
  const rolls = evidence.rolls.map((r, n) => (n === last ? { die1: (r.die1 % 6) + 1, die2: r.die2 } : r));
  const check = await verifyFairDice({ ...evidence, rolls });
  assert.equal(check.ok, false);
  assert.equal(check.problem, "roll");
  assert.equal(check.roll, last);
  assert.deepEqual(check.expected, [evidence.rolls[last].die1, evidence.rolls[last].die2]);
  // The same through a Game: the log entry is named.
  const tampered = clone(GameSchema, inner);
  const index = tampered.log.findIndex((e) => e.kind === ActionKind.ROLL);
  tampered.log[index].dice.die2 = (tampered.log[index].dice.die2 % 6) + 1;
  const named = await verifyFairGame(tampered);
  assert.equal(named.ok, false);
  assert.equal(named.problem, "roll");
  assert.equal(named.logIndex, index);
  assert.equal(named.roll, 0);
});

test("a wrong server seed or player's seed is refused", async () => {
  const evidence = evidenceOf(fixtureGame().inner);
  const seed = await verifyFairDice({ ...evidence, serverSeed: flipped(evidence.serverSeed, 77) });
  assert.equal(seed.ok, false);
  assert.equal(seed.problem, "commitment");
  const white = await verifyFairDice({ ...evidence, whiteSeed: flipped(evidence.whiteSeed) });
  assert.equal(white.ok, false);
  assert.equal(white.problem, "roll");
  assert.equal(white.roll, 0);
});

test("a wrong commitment is refused", async () => {
  const { game } = fixtureGame();
  const evidence = evidenceOf(fixtureGame().inner);
  const direct = await verifyFairDice({ ...evidence, commitment: flipped(evidence.commitment, 255) });
  assert.equal(direct.ok, false);
  assert.equal(direct.problem, "commitment");
  const published = await verifyFairGame(game, flipped(evidence.commitment, 3));
  assert.equal(published.ok, false);
  assert.equal(published.problem, "commitment");
});

test("a game whose seed is not revealed, or whose dice are not fair, is not verified", async () => {
  const { inner } = fixtureGame();
  const unrevealed = clone(GameSchema, inner);
  unrevealed.fair.serverSeed = new Uint8Array();
  assert.equal((await verifyFairGame(unrevealed)).problem, "not-revealed");
  const seeded = clone(GameSchema, inner);
  seeded.diceSource = DiceSource.SEEDED;
  assert.equal((await verifyFairGame(seeded)).problem, "not-fair");
});

// Live: the server scripts/test-clients starts (or the one test/support starts) has state keys.
let stack;
before(async () => {
  stack = await gammondStack();
});
after(async () => {
  await stack?.stop();
});

const sha256 = async (data) => new Uint8Array(await crypto.subtle.digest("SHA-256", data));

/** Each player's seed, and the commitments NewGame takes for them (scheme 2: committed before the server draws). */
async function seeds() {
  const white = crypto.getRandomValues(new Uint8Array(32));
  const black = crypto.getRandomValues(new Uint8Array(32));
  return { white, black, request: { whiteSeedCommitment: await sha256(white), blackSeedCommitment: await sha256(black) } };
}

async function playFairGame(api) {
  const mine = await seeds();
  let { game } = await api.play.newGame({ diceSource: DiceSource.FAIR, ...mine.request });
  const commitment = game.fair.commitment;
  assert.equal(commitment.length, 32);
  assert.equal(game.fair.scheme, 2);
  for (const [player, seed] of [[Color.WHITE, mine.white], [Color.BLACK, mine.black]]) {
    ({ game } = await api.play.addClientSeed({ game, player, seed }));
  }
  for (let turn = 0; game.phase !== Phase.GAME_OVER && game.phase !== Phase.MATCH_OVER; turn += 1) {
    assert.ok(turn < 400, "the game ended within 400 bot turns");
    assert.equal(game.fair.chainKey.length, 0, "nothing is revealed while the game runs");
    const player = game.phase === Phase.OPENING_ROLL ? Color.WHITE : Color.UNSPECIFIED;
    ({ game } = await api.play.botAct({ game, level: BotLevel.BEGINNER, player }));
  }
  assert.equal(game.fair.serverSeed.length, 0, "the server's seed is never shown");
  return { game, commitment, mine };
}

/** Scheme 2's evidence of a Game, taken apart by hand. */
function chainedEvidenceOf(inner) {
  return {
    ...evidenceOf(inner),
    scheme: inner.fair.scheme,
    chainKey: inner.fair.chainKey,
    whiteSeedCommitment: inner.fair.whiteSeedCommitment,
    blackSeedCommitment: inner.fair.blackSeedCommitment,
  };
}

test("a fair game played on the server over gRPC verifies, and not once a roll, a key or your seed is altered", async () => {
  const { game, commitment, mine } = await playFairGame(gammond(grpcTransport(stack.grpc)));
  const check = await verifyFairGame(game, commitment, undefined, { player: "white", seed: mine.white });
  assert.equal(check.ok, true, check.message);
  assert.ok(check.rolls >= 2);
  const inner = game.seal?.state.length ? fromBinary(GameSchema, game.seal.state) : game;
  const evidence = chainedEvidenceOf(inner);
  assert.equal((await verifyFairDice(evidence)).ok, true);
  const rolls = evidence.rolls.map((r, n) => (n === 1 ? { die1: r.die1, die2: (r.die2 % 6) + 1 } : r));
  const altered = await verifyFairDice({ ...evidence, rolls });
  assert.equal(altered.ok, false);
  assert.equal(altered.roll, 1);
  const key = await verifyFairDice({ ...evidence, chainKey: flipped(evidence.chainKey, 9) });
  assert.equal(key.problem, "commitment");
  const uncommitted = await verifyFairDice({ ...evidence, whiteSeed: flipped(evidence.whiteSeed) });
  assert.equal(uncommitted.problem, "player-seed");
  // A record rewritten with another seed for White, its commitment and every roll recomputed
  // from the revealed key: consistent in itself, so only White's own seed tells it apart.
  const forged = clone(GameSchema, inner);
  const other = crypto.getRandomValues(new Uint8Array(32));
  forged.fair.whiteSeed = other;
  forged.fair.whiteSeedCommitment = await sha256(other);
  let n = 0;
  for (const entry of forged.log) {
    if (entry.kind !== ActionKind.ROLL) continue;
    [entry.dice.die1, entry.dice.die2] = await deriveChainedRoll(
      forged.fair.chainKey, evidence.rolls.length, other, forged.fair.blackSeed, forged.gameNumber, n,
    );
    n += 1;
  }
  assert.equal((await verifyFairGame(forged, commitment)).ok, true);
  const caught = await verifyFairGame(forged, commitment, undefined, { player: "white", seed: mine.white });
  assert.equal(caught.ok, false);
  assert.equal(caught.problem, "player-seed");
});

test("a fair game played over gRPC-Web through the gateway verifies", async () => {
  const { game, commitment } = await playFairGame(gammond(grpcWebTransport(stack.gateway)));
  const check = await verifyFairGame(game, commitment);
  assert.equal(check.ok, true, check.message);
});

test("a lean fair game verifies with the log entries kept from the answers, and not without them", async () => {
  const mine = await seeds();
  const session = await PlaySession.start(gammond(grpcTransport(stack.grpc)), { diceSource: DiceSource.FAIR, ...mine.request });
  const commitment = session.game.fair.commitment;
  await session.addClientSeed(Color.WHITE, mine.white);
  await session.addClientSeed(Color.BLACK, mine.black);
  for (let turn = 0; !session.over; turn += 1) {
    assert.ok(turn < 400, "the game ended within 400 bot turns");
    const player = session.choices.toAct.length === 1 ? Color.UNSPECIFIED : Color.WHITE;
    await session.botAct({ level: BotLevel.BEGINNER, player });
  }
  assert.ok(session.lean && session.game.log.length === 0);
  const check = await verifyFairGame(session.game, commitment, session.logged);
  assert.equal(check.ok, true, check.message);
  assert.ok(check.rolls >= 2);
  const missing = await verifyFairGame(session.game, commitment);
  assert.equal(missing.ok, false);
  assert.equal(missing.problem, "no-log");
});
