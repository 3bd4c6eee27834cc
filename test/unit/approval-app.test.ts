import { PassThrough } from "node:stream";
import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { createApprovalApp, MAX_FORM_BYTES, SECURITY_HEADERS } from "../../broker/writes/approval-app.js";
import { answerClientError } from "../../broker/writes/approval-page.js";
import { ApprovalRegistry } from "../../broker/writes/approvals.js";
import type { Logger } from "../../shared/logger.js";
import { approvalDisplay, hashOf } from "../fixtures/approval-display.js";
import { TEST_EPOCH } from "../fixtures/clock.js";
import { CLICK } from "../integration/helpers/approval-click.js";

// Each middleware of the approval page driven in-process with app.request(); the real socket,
// browser and flood cases are test/integration/approval-page*.test.ts and test/e2e/approval-*.

const HOST = "127.0.0.1:4321";
const ORIGIN = `http://${HOST}`;

describe("the approval page app, in-process", () => {
  const aborts: AbortController[] = [];
  afterEach(() => aborts.splice(0).forEach((ac) => ac.abort()));

  function setup(logger?: Logger): { registry: ApprovalRegistry; app: ReturnType<typeof createApprovalApp>; url: string } {
    const registry = new ApprovalRegistry({ now: () => TEST_EPOCH, timeoutMs: 60_000 });
    const app = createApprovalApp(registry, { host: () => HOST, nonceKey: Buffer.alloc(32, 7), now: () => TEST_EPOCH, ...(logger ? { logger } : {}) });
    const hash = hashOf("in-process");
    const ac = new AbortController();
    aborts.push(ac);
    void registry.waitForDecision(hash, approvalDisplay(), ac.signal);
    return { registry, app, url: `${ORIGIN}/approve/${registry.mintPageToken(hash).token}` };
  }

  const get = (app: ReturnType<typeof createApprovalApp>, url: string, headers: Record<string, string> = {}): Promise<Response> => Promise.resolve(app.request(url, { headers: { host: HOST, ...headers } }));

  async function nonce(app: ReturnType<typeof createApprovalApp>, url: string): Promise<string> {
    return /name="nonce" value="([^"]+)"/.exec(await (await get(app, url)).text())?.[1] ?? "";
  }

  function post(app: ReturnType<typeof createApprovalApp>, url: string, body: string, headers: Record<string, string | undefined> = {}): Promise<Response> {
    const all = { host: HOST, origin: ORIGIN, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded", ...CLICK, ...headers };
    return Promise.resolve(app.request(url, { method: "POST", body, headers: Object.fromEntries(Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined)) }));
  }

  it("host check: any Host but ours is 421, before the path is looked at", async () => {
    const { app, url } = setup();
    expect((await get(app, url, { host: "localhost:4321" })).status).toBe(421);
    expect((await get(app, `${ORIGIN}/nothing`, { host: "evil.example" })).status).toBe(421);
    expect((await get(app, url)).status).toBe(200);
  });

  it("token path: other paths, percent-encoded tokens and foreign absolute URLs are 404", async () => {
    const { app, url } = setup();
    const token = url.split("/").pop() ?? "";
    expect((await get(app, `${ORIGIN}/`)).status).toBe(404);
    expect((await get(app, `${ORIGIN}/approve/short`)).status).toBe(404);
    expect((await get(app, `${ORIGIN}/approve/%41${token.slice(1)}`)).status).toBe(404);
    expect((await get(app, `http://evil.example/approve/${token}`)).status).toBe(404);
  });

  it("methods: HEAD, PUT and OPTIONS are 405 with Allow, GET never decides", async () => {
    const { app, url, registry } = setup();
    for (const method of ["HEAD", "PUT", "OPTIONS"]) {
      const res = await app.request(url, { method, headers: { host: HOST } });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, POST");
    }
    expect((await get(app, `${url}?decision=approve`)).status).toBe(200);
    expect(registry.byHash(hashOf("in-process"))).toBeDefined();
  });

  it("same origin: a foreign Origin or a Sec-Fetch-Site other than same-origin is 403", async () => {
    const { app, url } = setup();
    const n = await nonce(app, url);
    expect((await post(app, url, `decision=approve&nonce=${n}`, { origin: "http://evil.example" })).status).toBe(403);
    expect((await post(app, url, `decision=approve&nonce=${n}`, { "sec-fetch-site": "same-site" })).status).toBe(403);
    expect((await post(app, url, `decision=approve&nonce=${n}`, { origin: "null", "sec-fetch-site": undefined })).status).toBe(403);
  });

  it("the person's click: a same-origin fetch that is no navigation is 403 and says to press a button", async () => {
    const { app, url } = setup();
    const res = await post(app, url, `decision=approve&nonce=${await nonce(app, url)}`, { "sec-fetch-mode": "cors" });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("Press a button on the page to decide");
  });

  it("form body: not urlencoded is 415, past the cap is 413 with Connection: close", async () => {
    const { app, url, registry } = setup();
    const n = await nonce(app, url);
    expect((await post(app, url, `decision=approve&nonce=${n}`, { "content-type": "text/plain" })).status).toBe(415);
    const big = await post(app, url, `decision=approve&nonce=${n}&pad=${"x".repeat(MAX_FORM_BYTES)}`);
    expect(big.status).toBe(413);
    expect(big.headers.get("connection")).toBe("close");
    expect(registry.byHash(hashOf("in-process"))).toBeDefined();
  });

  it("decides once: the nonce of the rendered page approves, the same link then says used (410)", async () => {
    const { app, url, registry } = setup();
    const n = await nonce(app, url);
    expect((await post(app, url, `decision=approve&nonce=${n.replace(/^./, (c) => (c === "A" ? "B" : "A"))}`)).status).toBe(403);
    const ok = await post(app, url, `decision=approve&nonce=${n}`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("Approved");
    expect(registry.byHash(hashOf("in-process"))).toBeUndefined();
    expect((await post(app, url, `decision=approve&nonce=${n}`)).status).toBe(410);
    expect((await get(app, url)).status).toBe(410);
  });

  it("every answer, a thrown error's 500 included, carries the security headers and its length", async () => {
    const warned: unknown[] = [];
    const logger = { debug() {}, info() {}, warn: (fields: unknown) => void warned.push(fields), error() {} } as unknown as Logger;
    const { app, url, registry } = setup(logger);
    const answers = [await get(app, url), await get(app, `${ORIGIN}/`), await get(app, url, { host: "x" }), await app.request(url, { method: "PUT", headers: { host: HOST } })];
    registry.pageTokenHash = () => {
      throw new TypeError("boom");
    };
    const failed = await get(app, url);
    expect(failed.status).toBe(500);
    expect(warned).toEqual([{ event: "approval_page_error", error: "TypeError" }]);
    for (const res of [...answers, failed]) {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers.get(name), `${res.status} ${name}`).toBe(value);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(Number(res.headers.get("content-length"))).toBe(Buffer.byteLength(await res.text()));
    }
  });
});

