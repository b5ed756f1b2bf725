// The board's pure parts, without a browser or a server: moves written from
// the mover's side in the usual notation (as the engine writes a play's
// notation), a turn's checker moves told as one play, and tall stacks drawn
// capped with their count. The modules are bundled once by esbuild and imported.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { after, before, test } from "node:test";
import { build } from "esbuild";

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), "..");
let dir, notation, draw, narrate, client;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "gammond-web-draw-"));
  const entry = join(dir, "entry.ts");
  writeFileSync(
    entry,
    [
      `export * as notation from ${JSON.stringify(join(WEB, "src", "notation.ts"))};`,
      `export * as draw from ${JSON.stringify(join(WEB, "src", "draw.ts"))};`,
      `export * as narrate from ${JSON.stringify(join(WEB, "src", "narrate.ts"))};`,
      `export { Color, EventKind } from "@gammond/client";`,
    ].join("\n"),
  );
  const out = join(dir, "bundle.mjs");
  await build({ entryPoints: [entry], bundle: true, format: "esm", platform: "node", outfile: out, logLevel: "error", nodePaths: [join(WEB, "node_modules"), join(WEB, "..", "node_modules")] });
  ({ notation, draw, narrate, ...client } = await import(pathToFileURL(out).href));
});

after(() => rmSync(dir, { recursive: true, force: true }));

const hop = (fromPoint, toPoint, hit = false) => ({ fromPoint, toPoint, hit });

test("White's moves read in White's own numbering, bar and off by name", () => {
  assert.equal(notation.formatMoves([hop(8, 5), hop(6, 5)], false), "8/5 6/5");
  assert.equal(notation.formatMoves([hop(25, 22, true)], false), "bar/22*");
  assert.equal(notation.formatMoves([hop(6, 0), hop(2, 0)], false), "6/off 2/off");
});

test("Black's moves read from Black's side: a bear-off from point 23 is 2/off, never 23/25", () => {
  assert.equal(notation.formatMoves([hop(23, 25)], true), "2/off");
  assert.equal(notation.formatMoves([hop(0, 3, true)], true), "bar/22*");
  // Black's 24/18 13/9 is, in White's numbering, 1 -> 7 and 12 -> 16.
  assert.equal(notation.formatMoves([hop(12, 16), hop(1, 7)], true), "24/18 13/9");
});

test("one checker's hops join into a path naming only where it hits, and repeats are counted", () => {
  assert.equal(notation.formatMoves([hop(24, 18), hop(18, 13)], false), "24/13");
  assert.equal(notation.formatMoves([hop(13, 7, true), hop(7, 5)], false), "13/7*/5");
  assert.equal(notation.formatMoves([hop(13, 7), hop(13, 7), hop(8, 2), hop(8, 2)], false), "13/7(2) 8/2(2)");
  assert.equal(notation.formatMoves([], false), "(no play)");
});

test("stacks of up to five are drawn whole; taller ones draw five and carry their count", () => {
  assert.deepEqual(draw.stack(0), { drawn: 0 });
  assert.deepEqual(draw.stack(5), { drawn: 5 });
  assert.deepEqual(draw.stack(6), { drawn: 5, label: "6" });
  assert.deepEqual(draw.stack(15), { drawn: 5, label: "15" });
  assert.deepEqual(draw.stack(7, 4), { drawn: 4, label: "7" });
  assert.equal(draw.STACK_CAP, 5);
});

test("the narrator tells each turn once, as a play from the mover's side with its roll, leaving undone moves out", () => {
  const { Color, EventKind } = client;
  const story = new narrate.Narrator({ [Color.WHITE]: "You", [Color.BLACK]: "The bot" });
  const moved = (player, from, to, hit = false) => ({ kind: EventKind.MOVED, player, move: hop(from, to, hit) });
  const lines = [
    ...story.lines([{ kind: EventKind.ROLLED, player: Color.WHITE, dice: { die1: 3, die2: 1 } }, moved(Color.WHITE, 8, 5)]),
    ...story.lines([moved(Color.WHITE, 24, 23), { kind: EventKind.UNDONE, player: Color.WHITE, move: hop(24, 23) }]),
    ...story.lines([moved(Color.WHITE, 6, 5), { kind: EventKind.TURN_ENDED, player: Color.WHITE }]),
    ...story.lines([
      { kind: EventKind.ROLLED, player: Color.BLACK, dice: { die1: 2, die2: 1 } },
      moved(Color.BLACK, 22, 24),
      moved(Color.BLACK, 23, 25),
      { kind: EventKind.TURN_ENDED, player: Color.BLACK },
    ]),
  ];
  assert.deepEqual(lines, ["You play 3-1: 8/5 6/5", "The bot plays 2-1: 3/1 2/off"]);
});

test("a bear-off that ends the game is told before the win", () => {
  const { Color, EventKind } = client;
  const story = new narrate.Narrator({ [Color.WHITE]: "You", [Color.BLACK]: "The bot" });
  const lines = story.lines([
    { kind: EventKind.ROLLED, player: Color.BLACK, dice: { die1: 6, die2: 5 } },
    { kind: EventKind.MOVED, player: Color.BLACK, move: hop(20, 25) },
    { kind: EventKind.MOVED, player: Color.BLACK, move: hop(24, 25) },
    { kind: EventKind.GAME_WON, player: Color.BLACK, outcome: { points: 2n, kind: 2 } },
  ]);
  assert.deepEqual(lines, ["The bot plays 6-5: 5/off 1/off", "The bot won 2 points (gammon)"]);
});
