// The web board in a real browser: Debian's Chromium, driven by playwright-core,
// clicks through a whole game against the bot, through the game protocol the
// lean way (PlayService: the choices of each NewGame and Act answer light the
// targets; no ListActions; the bot replies within the Act answers, bot_reply,
// so no BotAct; each sealed Game goes back as its seal alone) over gRPC-Web
// through the gateway, then a second game that it resigns. Each game's calls
// (seen on the network) and protobuf bytes (counted by the page) are printed;
// the whole game stays within BOARD_CALLS and BOARD_BYTES. Keeps a screenshot
// of the finished game in build/artifacts/web-board.png, and of the game in
// progress (after the cube was turned, with a stack over five when the game
// has one) at a desktop's and an upright phone's size: web-board-desktop.png,
// web-board-phone.png, and the bot's double on offer, web-board-offer.png. Look at them: the board must read as one to play on.
import assert from "node:assert/strict";
import { createReadStream, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, test } from "node:test";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { ActRequestSchema, BotActRequestSchema, GameSchema, ListActionsRequestSchema, NewGameRequestSchema } from "@gammond/client";
import { build } from "esbuild";
import { chromium } from "playwright-core";
import { gammondStack } from "../../typescript/test/support/server.mjs";

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const ROOT = resolve(WEB, "../..");
const SCREENSHOT = join(ROOT, "build", "artifacts", "web-board.png");
const SHOTS = {
  desktop: { path: join(ROOT, "build", "artifacts", "web-board-desktop.png"), viewport: { width: 1280, height: 800 } },
  phone: { path: join(ROOT, "build", "artifacts", "web-board-phone.png"), viewport: { width: 390, height: 844 } },
};
const VIEWPORT = { width: 1120, height: 560 };
const OFFER_SHOT = join(ROOT, "build", "artifacts", "web-board-offer.png");
const CHROMIUM = process.env.GAMMOND_CHROMIUM ?? "/usr/bin/chromium";
// This network reaches nothing but loopback: no GPU, no QUIC, no background calls home.
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
const MAX_STEPS = 3000;
// A whole game as a board plays it, sealed (the server has state keys): at most
// this many calls and bytes of protobuf (requests and answers).
const BOARD_CALLS = 150;
const BOARD_BYTES = 100_000;

let stack, page, context, site, profile;
// The page's calls to the gateway, by method, as the network saw them.
let calls = {};
// The requests whose Game was more than the server reads (a sealed Game with
// more than its seal, any Game with the output-only board_now or score_after).
let whole = [];
let sentGames = 0;
const REQUESTS = { Act: ActRequestSchema, BotAct: BotActRequestSchema, ListActions: ListActionsRequestSchema, NewGame: NewGameRequestSchema };

/** The Game a gRPC-Web request body carries (one uncompressed frame: a flag byte, a 4-byte length, the message). */
function sentGame(method, body) {
  const schema = REQUESTS[method];
  if (!schema || !body || body.length < 5) return undefined;
  const message = fromBinary(schema, body.subarray(5, 5 + body.readUInt32BE(1)));
  return message.game ?? message.previous;
}

function sealOnly(game) {
  return game.seal?.state.length > 0 && toBinary(GameSchema, game).length === toBinary(GameSchema, create(GameSchema, { seal: game.seal })).length;
}

before(async () => {
  await build({
    entryPoints: [join(WEB, "src", "board.ts")],
    bundle: true,
    format: "esm",
    target: "es2020",
    outfile: join(WEB, "dist", "board.js"),
    logLevel: "error",
  });
  // The page is static: any file server does; this one serves clients/web on a free port.
  site = createServer((request, response) => {
    const path = new URL(request.url, "http://x").pathname;
    const file = join(WEB, path === "/" ? "index.html" : path);
    if (!file.startsWith(WEB) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(response);
  });
  // The gateway allows calls only from origins it was told: scripts/test-clients
  // names this page's port in advance; a server this test starts itself is told here.
  await new Promise((r) => site.listen(Number(process.env.GAMMOND_WEB_PORT ?? 0), "127.0.0.1", r));
  process.env.GAMMOND_CORS_ORIGINS ??= `http://127.0.0.1:${site.address().port}`;
  stack = await gammondStack();
  profile = mkdtempSync(join(tmpdir(), "gammond-chromium-"));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: VIEWPORT,
  });
  page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(60_000);
  page.on("request", (request) => {
    if (request.method() !== "POST" || !request.url().startsWith(stack.gateway)) return;
    const method = new URL(request.url()).pathname.split("/").pop();
    calls[method] = (calls[method] ?? 0) + 1;
    const game = sentGame(method, request.postDataBuffer());
    if (game) sentGames += 1;
    if (game && (game.seal ? !sealOnly(game) : game.boardNow !== undefined || game.scoreAfter !== undefined)) whole.push(method);
  });
  const url = `http://127.0.0.1:${site.address().port}/?gateway=${encodeURIComponent(stack.gateway)}&seed=5&level=beginner`;
  await page.goto(url);
});