describe("answerClientError", () => {
  const socket = (): PassThrough & { written: string } => {
    const s = Object.assign(new PassThrough(), { written: "" });
    s.on("data", (c: Buffer) => (s.written += c.toString()));
    s.on("error", () => undefined); // Node hangs a no-op listener on the socket before clientError.
    return s;
  };

  it("answers as Node does when no answer is in flight: 400, 431 for big headers", () => {
    const a = socket();
    answerClientError(Object.assign(new Error("bad"), { code: "HPE_INVALID_METHOD" }), a, undefined);
    expect(a.written).toBe("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
    expect(a.destroyed).toBe(true);
    const b = socket();
    answerClientError(Object.assign(new Error("big"), { code: "HPE_HEADER_OVERFLOW" }), b, undefined);
    expect(b.written).toMatch(/^HTTP\/1\.1 431 /);
  });

  it("lets the app's answer in flight finish first, then closes without writing a 400", () => {
    const s = socket();
    const res = new PassThrough() as unknown as ServerResponse;
    Object.defineProperty(res, "writableFinished", { value: false });
    answerClientError(Object.assign(new Error("data after close"), { code: "HPE_CLOSED_CONNECTION" }), s, res);
    expect(s.destroyed).toBe(false);
    res.emit("close");
    expect(s.destroyed).toBe(true);
    expect(s.written).toBe("");
  });

  it("does not wait on the app for anything but bytes after a closed request: a timeout answers 408 and closes", () => {
    const s = socket();
    const res = new PassThrough() as unknown as ServerResponse;
    Object.defineProperty(res, "writableFinished", { value: false });
    answerClientError(Object.assign(new Error("timeout"), { code: "ERR_HTTP_REQUEST_TIMEOUT" }), s, res);
    expect(s.written).toMatch(/^HTTP\/1\.1 408 /);
    expect(s.destroyed).toBe(true);
  });

  it("bounds the wait for the app's answer in flight", async () => {
    const s = socket();
    const res = new PassThrough() as unknown as ServerResponse;
    Object.defineProperty(res, "writableFinished", { value: false });
    answerClientError(Object.assign(new Error("data after close"), { code: "HPE_CLOSED_CONNECTION" }), s, res, 20);
    expect(s.destroyed).toBe(false);
    await new Promise((r) => setTimeout(r, 60));
    expect(s.destroyed).toBe(true);
    expect(s.written).toBe("");
  });
});
