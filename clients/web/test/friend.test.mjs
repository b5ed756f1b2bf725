// The web board's "play a friend" mode in a real browser: Debian's Chromium,
// driven by playwright-core, opens friend.html in one tab (it creates a table
// and sits as White), opens the link it shows in a second tab (Black), and
// plays the 1-point match to its end, each tab clicking the first thing it
// may do (a whole play, a roll, a take...; never resign, double or drop) when
// it is its turn. Both tabs draw from their WatchTable streams (gRPC-Web
// through the gateway); at the end both have seen every event and show the
// same board, each from its own side, and tell the same plays in notation.
// Keeps a screenshot of both tabs in build/artifacts/web-friend.png.
import assert from "node:assert/strict";
import { createReadStream, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, test } from "node:test";
import { build } from "esbuild";
import { chromium } from "playwright-core";
import { gammondStack } from "../../typescript/test/support/server.mjs";

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const ROOT = resolve(WEB, "../..");
const SCREENSHOT = join(ROOT, "build", "artifacts", "web-friend.png");
const CHROMIUM = process.env.GAMMOND_CHROMIUM ?? "/usr/bin/chromium";
const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };
const MAX_STEPS = 1500;
const AVOID = ["RESIGN", "DOUBLE", "DROP"];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

let stack, context, site, profile;

before(async () => {
  await build({
    entryPoints: [join(WEB, "src", "friend.ts")],
    bundle: true,
    format: "esm",
    target: "es2020",
    outfile: join(WEB, "dist", "friend.js"),
    logLevel: "error",
  });
  site = createServer((request, response) => {
    const path = new URL(request.url, "http://x").pathname;
    const file = join(WEB, path === "/" ? "friend.html" : path);
    if (!file.startsWith(WEB) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(response);
  });
  // The gateway allows calls only from origins it was told (see board.test.mjs).
  await new Promise((r) => site.listen(Number(process.env.GAMMOND_WEB_PORT ?? 0), "127.0.0.1", r));
  process.env.GAMMOND_CORS_ORIGINS ??= `http://127.0.0.1:${site.address().port}`;
  stack = await gammondStack();
  profile = mkdtempSync(join(tmpdir(), "gammond-chromium-"));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: { width: 1120, height: 560 },
  });
});

after(async () => {
  await context?.close();
  site?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
  await stack?.stop();
});

/** Where a tab stands, once it is not busy acting: its phase, its table's version and the events it saw. */
async function settled(page) {
  // Polled from here: a tab in the background runs no animation frames, which waitForFunction waits on.
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(20)) {
    const state = await page.evaluate(() => ({ ...document.body.dataset }));
    if (state.busy === "false" && state.phase !== "connecting") return state;
  }
  throw new Error("the tab stayed busy or connecting for 30 s");
}

/** Waits until `test` of the tab's data attributes holds (polled, as `settled`). */
async function until(page, test, what) {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(20)) {
    if (test(await page.evaluate(() => ({ ...document.body.dataset })))) return;
  }
  throw new Error(`not seen in 30 s: ${what}`);
}

