import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page, type Response } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PAGE_TOKEN_TTL_MS } from "../../broker/writes/approvals.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { HOTELS_WRITE_ROUTES } from "../../shared/http/routes.js";
import { connectBroker, type BrokerConnection } from "../../shared/protocol/client.js";
import { testClock } from "../fixtures/clock.js";
import { decideNextApproval, signIn, startInProcessBroker, type RunningBroker } from "../fixtures/in-process-broker.js";
import { findRate } from "../integration/helpers/bookable-rate.js";
import { brokerEnv, outcome, prepare, type Outcome, type Prepared } from "../integration/helpers/writes-broker.js";

// The one-time approval page as the person uses it: Debian's chromium (playwright-core) against a
// real broker with its write gates on and the sandbox. Every header the page judges is the one the
// browser sent by itself. A second local server on another port (another origin; "localhost" makes
// it another site too) plays the hostile page, and knows the page's nonce, as a model that read the
// page would. `npm test` installs chromium first (npm run test:setup).
const CHROMIUM = "/usr/bin/chromium";
const CI = process.env.CI === "true";
const MISSING = !existsSync(CHROMIUM);
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const GATES = {
  TBANK_HOTELS_ENABLE_MUTATIONS: "true",
  TBANK_HOTELS_MUTATION_EXECUTION_PROFILE: "non_production_v1_reviewed",
  TBANK_HOTELS_TRUSTED_REAL_IP: "203.0.113.77",
  TBANK_AUTH_BROKER_APPROVAL_TIMEOUT_MS: "60000",
};
const WRITE_ROUTE_IDS = Object.keys(HOTELS_WRITE_ROUTES).filter((id) => id !== "write_request");

interface Asked {
  p: Prepared;
  url: string;
  run: Promise<Outcome>;
}

/** Pages that decide without the person: each posts decision=approve with the page's nonce to the approval URL. */
function hostilePages(url: string, nonce: string): Record<string, string> {
  const form = (target = "_self"): string =>
    `<form id="f" method="post" target="${target}" action="${url}"><input name="decision" value="approve"><input name="nonce" value="${nonce}"></form><script>document.getElementById("f").submit()</script>`;
  const body = JSON.stringify(`decision=approve&nonce=${encodeURIComponent(nonce)}`);
  const fetchWith = (mode: string): string => `<script>fetch(${JSON.stringify(url)}, { method: "POST", mode: "${mode}", headers: { "content-type": "application/x-www-form-urlencoded" }, body: ${body} }).catch(() => undefined)</script>`;
  return {
    "/form": form(),
    // No referrer: the browser sends Origin: null, as it does for the approval page's own form.
    "/form-no-referrer": `<meta name="referrer" content="no-referrer">${form()}`,
    // An opaque origin (a sandboxed frame) also sends Origin: null; its form loads into the whole tab.
    "/sandboxed-frame": `<iframe sandbox="allow-forms allow-scripts allow-top-navigation" srcdoc="${form("_top").replace(/"/g, "&quot;")}"></iframe>`,
    "/fetch-no-cors": fetchWith("no-cors"),
    "/fetch-cors": fetchWith("cors"),
  };
}

