// Checks a finished game's provably fair dice (docs/dice.md) without trusting
// the server's code: the scheme is restated here, not imported.
//
// Scheme 2 (fair.scheme = 2, every game a current server starts):
//  * each player may commit to SHA-256(their seed) in NewGame, and reveals
//    the seed (AddClientSeed) before the first roll;
//  * the server publishes commitment = K_0, the end of a hash chain
//    K_4096 = serverSeed, K_i = SHA-256(K_(i+1));
//  * roll n (from 0 over every ROLL in the game's log, opening roll-offs
//    included) of game g is read from
//      HMAC-SHA-256(key = K_(n+1),
//                   "gammond-fair-dice-v2:" + hex(SHA-256(whiteSeed)) + ":" + hex(SHA-256(blackSeed))
//                   + ":" + g + ":" + n + ":" + block)
//    for block = 0, 1, ...: each byte below 252 gives a die, byte % 6 + 1, the
//    others are skipped (no modulo bias), until there are two dice;
//  * once the game is over the Game carries chainKey = K_m after its m rolls:
//    hashed m times it gives the commitment, and m - n - 1 times roll n's key.
//
// Scheme 1 (retired; fair.scheme unset): every roll keyed by serverSeed
// itself, label "gammond-fair-dice", commitment = SHA-256(serverSeed), and
// serverSeed revealed at the end. Old records still verify.
//
// It uses WebCrypto (`globalThis.crypto.subtle`), which Node (19 and later)
// and browsers both provide; WebCrypto is asynchronous, so every function
// here returns a Promise.
import { fromBinary } from "@bufbuild/protobuf";
import { ActionKind, DiceSource, type Game, GameSchema, type LogEntry } from "./gen/backgammon/v1/game_pb.js";

/** Bytes at or above this are skipped: 252 is the largest multiple of 6 that fits in a byte. */
const LIMIT = 252;
const encoder = new TextEncoder();

/** Two dice, as the API's `Dice` message has them (an opening roll-off: White's, then Black's). */
export interface Roll {
  die1: number;
  die2: number;
}

/** What a check needs: the reveal, the commitment, the players' seeds and every roll in order. */
export interface FairDiceEvidence {
  /** `fair.scheme`: 2 for every current game; unset or 1 for a record of the retired scheme. */
  scheme?: number;
  /** Scheme 2: `fair.chain_key` of the finished game, K_m after its m rolls. */
  chainKey?: Uint8Array;
  /** Scheme 1: `fair.server_seed` of the finished game (empty under scheme 2). */
  serverSeed: Uint8Array;
  /** The commitment published when the game started (`fair.commitment` of the first Game you received). */
  commitment: Uint8Array;
  /** `fair.white_seed` and `fair.black_seed`; empty when a player added none. */
  whiteSeed: Uint8Array;
  blackSeed: Uint8Array;
  /** Scheme 2: `fair.white_seed_commitment` and `fair.black_seed_commitment` (empty: none). */
  whiteSeedCommitment?: Uint8Array;
  blackSeedCommitment?: Uint8Array;
  /** `game_number`: the game's place in its match, from 1. */
  gameNumber: number;
  /** The dice of every ROLL entry of the game's log, in order. */
  rolls: readonly Roll[];
}

/** Where a check failed. */
/** ("no-log": a lean Game, which carries its log's digest, checked without the entries kept for it.) */
/** ("player-seed": a player's seed is not the one committed to, or not yours.) */
export type FairDiceProblem = "not-fair" | "not-revealed" | "no-log" | "commitment" | "player-seed" | "roll";

/** Your own seed, to check against the game: the colour you played and the seed your device made. */
export interface MySeed {
  player: "white" | "black";
  seed: Uint8Array;
}

/** The outcome of a check: every roll verified, or the first thing that did not. */
export type FairDiceCheck =
  | { ok: true; rolls: number; commitment: string }
  | {
      ok: false;
      problem: FairDiceProblem;
      message: string;
      /** For a roll: its number n (from 0), its index in `Game.log` when known, what it shows and what the seeds give. */
      roll?: number;
      logIndex?: number;
      got?: [number, number];
      expected?: [number, number];
    };

function subtle(): SubtleCrypto {
  const api = globalThis.crypto?.subtle;
  if (!api) throw new Error("fair dice: this runtime has no WebCrypto (globalThis.crypto.subtle)");
  return api;
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** A copy over a plain ArrayBuffer, as WebCrypto's types want (a view may sit on shared memory). */
function buffer(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(bytes);
}

async function sha256(data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await subtle().digest("SHA-256", buffer(data)));
}

/** Scheme 2's chain length: a game makes at most this many rolls. */
const CHAIN_LENGTH = 4096;

async function hashed(key: Uint8Array, times: number): Promise<Uint8Array> {
  let out = key;
  for (let i = 0; i < times; i += 1) out = await sha256(out);
  return out;
}