after(async () => {
  await context?.close();
  site?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
  await stack?.stop();
});

async function settled() {
  await page.waitForFunction(() => {
    const { busy, phase } = document.body.dataset;
    return busy === "false" && phase !== "bot" && phase !== "loading";
  });
  return page.evaluate(() => document.body.dataset.phase);
}

const text = (id) => page.textContent(`#${id}`);

/** The game in progress at a desktop's and a phone's size; the phone's board is drawn upright. */
async function screenshots() {
  mkdirSync(dirname(SCREENSHOT), { recursive: true });
  for (const [name, { path, viewport }] of Object.entries(SHOTS)) {
    await page.setViewportSize(viewport);
    // The page redraws when the window turns upright (a media query's change event): wait for it.
    const layout = name === "phone" ? "portrait" : "landscape";
    await page.waitForFunction((want) => document.getElementById("board").dataset.layout === want, layout, { timeout: 10_000 });
    // The board fills the phone's width, and most of a desktop window's width or height.
    const box = await page.locator("#board").boundingBox();
    if (name === "phone") assert.ok(box.width >= viewport.width - 20 && box.height > viewport.height / 2, `phone board ${box.width}x${box.height}`);
    else assert.ok(box.width >= viewport.width * 0.7 || box.height >= viewport.height * 0.7, `desktop board ${box.width}x${box.height}`);
    await page.screenshot({ path });
  }
  await page.setViewportSize(VIEWPORT);
}

/** This game's calls and bytes: printed; no ListActions among them, every Game sent back as small as the server takes it. */
async function traffic(name) {
  const { calls: counted, bytes } = await page.evaluate(() => document.body.dataset);
  const total = Object.values(calls).reduce((a, b) => a + b, 0);
  const each = Object.entries(calls).map(([method, n]) => `${method} ${n}`).join(", ");
  console.log(`web board, ${name}: ${total} calls, ${bytes} bytes of protobuf (${each})`);
  assert.equal(calls.ListActions ?? 0, 0, "no ListActions: every answer carries its choices");
  assert.equal(Number(counted), total, "the page counted the calls the network carried");

  assert.deepEqual(whole, [], "every Game went back as small as the server takes it (a sealed one: its seal alone)");
  const botActs = calls.BotAct ?? 0;
  calls = {};
  whole = [];
  sentGames = 0;
  return { calls: total, bytes: Number(bytes), botActs };
}

