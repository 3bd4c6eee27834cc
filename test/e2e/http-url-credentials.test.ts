import { execFile, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHttpInstance } from "../../scripts/http-instance.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { osClockEnv } from "../fixtures/clock.js";

// Issue 28: a key pasted into the URL, anywhere in it, is refused with 400 naming the headers, and
// the access log never holds it: URLs end up in proxy logs, shell history and Referer headers.

const run = promisify(execFile);

/** One raw request: the target goes out byte for byte (fetch would normalise it or drop a fragment). */
function raw(base: URL, target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });
    const req = request({ host: base.hostname, port: base.port, path: target, method: "POST", headers: { host: base.host, "content-type": "application/json", accept: "application/json, text/event-stream" } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("the spawned --http bin with a key in the URL", () => {
  let sandbox: Sandbox;
  let dir: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    [sandbox, dir] = await Promise.all([startSandbox({ seed: "http-url-credentials", now: Date.now }), mkdtemp(join(tmpdir(), "tbk-urlkey-"))]);
  }, 30_000);
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
    await sandbox?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("refuses a key in a path parameter, a path segment, a query value, a fragment or userinfo, encoded or not, and never logs it", async () => {
    const keysFile = join(dir, "keys", "api-keys");
    const env = {
      ...osClockEnv(),
      PATH: process.env.PATH ?? "",
      HOME: dir,
      TBANK_HOTELS_API_BASE_URL: sandbox.urls.hotelsApiBaseUrl,
      TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE: sandbox.urls.hotelPageUrlTemplate,
      TBANK_HOTELS_HTTP_AUTH: "api_key",
      TBANK_HOTELS_HTTP_API_KEYS_FILE: keysFile,
    };
    const key = (await run(process.execPath, ["dist/tbank-mcp.js", "http-key", "add", "--file", keysFile, "--label", "e2e"], { env })).stdout.trim();
    expect(key).toMatch(/^tbk_/);
    const secret = key.slice(4);
    const server = await startHttpInstance({ env });
    children.push(server.child);
    const base = new URL(server.url);

    const targets = [
      `/mcp;api_key=${key}`,
      `/mcp;jsessionid=abc;token=${key}`,
      `/mcp%3Bapi_key=${key}`,
      `/mcp%253Bapi_key=${key}`,
      `/mcp;x=${key}`,
      `/mcp/${key}`,
      `/${key}/mcp`,
      `/mcp/tbk%5F${secret}`,
      `/healthz;api_key=${key}`,
      `/mcp?session=${key}`,
      `/mcp#api_key=${key}`,
      `http://user:${key}@${base.host}/mcp`,
      `http://${key}@${base.host}/mcp`,
    ];
    const answers: { target: string; status: number; namesHeader: boolean }[] = [];
    for (const target of targets) {
      const res = await raw(base, target);
      expect(res.body).not.toContain(secret);
      answers.push({ target, status: res.status, namesHeader: res.body.includes("X-Api-Key") });
    }
    expect.soft(answers).toEqual(targets.map((target) => ({ target, status: 400, namesHeader: true })));
    // The refusals need no key, and a good request still works.
    const fine = await fetch(server.url, { method: "POST", headers: { "x-api-key": key, "content-type": "application/json", accept: "application/json, text/event-stream" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }) });
    expect(fine.status).toBe(200);

    await server.stop();
    const log = server.stderr();
    const requests = log.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as { msg: string; path?: string; status?: number });
    expect(requests.filter((l) => l.msg === "request").length).toBe(targets.length + 1);
    expect(requests.filter((l) => l.path?.includes(secret)).map((l) => l.path)).toEqual([]);
    expect(log).not.toContain(secret);
  }, 60_000);
});
