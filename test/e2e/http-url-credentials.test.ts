import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKeyedHttp, type KeyedHttp } from "./helpers/keyed-http.js";

// Issue 28: a key pasted into the URL, anywhere in it, is refused with 400 naming the headers, and
// the access log never holds it: URLs end up in proxy logs, shell history and Referer headers.


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
  let http: KeyedHttp;

  beforeAll(async () => {
    http = await startKeyedHttp({ seed: "http-url-credentials", labels: ["e2e"] });
  }, 30_000);
  afterAll(async () => {
    await http?.close();
  });

  it("refuses a key in a path parameter, a path segment, a query value, a fragment or userinfo, encoded or not, and never logs it", async () => {
    const { server } = http;
    const key = http.keys[0]!;
    expect(key).toMatch(/^tbk_/);
    const secret = key.slice(4);
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
      `/mcp/%25252574bk_${secret}`,
      `/mcp/%${"25".repeat(8)}74bk_${secret}`,
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
