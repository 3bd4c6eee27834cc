import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createFaultTable, type FaultTable } from "../../scripts/sandbox/faults.js";
import { json, type RouteDef } from "../../scripts/sandbox/http.js";
import { createDispatcher, type Dispatcher } from "../../scripts/sandbox/server.js";

const CANARY = "CANARY-faults-1234";
const routes: RouteDef[] = [
  { id: "thing", method: "GET", path: "/api/v1/things/:id", handler: (req) => json(200, { id: req.params.id, items: Array.from({ length: 50 }, (_, i) => i) }) },
  { id: "doc", method: "GET", path: "/doc.pdf", handler: () => ({ status: 200, body: Buffer.from("%PDF-1.4\n%%EOF\n"), contentType: "application/pdf" }) },
  { id: "echo", method: "POST", path: "/echo", handler: (req) => json(200, { size: req.rawBody.length }) },
  { id: "boom", method: "GET", path: "/boom", handler: () => { throw new Error(`secret ${CANARY}`); } },
];

let dispatcher: Dispatcher;
let faults: FaultTable;
let origin = "";

beforeAll(async () => {
  faults = createFaultTable(new Set(routes.map((r) => r.id)));
  dispatcher = createDispatcher({ apis: { test: routes }, faults, canary: CANARY, origin: () => origin });
  await new Promise<void>((resolve) => dispatcher.server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(dispatcher.server.address() as AddressInfo).port}`;
});
afterAll(() => dispatcher.close());
beforeEach(() => {
  faults.clear();
  dispatcher.counts.clear();
});

describe("sandbox dispatcher", () => {
  it("routes with params, counts per route id, answers 404 and 405", async () => {
    const res = await fetch(`${origin}/api/v1/things/abc`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toMatch(/^sbx-/);
    expect(await res.json()).toMatchObject({ id: "abc" });
    expect((await fetch(`${origin}/nope`)).status).toBe(404);
    expect((await fetch(`${origin}/echo`)).status).toBe(405);
    expect(dispatcher.counts.get("thing")).toBe(1);
  });

  it("refuses request bodies over 1 MiB", async () => {
    const res = await fetch(`${origin}/echo`, { method: "POST", body: Buffer.alloc(1024 * 1024 + 1) });
    expect(res.status).toBe(413);
  });

  it("turns a handler exception into a 500 provider error", async () => {
    const res = await fetch(`${origin}/boom`);
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ code: "internal_error" });
  });

  it("status faults answer with a provider error carrying the canary, and count", async () => {
    for (const status of [401, 403, 500, 503]) {
      faults.set("thing", { kind: "status", status, times: 1 });
      const res = await fetch(`${origin}/api/v1/things/x`);
      expect(res.status).toBe(status);
      const body = (await res.json()) as { code: string; message: string; requestId: string };
      expect(body.message).toContain(CANARY);
      expect(body.requestId).toBe(res.headers.get("x-request-id"));
    }
    expect((await fetch(`${origin}/api/v1/things/x`)).status).toBe(200);
    expect(dispatcher.counts.get("thing")).toBe(5);
  });

  it("rate_limit sends 429 with Retry-After", async () => {
    faults.set("thing", { kind: "rate_limit", retryAfterSeconds: 7 });
    const res = await fetch(`${origin}/api/v1/things/x`);
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("7");
  });

  it("latency delays a normal answer", async () => {
    faults.set("thing", { kind: "latency", ms: 150 });
    const started = performance.now();
    const res = await fetch(`${origin}/api/v1/things/x`);
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it("hang never answers", async () => {
    faults.set("thing", { kind: "hang" });
    await expect(fetch(`${origin}/api/v1/things/x`, { signal: AbortSignal.timeout(300) })).rejects.toThrow();
  });

  it("truncated announces the full length and cuts the body", async () => {
    faults.set("thing", { kind: "truncated" });
    const res = await fetch(`${origin}/api/v1/things/x`);
    await expect(res.text()).rejects.toThrow();
  });

  it("oversized streams the requested number of bytes", async () => {
    faults.set("thing", { kind: "oversized", bytes: 3 * 1024 * 1024 });
    const res = await fetch(`${origin}/api/v1/things/x`);
    expect(res.headers.get("content-length")).toBe(String(3 * 1024 * 1024));
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBe(3 * 1024 * 1024);
    expect(() => JSON.parse(body.toString()) as unknown).not.toThrow();
  });

  it("oversized keeps a PDF route looking like a PDF", async () => {
    faults.set("doc", { kind: "oversized", bytes: 6 * 1024 * 1024 });
    const res = await fetch(`${origin}/doc.pdf`);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.subarray(0, 5).toString()).toBe("%PDF-");
    expect(body.length).toBe(6 * 1024 * 1024);
  });

  it("not_pdf keeps the PDF content type with a non-PDF body", async () => {
    faults.set("doc", { kind: "not_pdf" });
    const res = await fetch(`${origin}/doc.pdf`);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect((await res.text()).startsWith("%PDF-")).toBe(false);
  });

  it("redirect points elsewhere and the target is counted", async () => {
    faults.set("thing", { kind: "redirect" });
    const res = await fetch(`${origin}/api/v1/things/x`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${origin}/_sandbox/redirected`);
    expect(dispatcher.counts.get("redirect_target") ?? 0).toBe(0);
  });

  it("content_type changes only the content type", async () => {
    faults.set("thing", { kind: "content_type", contentType: "text/html" });
    const res = await fetch(`${origin}/api/v1/things/x`);
    expect(res.headers.get("content-type")).toBe("text/html");
    expect(await res.json()).toMatchObject({ id: "x" });
  });

  it("times counts down and then clears the fault", async () => {
    faults.set("thing", { kind: "status", status: 502, times: 2 });
    expect((await fetch(`${origin}/api/v1/things/x`)).status).toBe(502);
    expect((await fetch(`${origin}/api/v1/things/x`)).status).toBe(502);
    expect((await fetch(`${origin}/api/v1/things/x`)).status).toBe(200);
    expect(faults.list()).toEqual({});
  });

  it("refuses a fault for an unknown route id or a malformed fault", () => {
    expect(() => faults.set("nope", { kind: "hang" })).toThrow(/unknown sandbox route/);
    expect(() => faults.set("thing", { kind: "status", status: 200 })).toThrow();
  });
});