test("a whole game against the bot, clicked through in Chromium, ends with the score", async () => {
  let rolls = 0;
  let checked = { undo: false, targets: 0, doubled: false, shot: false, offer: false };
  let phase;
  for (let step = 0; step < MAX_STEPS; step++) {
    phase = await settled();
    if (phase === "over") break;
    if (phase === "answer") {
      // The bot's double: the cube, offered, in the middle of White's half.
      if (!checked.offer) {
        checked.offer = true;
        assert.equal(await page.locator("#board .cube.offered").count(), 1, "the offered cube is drawn");
        await page.screenshot({ path: OFFER_SHOT });
      }
      await page.click("#take");
    } else if (phase === "resignation") {
      await page.click("#accept");
    } else if (phase === "roll") {
      rolls += 1;
      // Offer the cube once, mid-game, to go through the bot's answer.
      if (!checked.doubled && rolls >= 6 && (await page.isEnabled("#double"))) {
        checked.doubled = true;
        await page.click("#double");
      } else {
        await page.click("#roll");
      }
    } else if (phase === "move") {
      const tall = await page.locator("#board .stack-count").count();
      if (!checked.shot && checked.doubled && (tall > 0 || rolls >= 10)) {
        checked.shot = true;
        // In the board's frame: the dice drawn, both players' plates (name, score, pips), whose turn, the cube.
        assert.equal(await page.locator("#board .die").count(), 2, "two dice drawn");
        assert.equal(await page.locator("#board .plate").count(), 2, "a plate for each player");
        assert.equal(await page.locator("#board .plate.on-turn").getAttribute("data-player"), "white", "the player on turn is marked");
        assert.match(await page.locator("#board .plate.white .plate-pips").textContent(), /^\d+ pips/);
        await screenshots();
      }
      if (await page.isEnabled("#done")) {
        await page.click("#done");
        continue;
      }
      const movable = page.locator("#board [data-point].movable");
      assert.ok((await movable.count()) > 0, "a turn that is not complete has a checker to move");
      await movable.first().click();
      await settled();
      // Picking a checker lights its legal targets.
      const targets = page.locator("#board [data-point].target");
      const lit = await targets.count();
      assert.ok(lit > 0, "the picked checker has lit targets");
      checked.targets += lit;
      const pipsBefore = await text("pips");
      await targets.first().click();
      await settled();
      if (!checked.undo) {
        // Undo takes the move back: the pip count returns to what it was.
        checked.undo = true;
        assert.notEqual(await text("pips"), pipsBefore);
        await page.click("#undo");
        await settled();
        assert.equal(await text("pips"), pipsBefore);
      }
    }
  }
  assert.equal(phase, "over", "the game reached its end");
  assert.ok(checked.undo && checked.targets > 0);
  const counts = await traffic("a whole game");
  assert.ok(counts.calls <= BOARD_CALLS, `${counts.calls} calls, over ${BOARD_CALLS}`);
  assert.ok(counts.bytes <= BOARD_BYTES, `${counts.bytes} bytes, over ${BOARD_BYTES}`);
  assert.equal(counts.botActs, 0, "the bot replied within the Act answers (bot_reply)");
  // The bot's plays, from the Act answers' events, are logged from its side in the usual notation.
  const plays = await page.locator("#log li", { hasText: "The bot plays" }).allTextContents();
  assert.ok(plays.length > 0, "the bot's plays are logged");
  for (const line of plays) assert.match(line, /^The bot plays \d-\d: (bar|[12]?\d)(\/([12]?\d\*?|off))+(\(\d\))?( (bar|[12]?\d)(\/([12]?\d\*?|off))+(\(\d\))?)*$/, line);
  assert.ok(plays.every((line) => !/\/(0|25)\b|\b25\//.test(line)), "no raw bar or off indices");
  assert.ok(checked.shot, "the game in progress was photographed");
  assert.match(await text("status"), /Game over: (you win|the bot wins) \d+ points?/);
  const [, you, bot] = (await text("score")).match(/you (\d+), bot (\d+) \(game 1\)/);
  assert.ok(Number(you) + Number(bot) >= 1, "the winner's points are on the score");
  assert.match(await text("cube"), /^\d+, /);
  assert.match(await text("pips"), /^you \d+, bot \d+$/);
  mkdirSync(dirname(SCREENSHOT), { recursive: true });
  await page.screenshot({ path: SCREENSHOT });
  const errors = await page.locator("#log li", { hasText: "Error" }).allTextContents();
  assert.deepEqual(errors, [], "no call failed");
});

test("a second game, resigned as soon as the game lets White resign, adds a point to the bot's score", async () => {
  const before = (await text("score")).match(/bot (\d+)/)[1];
  await page.click("#new-game");
  for (let step = 0; step < MAX_STEPS && !(await page.isEnabled("#resign")); step++) {
    // Until resigning is allowed (not during the opening roll): roll, answer, move, confirm.
    const phase = await settled();
    if (phase === "over") break;
    if (await page.isEnabled("#resign")) break;
    if (phase === "answer") await page.click("#take");
    else if (phase === "resignation") await page.click("#accept");
    else if (phase === "roll") await page.click("#roll");
    else if (await page.isEnabled("#done")) await page.click("#done");
    else {
      await page.locator("#board [data-point].movable").first().click();
      await settled();
      await page.locator("#board [data-point].target").first().click();
    }
    await settled();
  }
  await page.click("#resign");
  assert.equal(await settled(), "over");
  assert.match(await text("status"), /Game over: the bot wins 1 point$/);
  assert.match(await text("score"), new RegExp(`bot ${Number(before) + 1} \\(game 2\\)`));
  await traffic("a resigned game");
});