/** Two dice from HMAC-SHA-256(key, label:n:block), as both schemes read them. */
async function dice(key: Uint8Array, label: string): Promise<[number, number]> {
  const hmacKey = await subtle().importKey("raw", buffer(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const out: number[] = [];
  for (let block = 0; out.length < 2; block += 1) {
    const digest = new Uint8Array(await subtle().sign("HMAC", hmacKey, encoder.encode(`${label}:${block}`)));
    for (const byte of digest) {
      if (byte >= LIMIT) continue;
      out.push((byte % 6) + 1);
      if (out.length === 2) break;
    }
  }
  return [out[0], out[1]];
}

/**
 * Roll `n` (scheme 2) from the chain key revealed after `revealedAfter` rolls: its key is
 * the chain key hashed `revealedAfter - n - 1` times (`n` must be below `revealedAfter`).
 */
export async function deriveChainedRoll(
  chainKey: Uint8Array,
  revealedAfter: number,
  whiteSeed: Uint8Array,
  blackSeed: Uint8Array,
  gameNumber: number,
  n: number,
): Promise<[number, number]> {
  if (!(n >= 0 && n < revealedAfter)) throw new RangeError(`roll ${n} is not among the ${revealedAfter} rolls the key covers`);
  const key = await hashed(chainKey, revealedAfter - n - 1);
  const label = `gammond-fair-dice-v2:${hex(await sha256(whiteSeed))}:${hex(await sha256(blackSeed))}:${gameNumber}:${n}`;
  return dice(key, label);
}

/** A function computing the rolls of one game from its seeds (the HMAC key imported once). */
async function roller(
  serverSeed: Uint8Array,
  whiteSeed: Uint8Array,
  blackSeed: Uint8Array,
  gameNumber: number,
): Promise<(n: number) => Promise<[number, number]>> {
  const key = await subtle().importKey("raw", buffer(serverSeed), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const prefix = `gammond-fair-dice:${hex(await sha256(whiteSeed))}:${hex(await sha256(blackSeed))}:${gameNumber}`;
  return async (n: number) => {
    const dice: number[] = [];
    for (let block = 0; dice.length < 2; block += 1) {
      const digest = new Uint8Array(await subtle().sign("HMAC", key, encoder.encode(`${prefix}:${n}:${block}`)));
      for (const byte of digest) {
        if (byte >= LIMIT) continue;
        dice.push((byte % 6) + 1);
        if (dice.length === 2) break;
      }
    }
    return [dice[0], dice[1]];
  };
}

/** Roll `n` (from 0) of game `gameNumber` under the retired scheme 1 (keyed by the server seed itself). */
export async function deriveFairRoll(
  serverSeed: Uint8Array,
  whiteSeed: Uint8Array,
  blackSeed: Uint8Array,
  gameNumber: number,
  n: number,
): Promise<[number, number]> {
  return (await roller(serverSeed, whiteSeed, blackSeed, gameNumber))(n);
}

/**
 * Checks the reveal against the commitment, then every roll against the seeds;
 * reports the first mismatch. `logIndexes[i]`, when given, is roll i's index in `Game.log`.
 */
export async function verifyFairDice(evidence: FairDiceEvidence, logIndexes?: readonly number[]): Promise<FairDiceCheck> {
  const { serverSeed, commitment } = evidence;
  if (evidence.scheme === 2) return verifyChained(evidence, logIndexes);
  if (serverSeed.length === 0) {
    return { ok: false, problem: "not-revealed", message: "the server seed is not revealed yet: the game is not over" };
  }
  if (!sameBytes(await sha256(serverSeed), commitment)) {
    return { ok: false, problem: "commitment", message: "the revealed server seed does not match the commitment" };
  }
  return checkRolls(evidence, await roller(serverSeed, evidence.whiteSeed, evidence.blackSeed, evidence.gameNumber), logIndexes);
}

/** Scheme 2: the players' seeds against their commitments, the chain key against the commitment, then the rolls. */
async function verifyChained(evidence: FairDiceEvidence, logIndexes?: readonly number[]): Promise<FairDiceCheck> {
  const { commitment, whiteSeed, blackSeed, gameNumber } = evidence;
  const chainKey = evidence.chainKey ?? new Uint8Array();
  for (const [name, seed, committed] of [
    ["White", whiteSeed, evidence.whiteSeedCommitment],
    ["Black", blackSeed, evidence.blackSeedCommitment],
  ] as const) {
    if (seed.length > 0 && !sameBytes(await sha256(seed), committed ?? new Uint8Array())) {
      return { ok: false, problem: "player-seed", message: `${name}'s seed is not the one ${name} committed to at the start` };
    }
  }
  if (chainKey.length === 0) {
    return { ok: false, problem: "not-revealed", message: "the chain key is not revealed yet: the game is not over" };
  }
  const count = evidence.rolls.length;
  if (count > CHAIN_LENGTH || !sameBytes(await hashed(chainKey, count), commitment)) {
    return {
      ok: false,
      problem: "commitment",
      message: `the revealed chain key, hashed once per roll (${count}), does not give the commitment`,
    };
  }
  const roll = (n: number) => deriveChainedRoll(chainKey, count, whiteSeed, blackSeed, gameNumber, n);
  return checkRolls(evidence, roll, logIndexes);
}

async function checkRolls(
  evidence: FairDiceEvidence,
  roll: (n: number) => Promise<[number, number]>,
  logIndexes?: readonly number[],
): Promise<FairDiceCheck> {
  for (const [n, dice] of evidence.rolls.entries()) {
    const expected = await roll(n);
    const got: [number, number] = [dice.die1, dice.die2];
    if (got[0] !== expected[0] || got[1] !== expected[1]) {
      const logIndex = logIndexes?.[n];
      const where = logIndex === undefined ? `roll ${n}` : `log[${logIndex}] (roll ${n})`;
      return {
        ok: false,
        problem: "roll",
        message: `${where} shows ${got.join("-")}, but the seeds give ${expected.join("-")}`,
        roll: n,
        logIndex,
        got,
        expected,
      };
    }
  }
  return { ok: true, rolls: evidence.rolls.length, commitment: hex(evidence.commitment) };
}

/**
 * Checks a finished game's fair dice, as the server returned the Game.
 *
 * `publishedCommitment`: the commitment from the first Game of this game (keep
 * it when the game starts); without it the check can only use the one the
 * finished Game carries, which a server that cheats could have replaced. A
 * sealed Game is read from `seal.state`, the copy the server signed.
 *
 * `log`: for a lean Game (GAME_FORM_LEAN: its log's digest instead of the
 * log), the entries kept from the answers' `logged` (PlaySession's `logged`);
 * a full Game's own log is used otherwise.
 *
 * `mine`: your colour and your own seed. Give it: a record whose seed for you
 * was replaced (with its commitment) and every roll recomputed from the
 * revealed chain key is consistent in itself, and only your seed tells.
 */
export async function verifyFairGame(
  game: Game,
  publishedCommitment?: Uint8Array,
  log?: readonly LogEntry[],
  mine?: MySeed,
): Promise<FairDiceCheck> {
  const state = game.seal && game.seal.state.length > 0 ? fromBinary(GameSchema, game.seal.state) : game;
  if (state.diceSource !== DiceSource.FAIR || !state.fair) {
    return { ok: false, problem: "not-fair", message: "this game's dice are not provably fair (dice_source is not DICE_SOURCE_FAIR)" };
  }
  const { fair } = state;
  if (publishedCommitment !== undefined && !sameBytes(publishedCommitment, fair.commitment)) {
    return { ok: false, problem: "commitment", message: "the game's commitment is not the one published at its start" };
  }
  if (mine !== undefined) {
    const name = mine.player === "white" ? "White" : "Black";
    const seed = mine.player === "white" ? fair.whiteSeed : fair.blackSeed;
    const committed = mine.player === "white" ? fair.whiteSeedCommitment : fair.blackSeedCommitment;
    if (!sameBytes(seed, mine.seed)) {
      return { ok: false, problem: "player-seed", message: `${name}'s seed in the game is not yours: the dice were not made with your seed` };
    }
    if (fair.scheme === 2 && !sameBytes(committed, await sha256(mine.seed))) {
      return { ok: false, problem: "player-seed", message: `${name}'s seed commitment in the game is not the SHA-256 of your seed` };
    }
  }
  const entries = state.log.length > 0 ? state.log : (log ?? []);
  if (state.log.length === 0 && state.digest !== undefined && entries.length !== state.digest.length) {
    return {
      ok: false,
      problem: "no-log",
      message: `a lean game: its log counts ${state.digest.length} entries, ${entries.length} were given (pass the kept \`logged\` entries)`,
    };
  }
  const rolls: Roll[] = [];
  const logIndexes: number[] = [];
  entries.forEach((entry, index) => {
    if (entry.kind !== ActionKind.ROLL) return;
    rolls.push({ die1: entry.dice?.die1 ?? 0, die2: entry.dice?.die2 ?? 0 });
    logIndexes.push(index);
  });
  const evidence: FairDiceEvidence = {
    scheme: fair.scheme,
    chainKey: fair.chainKey,
    serverSeed: fair.serverSeed,
    commitment: fair.commitment,
    whiteSeed: fair.whiteSeed,
    blackSeed: fair.blackSeed,
    whiteSeedCommitment: fair.whiteSeedCommitment,
    blackSeedCommitment: fair.blackSeedCommitment,
    gameNumber: state.gameNumber,
    rolls,
  };
  return verifyFairDice(evidence, logIndexes);
}
