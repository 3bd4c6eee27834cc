import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createNetServer, type AddressInfo, type Socket } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { nodeFetch } from "../../shared/http/node-fetch.js";
import { ProviderHttp } from "../../shared/http/provider-http.js";

// The provider core's default transport (shared/http/node-fetch.ts) against a real, misbehaving
// server on loopback: what the core promises about redirects, caps, cut bodies, deadlines and
// aborts must hold on node:http as it held on the global fetch.

const Body = z.looseObject({ ok: z.boolean() });
type Handler = (req: IncomingMessage, res: ServerResponse) => void;

let server: Server;
let base: string;
let handler: Handler = (_req, res) => res.end();
const paths: string[] = [];
const sockets = new Set<Socket>();
let connections = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    paths.push(req.url ?? "");
    handler(req, res);
  });
  server.on("connection", (s: Socket) => {
    connections += 1;
    sockets.add(s);
    s.once("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(async () => {
  paths.length = 0;
  server.closeAllConnections();
  // Until the client has seen its idle connections close.
  await new Promise((r) => setTimeout(r, 50));
  connections = 0;
});

const core = () => new ProviderHttp({ auth: { credentials: () => Promise.resolve({ headers: { authorization: "Bearer canary-token" } }) } });
const call = (path: string, extra: { signal?: AbortSignal; timeoutMs?: number; body?: unknown } = {}) => ({ routeId: "test", method: extra.body === undefined ? ("GET" as const) : ("POST" as const), url: new URL(path, base), ...extra });
/** Every string and byte field of an error and of its causes, as text (the bytes as latin1). */
const textsAlong = (err: unknown): string[] => {
  const out: string[] = [];
  for (let e = err, depth = 0; e instanceof Object && depth < 10; e = (e as { cause?: unknown }).cause, depth++) {
    for (const key of Object.getOwnPropertyNames(e)) {
      const v: unknown = (e as Record<string, unknown>)[key];
      if (typeof v === "string") out.push(v);
      else if (v instanceof Uint8Array) out.push(Buffer.from(v).toString("latin1"));
    }
  }
  return out;
};
const failure = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => e);
const json = (res: ServerResponse, text: string, headers: Record<string, string> = {}) => {
  res.writeHead(200, { "content-type": "application/json", "content-length": String(Buffer.byteLength(text)), ...headers });
  res.end(text);
};
/** Writes `total` bytes in `chunkBytes` chunks as fast as the client reads them (waits on drain); returns the bytes written so far. */
const streamBody = (res: ServerResponse, type: string, chunkBytes: number, total: number): (() => number) => {
  let sent = 0;
  res.writeHead(200, { "content-type": type });
  const chunk = Buffer.alloc(chunkBytes, 0x41);
  const more = () => {
    while (sent < total && !res.destroyed) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once("drain", more);
    }
    res.end();
  };
  more();
  return () => sent;
};

