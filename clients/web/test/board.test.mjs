// The web board in a real browser: Debian's Chromium, driven by playwright-core,
// clicks through a whole game against the bot, through the game protocol
// (PlayService: ListActions lights the targets, Act and BotAct) over gRPC-Web
// through the gateway, then a second game that it resigns. Keeps a screenshot of the
// finished game in build/artifacts/web-board.png.
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
const SCREENSHOT = join(ROOT, "build", "artifacts", "web-board.png");
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

let stack, page, context, site, profile;

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
    viewport: { width: 1120, height: 560 },
  });
  page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(60_000);
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

test("a whole game against the bot, clicked through in Chromium, ends with the score", async () => {
  let rolls = 0;
  let checked = { undo: false, targets: 0, doubled: false };
  let phase;
  for (let step = 0; step < MAX_STEPS; step++) {
    phase = await settled();
    if (phase === "over") break;
    if (phase === "answer") {
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
});
