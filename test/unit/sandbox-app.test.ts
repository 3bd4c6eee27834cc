import { describe, expect, it } from "vitest";
import { createSandboxApp } from "../../scripts/sandbox/app.js";
import { createFaultTable } from "../../scripts/sandbox/faults.js";
import { json, type RouteDef } from "../../scripts/sandbox/http.js";

// The sandbox's Hono app driven in-process with app.request(): request ids, the body cap, routing
// across mounted sub-APIs, 404/405 and the faults a web Response can carry. The socket-only faults
// (hang, truncated, oversized, lost response) are test/integration/sandbox-faults.test.ts.

const ORIGIN = "http://127.0.0.1:9";
const hotels: RouteDef[] = [
  { id: "thing", method: "GET", path: "/api/things/:id", handler: (req) => json(200, { id: req.params.id, url: req.url.href, size: req.rawBody.length }) },
  { id: "echo", method: "POST", path: "/api/echo", handler: (req) => json(200, { size: req.rawBody.length }) },
  { id: "doc", method: "GET", path: "/api/doc.pdf", handler: () => ({ status: 200, body: Buffer.from("%PDF-1.4\n%%EOF\n"), contentType: "application/pdf" }) },
];
const identity: RouteDef[] = [{ id: "token", method: "POST", path: "/oauth/token", handler: () => json(200, { access_token: "t" }, { "cache-control": "no-store" }) }];

function setup(): { app: ReturnType<typeof createSandboxApp>; faults: ReturnType<typeof createFaultTable>; counts: Map<string, number> } {
  const faults = createFaultTable(new Set([...hotels, ...identity].map((r) => r.id)));
  const counts = new Map<string, number>();
  const app = createSandboxApp({ apis: { identity, hotels }, faults, canary: "CANARY-app", origin: () => ORIGIN, counts, closing: new AbortController().signal });
  return { app, faults, counts };
}

describe("the sandbox app, in-process", () => {
  it("routes each mounted sub-API, decodes params, numbers requests and sends the full headers", async () => {
    const { app, counts } = setup();
    const first = await app.request(`${ORIGIN}/api/things/a%20b?x=1`);
    expect(first.status).toBe(200);
    expect(first.headers.get("x-request-id")).toBe("sbx-000001");
    expect(first.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const body = await first.text();
    expect(Number(first.headers.get("content-length"))).toBe(Buffer.byteLength(body));
    expect(JSON.parse(body)).toEqual({ id: "a b", url: `${ORIGIN}/api/things/a%20b?x=1`, size: 0 });
    const token = await app.request(`${ORIGIN}/oauth/token`, { method: "POST" });
    expect(token.headers.get("x-request-id")).toBe("sbx-000002");
    expect(token.headers.get("cache-control")).toBe("no-store");
    expect(Object.fromEntries(counts)).toEqual({ thing: 1, token: 1 });
  });

  it("answers an unknown path 404 and a known path under another method (HEAD included) 405, uncounted", async () => {
    const { app, counts } = setup();
    const missing = await app.request(`${ORIGIN}/api/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "not_found", requestId: missing.headers.get("x-request-id") });
    for (const [method, path] of [["GET", "/api/echo"], ["HEAD", "/api/things/x"], ["DELETE", "/oauth/token"]] as const) {
      const res = await app.request(`${ORIGIN}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBe(405);
    }
    expect(counts.size).toBe(0);
  });

  it("caps the request body at 1 MiB before routing", async () => {
    const { app } = setup();
    expect(await (await app.request(`${ORIGIN}/api/echo`, { method: "POST", body: Buffer.alloc(1024) })).json()).toEqual({ size: 1024 });
    const big = await app.request(`${ORIGIN}/api/nope`, { method: "POST", body: Buffer.alloc(1024 * 1024 + 1) });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ code: "payload_too_large" });
  });

  it("fault middleware: status and rate limit replace the answer, with the canary and Retry-After, and count down", async () => {
    const { app, faults, counts } = setup();
    faults.set("thing", { kind: "status", status: 503, times: 1 });
    const failed = await app.request(`${ORIGIN}/api/things/x`);
    expect(failed.status).toBe(503);
    expect(await failed.json()).toMatchObject({ code: "service_unavailable", message: "simulated upstream failure trace=CANARY-app" });
    faults.set("thing", { kind: "rate_limit", retryAfterSeconds: 7, times: 1 });
    const limited = await app.request(`${ORIGIN}/api/things/x`);
    expect([limited.status, limited.headers.get("retry-after")]).toEqual([429, "7"]);
    expect((await app.request(`${ORIGIN}/api/things/x`)).status).toBe(200);
    expect(counts.get("thing")).toBe(3);
  });

  it("fault middleware: redirect, content type and not-PDF change only what they name", async () => {
    const { app, faults } = setup();
    faults.set("thing", { kind: "redirect", times: 1 });
    const moved = await app.request(`${ORIGIN}/api/things/x`);
    expect([moved.status, moved.headers.get("location")]).toEqual([302, `${ORIGIN}/_sandbox/redirected`]);
    expect(await (await app.request(`${ORIGIN}/_sandbox/redirected`)).json()).toEqual({ redirected: true });
    faults.set("thing", { kind: "content_type", contentType: "text/html", times: 1 });
    const html = await app.request(`${ORIGIN}/api/things/x`);
    expect(html.headers.get("content-type")).toBe("text/html");
    expect(await html.json()).toMatchObject({ id: "x" });
    faults.set("doc", { kind: "not_pdf", times: 1 });
    const notPdf = await app.request(`${ORIGIN}/api/doc.pdf`);
    const text = await notPdf.text();
    expect(notPdf.headers.get("content-type")).toBe("application/pdf");
    expect(text).toBe("<html><body>Not a voucher</body></html>");
    expect(Number(notPdf.headers.get("content-length"))).toBe(text.length);
  });

  it("fault middleware: latency holds the answer until `ms` after arrival", async () => {
    const { app, faults } = setup();
    faults.set("thing", { kind: "latency", ms: 120, times: 1 });
    const started = performance.now();
    expect((await app.request(`${ORIGIN}/api/things/x`)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
  });

  it("answers a throwing handler with a provider 500 that carries the canary, not the error", async () => {
    const boom: RouteDef = { id: "boom", method: "GET", path: "/boom", handler: () => { throw new Error("secret internals"); } };
    const app = createSandboxApp({ apis: { x: [boom] }, faults: createFaultTable(new Set(["boom"])), canary: "CANARY-app", origin: () => ORIGIN, counts: new Map(), closing: new AbortController().signal });
    const res = await app.request(`${ORIGIN}/boom`);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).toContain("CANARY-app");
    expect(text).not.toContain("secret internals");
  });
});
