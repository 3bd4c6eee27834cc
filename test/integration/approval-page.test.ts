import { request } from "node:http";
import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startApprovalPage } from "../../broker/writes/approval-page.js";
import { ApprovalRegistry, PAGE_TOKEN_TTL_MS, type ApprovalDecision, type ApprovalPageServer } from "../../broker/writes/approvals.js";
import type { ApprovalDisplay } from "../../shared/protocol/ops-hotels-writes.js";
import { approvalDisplay as display, hashOf } from "../fixtures/approval-display.js";
import { TEST_EPOCH } from "../fixtures/clock.js";
import { CLICK } from "./helpers/approval-click.js";

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** node:http rather than fetch: these tests must set Host, Origin and Sec-Fetch-Site themselves. */
function http(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: u.hostname, port: u.port, path: `${u.pathname}${u.search}`, method: init.method ?? "GET", headers: init.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

describe("the loopback approval page", () => {
  let clock = TEST_EPOCH;
  const pages: ApprovalPageServer[] = [];
  const aborts: AbortController[] = [];

  async function setup(): Promise<{ registry: ApprovalRegistry; page: ApprovalPageServer; origin: string; host: string }> {
    clock = TEST_EPOCH;
    const registry = new ApprovalRegistry({ now: () => clock, timeoutMs: 60_000 });
    const page = await startApprovalPage(registry, { now: () => clock });
    pages.push(page);
    const origin = new URL(page.urlFor("x")).origin;
    return { registry, page, origin, host: new URL(origin).host };
  }

  /** Registers `d` under `hash` as an execute would, and records the decision the waiter gets. */
  function pending(registry: ApprovalRegistry, hash: string, d: ApprovalDisplay = display()): { decision: Promise<ApprovalDecision>; settled: () => ApprovalDecision | undefined } {
    const ac = new AbortController();
    aborts.push(ac);
    let settled: ApprovalDecision | undefined;
    const decision = registry.waitForDecision(hash, d, ac.signal);
    void decision.then((x) => (settled = x));
    return { decision, settled: () => settled };
  }

  function nonceIn(body: string): string {
    const m = /name="nonce" value="([^"]+)"/.exec(body);
    if (!m?.[1]) throw new Error("the page has no nonce field");
    return m[1];
  }

  /** A form POST as a browser sends it for a click on the page; a header given as undefined is left out. */
  function post(url: string, form: Record<string, string>, headers: Record<string, string | undefined> = {}): Promise<Reply> {
    const origin = new URL(url).origin;
    const all = { "content-type": "application/x-www-form-urlencoded", origin, "sec-fetch-site": "same-origin", ...CLICK, ...headers };
    return http(url, {
      method: "POST",
      headers: Object.fromEntries(Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined)),
      body: new URLSearchParams(form).toString(),
    });
  }

  afterEach(async () => {
    for (const ac of aborts.splice(0)) ac.abort();
    for (const p of pages.splice(0)) await p.close();
  });

  it("renders the pending request bound to the token: every display field, the hash prefix, two buttons", async () => {
    const { registry, page } = await setup();
    const hash = hashOf("render");
    pending(registry, hash);
    const url = page.urlFor(registry.mintPageToken(hash).token);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/approve\/[A-Za-z0-9_-]{43}$/);
    const res = await http(url);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    for (const text of ["Book 1 room", "Гостиница Волга", "2027-04-10", "2027-04-12", "Anna Petrova", "Ivan Petrov", "anna@example.test, +79001234567", "Standard double, breakfast", "12345.67 RUB", "Free cancellation until 2027-04-08", "One booking is created at the provider", "The price is held for payment"]) {
      expect(res.body).toContain(text);
    }
    expect(res.body).toContain(hash.slice(0, 12));
    expect(res.body).not.toContain(hash.slice(0, 13));
    expect(res.body).toMatch(/<form method="post" action="\/approve\/[A-Za-z0-9_-]+">/);
    expect(res.body).toMatch(/name="decision" value="approve">Подтвердить \/ Approve/);
    expect(res.body).toMatch(/name="decision" value="deny">Отклонить \/ Deny/);
    expect(res.body).not.toMatch(/<script|http-equiv="refresh"/);
  });

  it("says it is waiting and refreshes every 2 s until the execute registers the request", async () => {
    const { registry, page } = await setup();
    const hash = hashOf("waiting");
    const url = page.urlFor(registry.mintPageToken(hash).token);
    const before = await http(url);
    expect(before.status).toBe(200);
    expect(before.body).toContain("Waiting for the request…");
    expect(before.body).toContain('<meta http-equiv="refresh" content="2">');
    expect(before.body).not.toContain("<form");
    pending(registry, hash);
    const after = await http(url);
    expect(after.body).toContain("Гостиница Волга");
    expect(after.body).not.toContain("http-equiv");
  });

  it("approves through the POST form: the registry settles and the waiting execute hears approved", async () => {
    const { registry, page } = await setup();
    const hash = hashOf("approve");
    const waiter = pending(registry, hash);
    const url = page.urlFor(registry.mintPageToken(hash).token);
    const nonce = nonceIn((await http(url)).body);
    const res = await post(url, { decision: "approve", nonce });
    expect(res.status).toBe(200);
    expect(res.body).toContain("Approved");
    await expect(waiter.decision).resolves.toBe("approved");
    expect(registry.byHash(hash)).toBeUndefined();
  });

  it("denies through the POST form: the waiting execute hears denied", async () => {
    const { registry, page } = await setup();
    const hash = hashOf("deny");
    const waiter = pending(registry, hash);
    const url = page.urlFor(registry.mintPageToken(hash).token);
    const nonce = nonceIn((await http(url)).body);
    // What chromium and firefox send for the page's own form under its Referrer-Policy: no-referrer
    // (test/e2e/approval-browser.test.ts drives the real browser).
    const res = await post(url, { decision: "deny", nonce }, { origin: "null", "sec-fetch-site": "same-origin" });
    expect(res.status).toBe(200);
    expect(res.body).toContain("Nothing was sent");
    await expect(waiter.decision).resolves.toBe("denied");
  });

  it("uses a token once: a second POST and a later GET say it is used, and decide nothing", async () => {
    const { registry, page } = await setup();
    const hash = hashOf("one-time");
    pending(registry, hash);
    const url = page.urlFor(registry.mintPageToken(hash).token);
    const nonce = nonceIn((await http(url)).body);
    expect((await post(url, { decision: "deny", nonce })).status).toBe(200);
    // The model calls execute again: the same hash waits anew. The spent link must not decide it.
    const again = pending(registry, hash);
    const second = await post(url, { decision: "approve", nonce });
    expect(second.status).toBe(410);
    expect(second.body).toContain("already been used");
    const reload = await http(url);
    expect(reload.status).toBe(410);
    expect(reload.body).not.toContain("<form");
    expect(registry.byHash(hash)).toBeDefined();
    expect(again.settled()).toBeUndefined();
  });

  it("refuses any Host but 127.0.0.1:<port> (DNS rebinding), for GET and POST", async () => {
    const { registry, page, origin } = await setup();
    const hash = hashOf("host");
    const waiter = pending(registry, hash);
    const url = page.urlFor(registry.mintPageToken(hash).token);
    const nonce = nonceIn((await http(url)).body);
    const port = new URL(origin).port;
    for (const host of [`localhost:${port}`, `evil.example:${port}`, "127.0.0.1", `127.0.0.1:${Number(port) + 1}`, `127.0.0.1.evil.example:${port}`]) {
      const get = await http(url, { headers: { host } });
      expect(get.status, host).toBe(421);
      expect(get.body).not.toContain("Гостиница");
      const res = await post(url, { decision: "approve", nonce }, { host, origin: `http://${host}` });
      expect(res.status, host).toBe(421);
    }
    expect(waiter.settled()).toBeUndefined();
    expect(registry.byHash(hash)).toBeDefined();
  });

  it("refuses cross-origin posts, a missing or foreign nonce and non-form bodies, and decides nothing", async () => {
    const { registry, page } = await setup();
    const hash = hashOf("csrf");
    const waiter = pending(registry, hash);
    const token = registry.mintPageToken(hash).token;
    const url = page.urlFor(token);
    const nonce = nonceIn((await http(url)).body);
    expect((await post(url, { decision: "approve", nonce }, { origin: "http://evil.example" })).status).toBe(403);
    expect((await post(url, { decision: "approve", nonce }, { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await post(url, { decision: "approve", nonce }, { "sec-fetch-site": "same-site" })).status).toBe(403);
    // Origin: null is the page's own form only when the browser also says same-origin; a sandboxed
    // frame or a no-referrer page elsewhere says cross-site or same-site (test/e2e/approval-browser).
    for (const site of ["cross-site", "same-site", "none", undefined]) {
      expect((await post(url, { decision: "approve", nonce }, { origin: "null", "sec-fetch-site": site })).status, String(site)).toBe(403);
    }
    // An HTTP client that read the page but is no browser: neither header, or only one of them.
    expect((await post(url, { decision: "approve", nonce }, { origin: undefined, "sec-fetch-site": undefined })).status).toBe(403);
    expect((await post(url, { decision: "approve", nonce }, { "sec-fetch-site": undefined })).status).toBe(403);
    expect((await post(url, { decision: "approve", nonce }, { origin: undefined })).status).toBe(403);
    expect((await post(url, { decision: "approve" })).status).toBe(403);
    expect((await post(url, { decision: "approve", nonce: nonce.replace(/^./, (c) => (c === "A" ? "B" : "A")) })).status).toBe(403);
    // A nonce from another link's page does not carry over.
    const other = hashOf("csrf-other");
    pending(registry, other);
    const otherNonce = nonceIn((await http(page.urlFor(registry.mintPageToken(other).token))).body);
    expect((await post(url, { decision: "approve", nonce: otherNonce })).status).toBe(403);
    // text/plain is what a cross-site no-cors fetch may send without a preflight.
    const plain = await http(url, { method: "POST", headers: { "content-type": "text/plain", origin: new URL(url).origin, "sec-fetch-site": "same-origin", ...CLICK }, body: `decision=approve&nonce=${nonce}` });
    expect(plain.status).toBe(415);
    expect((await post(url, { decision: "approve", nonce, pad: "x".repeat(5000) })).status).toBe(413);
    expect((await post(url, { decision: "maybe", nonce })).status).toBe(400);
    expect(waiter.settled()).toBeUndefined();
    expect(registry.byHash(hash)).toBeDefined();
    // The link still works for the person after all of that.
    expect((await post(url, { decision: "approve", nonce })).status).toBe(200);
    await expect(waiter.decision).resolves.toBe("approved");
  });

  it("never decides on GET (a GET-only fetch tool can read the page, not approve), nor on other methods", async () => {
    const { registry, page } = await setup();
    const hash = hashOf("get-only");
    const waiter = pending(registry, hash);
    const url = page.urlFor(registry.mintPageToken(hash).token);
    const nonce = nonceIn((await http(url)).body);
    for (let i = 0; i < 3; i++) expect((await http(`${url}?decision=approve&nonce=${encodeURIComponent(nonce)}`)).status).toBe(200);
    for (const method of ["PUT", "DELETE", "PATCH", "HEAD"]) {
      const res = await http(url, { method, headers: { "content-type": "application/x-www-form-urlencoded" }, body: method === "HEAD" ? undefined : `decision=approve&nonce=${nonce}` });
      expect(res.status, method).toBe(405);
    }
    expect(waiter.settled()).toBeUndefined();
    expect(registry.byHash(hash)).toBeDefined();
    expect(registry.pageTokenHash(new URL(url).pathname.split("/").pop() ?? "")).toBe(hash);
  });

  it("escapes a hostile hotel name and every other provider or person string", async () => {
    const { registry, page } = await setup();
    const hash = hashOf("hostile");
    pending(
      registry,
      hash,
      display({
        hotel: `<script>alert("hotel")</script>`,
        rate: `"><img src=x onerror=alert(1)>`,
        guests: [`<b onmouseover='x'>Eve</b>`],
        cancellation: `</dd><form action="http://evil.example"><button>`,
        effects: [`<iframe src="http://evil.example">`],
        action: `Book & <pay>`,
      }),
    );
    const res = await http(page.urlFor(registry.mintPageToken(hash).token));
    expect(res.status).toBe(200);
    expect(res.body).not.toMatch(/<script|<img|<iframe|<b |evil\.example"/);
    expect(res.body).toContain("&lt;script&gt;alert(&quot;hotel&quot;)&lt;/script&gt;");
    expect(res.body).toContain("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;");
    expect(res.body).toContain("&lt;b onmouseover=&#39;x&#39;&gt;Eve&lt;/b&gt;");
    expect(res.body).toContain("Book &amp; &lt;pay&gt;");
    expect(res.body.match(/<form /g)).toHaveLength(1);
  });

  it("refuses a same-origin post that is not the person's click (a service worker's fetch, a script's submit) and decides nothing", async () => {
    const { registry, page } = await setup();
    const hash = hashOf("not-a-click");
    const waiter = pending(registry, hash);
    const url = page.urlFor(registry.mintPageToken(hash).token);
    const nonce = nonceIn((await http(url)).body);
    const forged: Record<string, Record<string, string | undefined>> = {
      "no Sec-Fetch-Mode": { "sec-fetch-mode": undefined },
      "a worker's fetch (same-origin mode)": { "sec-fetch-mode": "same-origin", "sec-fetch-dest": "empty", "sec-fetch-user": undefined },
      "a cors fetch": { "sec-fetch-mode": "cors", "sec-fetch-dest": "empty", "sec-fetch-user": undefined },
      "no Sec-Fetch-Dest": { "sec-fetch-dest": undefined },
      "into a frame": { "sec-fetch-dest": "iframe" },
      "no Sec-Fetch-User (a script's submit)": { "sec-fetch-user": undefined },
      "Sec-Fetch-User other than ?1": { "sec-fetch-user": "?0" },
    };
    for (const [name, headers] of Object.entries(forged)) {
      const res = await post(url, { decision: "approve", nonce }, headers);
      expect(res.status, name).toBe(403);
      expect(res.body, name).toContain("Press a button on the page to decide");
    }
    expect(waiter.settled()).toBeUndefined();
    expect(registry.byHash(hash)).toBeDefined();
    expect((await post(url, { decision: "approve", nonce })).status).toBe(200);
    await expect(waiter.decision).resolves.toBe("approved");
  });

  it("sends the security headers on every answer: page, waiting, 404, 421, 403", async () => {
    const { registry, page, origin } = await setup();
    const hash = hashOf("headers");
    const waitingUrl = page.urlFor(registry.mintPageToken(hashOf("headers-later")).token);
    pending(registry, hash);
    const url = page.urlFor(registry.mintPageToken(hash).token);
    const answers = [
      await http(url),
      await http(waitingUrl),
      await http(`${origin}/approve/${"A".repeat(43)}`),
      await http(`${origin}/`),
      await http(url, { headers: { host: "evil.example" } }),
      await post(url, { decision: "approve" }, { origin: "http://evil.example" }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 404, 404, 421, 403]);
    for (const a of answers) {
      expect(a.headers["content-security-policy"]).toBe("default-src 'none'; style-src 'unsafe-inline'; form-action 'self'");
      expect(a.headers["x-frame-options"]).toBe("DENY");
      expect(a.headers["referrer-policy"]).toBe("no-referrer");
      expect(a.headers["cache-control"]).toBe("no-store");
    }
  });

  it("answers an unknown or expired token with a bare 404", async () => {
    const { registry, page, origin } = await setup();
    const hash = hashOf("expired");
    const waiter = pending(registry, hash);
    const unknown = await http(`${origin}/approve/${"Z".repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).not.toMatch(/Гостиница|waiting|Waiting|<form/);
    const url = page.urlFor(registry.mintPageToken(hash).token);
    const nonce = nonceIn((await http(url)).body);
    clock += PAGE_TOKEN_TTL_MS;
    const expired = await http(url);
    expect(expired.status).toBe(404);
    expect(expired.body).not.toContain("Гостиница");
    expect(expired.body).not.toContain(hash.slice(0, 12));
    expect((await post(url, { decision: "approve", nonce })).status).toBe(404);
    expect(waiter.settled()).toBeUndefined();
  });

  it("closes the connection of a post whose body breaks mid-read, with Node's 400, instead of holding it", async () => {
    const { registry, page } = await setup();
    const hash = hashOf("broken-body");
    const waiter = pending(registry, hash);
    const url = new URL(page.urlFor(registry.mintPageToken(hash).token));
    const socket = connect(Number(url.port), url.hostname);
    let answer = "";
    socket.on("data", (c: Buffer) => (answer += c.toString()));
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    const headers = Object.entries({ host: url.host, origin: "null", "sec-fetch-site": "same-origin", ...CLICK, "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked" });
    // The app is reading the body when the chunk size turns out not to be hex.
    socket.write(`POST ${url.pathname} HTTP/1.1\r\n${headers.map(([k, v]) => `${k}: ${v}`).join("\r\n")}\r\n\r\n`);
    await new Promise((r) => setTimeout(r, 100));
    socket.write("zz\r\n");
    const outcome = await Promise.race([closed.then(() => "closed"), new Promise((r) => setTimeout(() => r("still open"), 3_000))]);
    socket.destroy();
    expect(outcome).toBe("closed");
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(waiter.settled()).toBeUndefined();
  });

  it("serves the page only at the target as sent: dot segments, encoded dots and absolute form are 404", async () => {
    const { registry, page } = await setup();
    const hash = hashOf("raw-target");
    pending(registry, hash);
    const url = new URL(page.urlFor(registry.mintPageToken(hash).token));
    const statusOf = (target: string): Promise<string> =>
      new Promise((resolve, reject) => {
        const socket = connect(Number(url.port), url.hostname);
        let answer = "";
        socket.on("data", (c: Buffer) => (answer += c.toString()));
        socket.on("error", reject);
        socket.on("close", () => resolve(answer.split(" ")[1] ?? ""));
        socket.write(`GET ${target} HTTP/1.1\r\nhost: ${url.host}\r\nconnection: close\r\n\r\n`);
      });
    expect(await statusOf(url.pathname)).toBe("200");
    expect(await statusOf(`/x/..${url.pathname}`)).toBe("404");
    expect(await statusOf(`/x/%2e%2e${url.pathname}`)).toBe("404");
    expect(await statusOf(url.href)).toBe("404");
  });
});