describe("provider requests on node:http", () => {
  it("sends the method, headers and JSON body, and reuses one connection for calls one after another", async () => {
    let seen: { method?: string; auth?: string; type?: string; body: string } = { body: "" };
    handler = (req, res) => {
      let body = "";
      req.setEncoding("utf8");
      req.on("data", (d: string) => (body += d));
      req.on("end", () => {
        seen = { method: req.method, auth: req.headers.authorization, type: req.headers["content-type"], body };
        json(res, '{"ok":true}');
      });
    };
    expect(await core().json(call("/a", { body: { city: "Казань" } }), Body)).toEqual({ ok: true });
    expect(seen).toEqual({ method: "POST", auth: "Bearer canary-token", type: "application/json", body: '{"city":"Казань"}' });
    for (let i = 0; i < 3; i++) expect(await core().json(call("/b"), Body)).toEqual({ ok: true });
    expect(connections).toBe(1);
  });

  it("never follows a redirect: the 3xx is refused and its target never asked", async () => {
    handler = (req, res) => {
      if (req.url === "/moved") {
        res.writeHead(302, { location: `${base}/target` });
        return void res.end();
      }
      json(res, '{"ok":true}');
    };
    expect(await failure(core().json(call("/moved"), Body))).toMatchObject({ kind: "redirect_refused", status: 302 });
    expect(paths).toEqual(["/moved"]);
  });

  it("stops a body past the 2 MiB cap without reading the rest, and closes that connection", async () => {
    let sent = () => 0;
    handler = (_req, res) => void (sent = streamBody(res, "application/json", 64 * 1024, 64 * 1024 * 1024));
    expect(await failure(core().json(call("/endless"), Body))).toMatchObject({ kind: "too_large" });
    await new Promise((r) => setTimeout(r, 100));
    expect(sockets.size).toBe(0);
    expect(sent()).toBeLessThan(16 * 1024 * 1024);
  });

  it("reports a body cut short as unavailable/truncated, and a bad status with no body text", async () => {
    handler = (req, res) => {
      if (req.url === "/cut") {
        res.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
        res.write('{"ok":');
        setTimeout(() => res.socket?.destroy(), 20);
        return;
      }
      res.writeHead(500, { "content-type": "application/json" });
      res.end('{"code":"internal_error","message":"secret provider text"}');
    };
    expect(await failure(core().json(call("/cut"), Body))).toMatchObject({ kind: "unavailable", reason: "truncated" });
    const err = await failure(core().json(call("/error"), Body));
    expect(err).toMatchObject({ kind: "unavailable", reason: "server_error", status: 500, code: "internal_error" });
    expect(JSON.stringify(err)).not.toContain("secret provider text");
  });

  it("answers its own deadline as unavailable/timeout and the caller's abort as aborted, headers or body pending", async () => {
    handler = (req, res) => {
      if (req.url === "/slow-body") {
        res.writeHead(200, { "content-type": "application/json" });
        res.write('{"ok":');
      }
      // Otherwise never answers.
    };
    expect(await failure(core().json(call("/hang", { timeoutMs: 50 }), Body))).toMatchObject({ kind: "unavailable", reason: "timeout" });
    expect(await failure(core().json(call("/slow-body", { timeoutMs: 50 }), Body))).toMatchObject({ kind: "unavailable", reason: "timeout" });
    const controller = new AbortController();
    const pending = core().json(call("/slow-body", { signal: controller.signal, timeoutMs: 60_000 }), Body);
    setTimeout(() => controller.abort(), 50);
    expect(await failure(pending)).toMatchObject({ kind: "aborted" });
    const early = new AbortController();
    early.abort();
    expect(await failure(core().json(call("/hang", { signal: early.signal }), Body))).toMatchObject({ kind: "aborted" });
  });

  it("speaks TLS to an https URL: against a plain-HTTP port the handshake fails and nothing arrives in clear", async () => {
    handler = (_req, res) => json(res, '{"ok":true}');
    const url = new URL(base.replace("http:", "https:"));
    expect(await failure(core().json(call(`${url.href}secret`), Body))).toMatchObject({ kind: "unavailable", reason: "network" });
    expect(paths).toEqual([]);
  });

  it("buffers a bounded part of a body nobody reads yet: the server is held back, not drained", async () => {
    let sent = () => 0;
    handler = (_req, res) => void (sent = streamBody(res, "application/pdf", 16 * 1024, 32 * 1024 * 1024));
    const res = await nodeFetch(new URL("/pdf", base), { method: "GET" });
    await new Promise((r) => setTimeout(r, 300));
    // Socket buffers on both ends hold some megabytes at most; an unbounded queue takes all 32 MiB.
    expect(sent()).toBeLessThan(8 * 1024 * 1024);
    await res.body?.cancel();
  });

  it("reads headers as a web Headers reads them: any case, repeated lines joined, a missing one null", async () => {
    handler = (_req, res) => {
      res.setHeader("X-Request-Id", ["req-1", "req-2"]);
      res.setHeader("Content-Type", "application/json");
      res.end("{}");
    };
    const url = new URL("/headers", base);
    const ours = await nodeFetch(url, { method: "GET" });
    const web = await fetch(url);
    for (const name of ["x-request-id", "X-REQUEST-ID", "content-type", "content-length", "retry-after"]) expect(ours.headers.get(name), name).toBe(web.headers.get(name));
    expect(ours.headers.get("x-request-id")).toBe("req-1, req-2");
    expect(ours.headers.get("retry-after")).toBeNull();
    await ours.body?.cancel();
    await web.body?.cancel();
  });

  it("reads a body that arrives in pieces, in order, to its end", async () => {
    const whole = Buffer.from(Array.from({ length: 200_000 }, (_, i) => i % 251));
    handler = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      for (let at = 0; at < whole.length; at += 1000) res.write(whole.subarray(at, at + 1000));
      res.end();
    };
    const res = await nodeFetch(new URL("/pieces", base), { method: "GET" });
    const chunks: Uint8Array[] = [];
    for await (const chunk of res.body!) chunks.push(chunk);
    expect(Buffer.concat(chunks).equals(whole)).toBe(true);
  });

  it("errors a body aborted after it arrived but before it was read: never a cut body that ends cleanly", async () => {
    // Chunked, no length to check against, in pieces small enough that node:http parses the end of
    // the message into its own buffer while the socket is paused for the reader: it drops that part
    // at the abort and would end the message as if whole (17 of 48 KiB arrived, "done").
    handler = (_req, res) => {
      res.writeHead(200, { "content-type": "application/pdf" });
      for (let i = 0; i < 48; i++) res.write(Buffer.alloc(1024, 0x41));
      res.end();
    };
    const abort = new AbortController();
    const res = await nodeFetch(new URL("/late-abort", base), { method: "GET", signal: abort.signal });
    const reader = res.body!.getReader();
    await reader.read();
    await new Promise((r) => setTimeout(r, 100));
    // The abort's own reason: a connection reset on the way would fail with another error.
    abort.abort(new Error("sentinel abort"));
    const drained = (async () => {
      for (;;) if ((await reader.read()).done) return "ended";
    })();
    await expect(drained).rejects.toThrow("sentinel abort");
  });

  it("keeps the bytes of an answer it cannot parse out of the error and its causes", async () => {
    const canary = "CANARY-raw-provider-bytes";
    const raw = createNetServer((socket) => {
      socket.on("error", () => undefined);
      socket.once("data", () => socket.end(`HTTP/1.1 200 OK\r\nX-Note: ${canary}\u0001\r\nContent-Length: 2\r\n\r\n{}`));
    });
    await new Promise<void>((resolve) => raw.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(raw.address() as AddressInfo).port}/broken`;
      const err = await failure(core().json(call(url), Body));
      expect(err).toMatchObject({ kind: "unavailable", reason: "network" });
      expect(textsAlong(err).some((t) => t.includes(canary))).toBe(false);
    } finally {
      await new Promise((resolve) => raw.close(resolve));
    }
  });

  it("ends a call whose connection closes with no answer (a 101 upgrade) instead of waiting forever", async () => {
    const raw = createNetServer((socket) => {
      socket.on("error", () => undefined);
      socket.once("data", () => socket.write("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n"));
    });
    await new Promise<void>((resolve) => raw.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(raw.address() as AddressInfo).port}/upgrade`;
      // No deadline of its own: only the closed connection can end it (else the test times out).
      const err = await failure(core().json(call(url), Body));
      expect(err).toMatchObject({ kind: "unavailable", reason: "network" });
    } finally {
      await new Promise((resolve) => raw.close(resolve));
    }
  });

  it("takes a 204 without a body, and refuses a URL that is not http or https", async () => {
    handler = (_req, res) => {
      res.writeHead(204);
      res.end();
    };
    const res = await nodeFetch(new URL("/empty", base), { method: "GET" });
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    await expect(nodeFetch(new URL("file:///etc/passwd"), { method: "GET" })).rejects.toThrow(/only http and https/);
  });
});