describe.skipIf(MISSING && !CI)(MISSING ? `the approval page in a real browser: skipped, ${CHROMIUM} is missing (apt-get install chromium)` : "the approval page in a real browser", () => {
  const clock = testClock();
  let sandbox: Sandbox;
  let root: string;
  let socketPath: string;
  let broker: RunningBroker;
  let browser: BrowserContext;
  let hostile: Server;
  let hostilePort: number;
  const served = new Map<string, string>();
  const conns: BrokerConnection[] = [];

  const writes = (): number => WRITE_ROUTE_IDS.reduce((n, id) => n + sandbox.control.requestCount(id), 0);

  /** A new hotels connection per call: the broker closes idle ones, and one left waiting by a failed test must not hold up the next. */
  async function connect(): Promise<BrokerConnection> {
    const conn = await connectBroker({ socketPath, role: "hotels", clientVersion: "test", timeoutMs: 90_000 });
    conns.push(conn);
    return conn;
  }

  async function execute(p: Prepared): Promise<Outcome> {
    return outcome((await connect()).call("hotels.execute_write_v1", p));
  }

  /** The model prepares a booking, gets the page's URL and executes; the execute waits for the person. */
  async function askToBook(): Promise<Asked> {
    const { request } = await findRate(sandbox, clock);
    const p = prepare(clock, { kind: "booking", request });
    const hotels = await connect();
    const { approvalUrl } = await hotels.call("hotels.open_write_approval_v1", { requestHash: p.requestHash, kind: "booking" });
    hotels.close();
    if (approvalUrl === null) throw new Error("the broker served no approval page");
    return { p, url: approvalUrl, run: execute(p) };
  }

  /** The person opens the link; the page refreshes itself until the request has reached the broker. */
  async function open(url: string): Promise<Page> {
    const page = await browser.newPage();
    await page.goto(url);
    await page.getByRole("button", { name: "Подтвердить / Approve" }).waitFor({ timeout: 15_000 });
    return page;
  }

  /** Presses a button on the page; resolves with the broker's answer to the form post it sends. */
  async function press(page: Page, button: "Подтвердить / Approve" | "Отклонить / Deny"): Promise<Response> {
    const [answer] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), page.getByRole("button", { name: button }).click()]);
    await page.waitForLoadState();
    return answer;
  }

  /**
   * Opens `address` in `tab` and resolves with the status the broker gave the POST it makes to
   * `target`. Playwright reports the answers a page or frame receives; chromium's raw network
   * events also report the one a cors fetch receives but may not read.
   */
  async function answerTo(tab: Page, address: string, target: string): Promise<number> {
    const cdp = await tab.context().newCDPSession(tab);
    // The raw answer may be reported before the request it answers: match them whichever comes first.
    const posts = new Set<string>();
    const statuses = new Map<string, number>();
    const raw = new Promise<number>((resolve) => {
      const settle = (id: string): void => {
        const status = statuses.get(id);
        if (posts.has(id) && status !== undefined) resolve(status);
      };
      cdp.on("Network.requestWillBeSent", (e) => {
        if (e.request.url === target && e.request.method === "POST") posts.add(e.requestId);
        settle(e.requestId);
      });
      cdp.on("Network.responseReceivedExtraInfo", (e) => {
        statuses.set(e.requestId, e.statusCode);
        settle(e.requestId);
      });
    });
    await cdp.send("Network.enable");
    const seen = tab.waitForResponse((r) => r.url() === target && r.request().method() === "POST", { timeout: 20_000 }).then((r) => r.status());
    await tab.goto(address);
    const status = await Promise.race([seen, raw]);
    seen.catch(() => undefined);
    await cdp.detach();
    return status;
  }

  async function pendingHashes(): Promise<string[]> {
    const toolkit = await connectBroker({ socketPath, role: "toolkit", clientVersion: "test", timeoutMs: 10_000 });
    try {
      return (await toolkit.call("broker.list_approvals", {})).pending.map((a) => a.requestHash);
    } finally {
      toolkit.close();
    }
  }

  beforeAll(async () => {
    if (MISSING) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium); npm run test:setup does it as root`);
    sandbox = await startSandbox({ seed: "approval-browser", deviceIntervalSeconds: 0, now: clock.now });
    root = await mkdtemp(join(tmpdir(), "apbrowser-"));
    let config;
    ({ socketPath, config } = brokerEnv(root, sandbox, GATES));
    broker = await startInProcessBroker(config, { now: clock.now, selfPeer: true });
    await signIn(socketPath, sandbox);
    hostile = createServer((req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(served.get(req.url ?? "") ?? "");
    });
    await new Promise<void>((resolve) => hostile.listen(0, "127.0.0.1", resolve));
    hostilePort = (hostile.address() as AddressInfo).port;
    browser = await chromium.launchPersistentContext(join(root, "profile"), { executablePath: CHROMIUM, headless: true, args: ARGS });
  }, 60_000);

  // A failed test may leave its request waiting, and a waiting write holds up the next: deny it as the person would.
  afterEach(async () => {
    for (const requestHash of await pendingHashes()) await decideNextApproval(socketPath, "deny", { requestHash });
  });

  afterAll(async () => {
    await browser?.close();
    await broker?.stop("test done");
    for (const conn of conns) conn.close();
    hostile?.close();
    await sandbox?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it("the person's click approves, the booking is made once, and a reload or a second visit decides nothing", async () => {
    sandbox.control.resetCounters();
    const { url, run } = await askToBook();
    const page = await open(url);
    expect(await page.locator("h1").innerText()).toBe("Подтвердите запрос / Approve this request");

    const answer = await press(page, "Подтвердить / Approve");
    expect(answer.status()).toBe(200);
    expect(await page.locator("h1").innerText()).toBe("Подтверждено / Approved");
    expect(await run).toMatchObject({ ok: true, result: { outcome: "committed", facts: { kind: "booking" } } });
    expect(sandbox.control.commitCount("create_booking")).toBe(1);

    // Reloading the answer sends the same form (and nonce) again: the link is spent. A reload is
    // browser-initiated, so chromium marks it a user navigation, as it does the click.
    const [again] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), page.reload()]);
    expect(again.status()).toBe(410);
    const resent = await again.request().allHeaders();
    expect([resent["sec-fetch-site"], resent["sec-fetch-mode"], resent["sec-fetch-dest"], resent["sec-fetch-user"]]).toEqual(["same-origin", "navigate", "document", "?1"]);
    expect(await page.locator("h1").innerText()).toBe("Эта ссылка уже использована / This link has already been used");
    const visit = await page.goto(url);
    expect(visit?.status()).toBe(410);
    expect(await page.locator("form").count()).toBe(0);
    expect(sandbox.control.requestCount("create_booking")).toBe(1);
    expect(writes()).toBe(1);
    await page.close();
  }, 60_000);

  it("a second submit from a page shown before the decision is refused: one booking", async () => {
    sandbox.control.resetCounters();
    const { url, run } = await askToBook();
    const first = await open(url);
    const second = await open(url);
    expect((await press(first, "Подтвердить / Approve")).status()).toBe(200);
    expect(await run).toMatchObject({ ok: true, result: { outcome: "committed" } });
    const late = await press(second, "Подтвердить / Approve");
    expect(late.status()).toBe(410);
    expect(await second.locator("h1").innerText()).toContain("This link has already been used");
    expect(sandbox.control.requestCount("create_booking")).toBe(1);
    expect(writes()).toBe(1);
    await first.close();
    await second.close();
  }, 60_000);

  it("pages on another origin that submit a form or fetch the approval URL are refused; the person's own click still approves once", async () => {
    sandbox.control.resetCounters();
    const { p, url, run } = await askToBook();
    const mine = await open(url);
    const nonce = await mine.locator('input[name="nonce"]').inputValue();
    for (const [path, html] of Object.entries(hostilePages(url, nonce))) served.set(path, html);

    for (const origin of [`http://127.0.0.1:${hostilePort}`, `http://localhost:${hostilePort}`]) {
      for (const path of served.keys()) {
        const tab = await browser.newPage();
        expect(await answerTo(tab, `${origin}${path}`, url), `${origin}${path}`).toBe(403);
        await tab.close();
      }
    }
    expect(await pendingHashes()).toContain(p.requestHash);
    expect(writes()).toBe(0);

    expect((await press(mine, "Подтвердить / Approve")).status()).toBe(200);
    expect(await run).toMatchObject({ ok: true, result: { outcome: "committed" } });
    expect(sandbox.control.requestCount("create_booking")).toBe(1);
    await mine.close();
  }, 90_000);

  it("a DNS-rebinding page (another name for 127.0.0.1 on the page's port) posting the same-origin form is refused", async () => {
    sandbox.control.resetCounters();
    const { p, url, run } = await askToBook();
    const mine = await open(url);
    const nonce = await mine.locator('input[name="nonce"]').inputValue();
    const target = new URL(url);
    const rebound = `http://rebind.test:${target.port}`;
    // The browser reaches rebind.test through this proxy, which plays both of the name's answers:
    // first the attacker's page, then (as a rebound DNS answer would) the broker's page server.
    const front = createServer((req, res) => {
      const path = new URL(req.url ?? "/", rebound).pathname;
      if (path !== target.pathname) {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end(`<meta name="referrer" content="no-referrer">${hostilePages(target.pathname, nonce)["/form"]}`);
        return;
      }
      const upstream = request({ host: "127.0.0.1", port: target.port, path, method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
    const proxied = await chromium.launchPersistentContext(join(root, "profile-rebind"), {
      executablePath: CHROMIUM,
      headless: true,
      args: ARGS,
      proxy: { server: `http://127.0.0.1:${(front.address() as AddressInfo).port}` },
    });
    try {
      const tab = await proxied.newPage();
      const posted = tab.waitForResponse((r) => r.url() === `${rebound}${target.pathname}` && r.request().method() === "POST");
      await tab.goto(`${rebound}/`);
      const answer = await posted;
      // Refused for its Host. It would be refused for its headers too: chromium sends Origin: null,
      // and no Sec-Fetch-Site at all to an http origin other than localhost/127.0.0.1.
      expect(answer.status()).toBe(421);
      const sent = await answer.request().allHeaders();
      expect(sent.origin).toBe("null");
      expect(sent["sec-fetch-site"]).toBeUndefined();
    } finally {
      await proxied.close();
      front.close();
    }
    expect(await pendingHashes()).toContain(p.requestHash);
    expect(writes()).toBe(0);
    expect((await press(mine, "Отклонить / Deny")).status()).toBe(200);
    expect(await run).toMatchObject({ ok: false, code: "approval_denied" });
    await mine.close();
  }, 60_000);

  it("a page rendered for an earlier request under the same link cannot approve the new one", async () => {
    sandbox.control.resetCounters();
    const { p, url, run } = await askToBook();
    const stale = await open(url);
    // The person denies in the terminal; the model asks again with the same request.
    await decideNextApproval(socketPath, "deny", { requestHash: p.requestHash });
    expect(await run).toMatchObject({ ok: false, code: "approval_denied" });
    const rerun = execute(p);
    await expect.poll(pendingHashes, { timeout: 10_000 }).toContain(p.requestHash);

    const answer = await press(stale, "Подтвердить / Approve");
    expect(answer.status()).toBe(403);
    expect(await stale.locator("h1").innerText()).toBe("Страница устарела, обновите её / This page is out of date; reload it");
    expect(await pendingHashes()).toContain(p.requestHash);
    await decideNextApproval(socketPath, "deny", { requestHash: p.requestHash });
    expect(await rerun).toMatchObject({ ok: false, code: "approval_denied" });
    expect(writes()).toBe(0);
    await stale.close();
  }, 60_000);

  it("a page left open past the link's lifetime cannot approve", async () => {
    sandbox.control.resetCounters();
    const { url, run } = await askToBook();
    const page = await open(url);
    clock.advance(PAGE_TOKEN_TTL_MS);
    const answer = await press(page, "Подтвердить / Approve");
    expect(answer.status()).toBe(404);
    expect(await page.locator("h1").innerText()).toBe("Страница не найдена / Not found");
    // The request itself may have timed out meanwhile (the clock moved); if not, the person denies it.
    for (const requestHash of await pendingHashes()) await decideNextApproval(socketPath, "deny", { requestHash });
    expect(await run).toMatchObject({ ok: false });
    expect(writes()).toBe(0);
    await page.close();
  }, 60_000);
});
