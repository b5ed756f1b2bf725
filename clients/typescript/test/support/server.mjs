// The server the tests play against. scripts/test-clients starts one, the
// README's way (scripts/serve), and passes its URLs in GAMMOND_GRPC_URL and
// GAMMOND_GATEWAY_URL; run alone, a test starts its own the same way, on free
// ports, with state keys (fair dice need them), and stops it afterwards.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");
const START_TIMEOUT_MS = 300_000; // scripts/serve sets up .venv first when it must

export async function gammondStack() {
  const grpc = process.env.GAMMOND_GRPC_URL;
  const gateway = process.env.GAMMOND_GATEWAY_URL;
  if (grpc && gateway) return { grpc, gateway, stop: async () => {} };
  const dir = mkdtempSync(join(tmpdir(), "gammond-test-"));
  const ready = join(dir, "ready.json");
  const log = openSync(join(dir, "serve.log"), "a");
  const child = spawn(
    join(ROOT, "scripts", "serve"),
    ["--host", "127.0.0.1", "--port", "0", "--gateway-port", "0", "--metrics-port", "off", "--workers", "1", "--ready-file", ready],
    // State keys, as in scripts/test-clients: sealed games and fair dice.
    {
      stdio: ["ignore", log, log],
      env: { ...process.env, GAMMOND_STATE_KEYS: process.env.GAMMOND_STATE_KEYS ?? `test:${randomBytes(32).toString("base64")}` },
    },
  );
  let exited = null;
  const done = new Promise((resolveExit) => child.on("exit", (code) => resolveExit((exited = code ?? 1))));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!existsSync(ready)) {
    if (exited !== null) throw new Error(`scripts/serve exited with ${exited}: see ${join(dir, "serve.log")}`);
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error("scripts/serve did not become ready in time");
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const facts = JSON.parse(readFileSync(ready, "utf8"));
  return {
    grpc: `http://127.0.0.1:${facts.port}`,
    gateway: `http://127.0.0.1:${facts.gateway_port}`,
    stop: async () => {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
      await done;
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