test("two tabs play a match at one table through their seat tokens and both see it end", async () => {
  const white = context.pages()[0] ?? (await context.newPage());
  white.setDefaultTimeout(30_000);
  await white.goto(`http://127.0.0.1:${site.address().port}/friend.html?gateway=${encodeURIComponent(stack.gateway)}&match=1`);
  await white.locator("#invitation").waitFor({ state: "visible" }); // shown once the table exists
  const invite = await white.locator("#invite").getAttribute("href");
  assert.match(invite, /#table=[\w-]+&seat=[\w-]+\.[\w-]+$/, "the link carries the table and Black's seat token in its fragment");
  assert.match(new URL(white.url()).hash, /^#table=[\w-]+&seat=/, "White's own seat is in White's address");
  const black = await context.newPage();
  black.setDefaultTimeout(30_000);
  await black.goto(invite);
  const tabs = [white, black];
  assert.deepEqual(await Promise.all(tabs.map(async (tab) => (await settled(tab)).seat)), ["white", "black"]);

  let clicks = 0;
  let front = 1;
  for (let step = 0; step < MAX_STEPS; step++) {
    const states = await Promise.all(tabs.map(settled));
    if (states.every((state) => state.phase === "over")) break;
    const mover = states.findIndex((state) => state.phase === "act");
    if (mover < 0) {
      // Neither may act yet: a tab is still reading the other's last action from its stream.
      await sleep(20);
      continue;
    }
    // The acting player's tab in front, as a player's would be (a click waits for animation frames).
    if (mover !== front) await tabs[(front = mover)].bringToFront();
    const buttons = tabs[mover].locator("#actions button");
    const kinds = await buttons.evaluateAll((all) => all.map((b) => b.dataset.kind));
    const pick = kinds.findIndex((kind) => !AVOID.includes(kind));
    await buttons.nth(pick < 0 ? 0 : pick).click();
    clicks += 1;
  }
  const [whiteEnd, blackEnd] = await Promise.all(tabs.map(settled));
  assert.equal(whiteEnd.phase, "over", "the match reached its end");
  assert.equal(blackEnd.phase, "over");
  assert.equal(whiteEnd.version, blackEnd.version, "both tabs drew the same, last version of the table");
  // Each tab listed every event of its stream: the same number, the game's start and end among them.
  const last = whiteEnd.sequence;
  await Promise.all(tabs.map((tab) => until(tab, (state) => state.events === last, `${last} events listed`)));
  assert.equal(blackEnd.sequence, last);
  assert.ok(Number(last) > 2);
  for (const tab of tabs) {
    assert.match(await tab.textContent("#status"), /^Match over: (White|Black) wins\./);
    assert.equal(await tab.locator("#log li", { hasText: "Game 1 starts" }).count(), 1);
    assert.equal(await tab.locator("#log li", { hasText: /Game 1 over: (White|Black) wins/ }).count(), 1);
  }
  // Each tab draws the board from its own seat: White's point 1 (White's home) near White, far from Black.
  const nearer = async (tab) => {
    const [one, twentyFour] = await Promise.all([1, 24].map((n) => tab.locator(`#board [data-point="${n}"] .triangle`).boundingBox()));
    return one.y > twentyFour.y ? "point 1 near" : "point 24 near";
  };
  assert.deepEqual(await Promise.all(tabs.map(nearer)), ["point 1 near", "point 24 near"]);
  // The plays are told in the usual notation, each from its mover's side: no raw bar (25) or off (0) points.
  const plays = await white.locator("#log li", { hasText: / plays \d-\d: / }).allTextContents();
  assert.ok(plays.length > 0, "the log tells the plays");
  for (const line of plays) assert.match(line, /^(White|Black) plays \d-\d: (bar|[12]?\d)(\/([12]?\d\*?|off))+(\(\d\))?( (bar|[12]?\d)(\/([12]?\d\*?|off))+(\(\d\))?)*$/, line);
  assert.deepEqual(await black.locator("#log li", { hasText: / plays / }).allTextContents(), plays, "both tabs tell the same story");
  console.log(`friend mode: ${clicks} clicks, ${last} events seen by each tab, version ${whiteEnd.version}`);

  // Both tabs, side by side, in one picture: White's page with Black's beside it.
  mkdirSync(dirname(SCREENSHOT), { recursive: true });
  const shots = await Promise.all(tabs.map((tab) => tab.screenshot()));
  const sheet = await context.newPage();
  await sheet.setViewportSize({ width: 2240, height: 560 });
  const images = shots.map((png) => `<img src="data:image/png;base64,${png.toString("base64")}" style="width:1120px">`).join("");
  await sheet.setContent(`<body style="margin:0;display:flex">${images}</body>`);
  await sheet.screenshot({ path: SCREENSHOT });
});
