import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApprovalPage } from "../../broker/writes/approval-page.js";
import { MAX_PAGE_TOKENS, type ApprovalDecision, type ApprovalRegistry } from "../../broker/writes/approvals.js";
import { parseConfig } from "../../shared/config/index.js";
import { connectBroker, type BrokerConnection } from "../../shared/protocol/client.js";
import { approvalDisplay, hashOf } from "../fixtures/approval-display.js";
import { testClock } from "../fixtures/clock.js";
import { startInProcessBroker, type RunningBroker } from "../fixtures/in-process-broker.js";
import { CLICK } from "./helpers/approval-click.js";

// One same-user client asking for approval page URLs as fast as it can: every call mints a page
// token. The table stays at its cap, and the person's own approval (waiting, or asked for after
// the flood) still opens and decides through its page.

function http(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; body: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path: u.pathname, method: init.method ?? "GET", headers: init.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

/** Opens the page as the person's browser does and presses one button. */
async function decideOnPage(url: string, decision: "approve" | "deny"): Promise<{ shown: number; decided: number }> {
  const page = await http(url);
  const nonce = /name="nonce" value="([^"]+)"/.exec(page.body)?.[1] ?? "";
  const origin = new URL(url).origin;
  const posted = await http(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin, "sec-fetch-site": "same-origin", ...CLICK },
    body: new URLSearchParams({ decision, nonce }).toString(),
  });
  return { shown: page.status, decided: posted.status };
}

describe("approval page tokens under a flood of page requests (in-process broker, real socket and page)", () => {
  const clock = testClock();
  let root: string;
  let broker: RunningBroker;
  let hotels: BrokerConnection;
  let registry: ApprovalRegistry | undefined;
  const waits: AbortController[] = [];

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "apflood-"));
    const parsed = parseConfig({
      HOME: root,
      TBANK_HOTELS_API_BASE_URL: "http://127.0.0.1:9",
      TBANK_AUTH_BROKER_SOCKET: join(root, "run", "auth.sock"),
      TBANK_AUTH_BROKER_STATE_DIR: join(root, "state"),
      TBANK_AUTH_SESSION_STORE: "file",
      TBANK_HOTELS_ENABLE_MUTATIONS: "true",
      TBANK_HOTELS_MUTATION_EXECUTION_PROFILE: "non_production_v1_reviewed",
      TBANK_HOTELS_TRUSTED_REAL_IP: "203.0.113.77",
    });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    broker = await startInProcessBroker(parsed.config, {
      now: clock.now,
      selfPeer: true,
      startApprovalPage: (r) => ((registry = r), startApprovalPage(r, { now: clock.now })),
    });
    hotels = await connectBroker({ socketPath: parsed.config.broker.socketPath, role: "hotels", clientVersion: "test", timeoutMs: 10_000 });
  });

  afterAll(async () => {
    waits.forEach((w) => w.abort());
    hotels.close();
    await broker.stop("test done");
    await rm(root, { recursive: true, force: true });
  });

  /** What an execute does: registers the request and waits for the person. */
  function executeWaiting(requestHash: string): Promise<ApprovalDecision> {
    const ac = new AbortController();
    waits.push(ac);
    return registry!.waitForDecision(requestHash, approvalDisplay(), ac.signal);
  }

  const openPage = async (requestHash: string): Promise<string> => (await hotels.call("hotels.open_write_approval_v1", { requestHash, kind: "booking" })).approvalUrl ?? "";

  it("keeps the token table at its cap, and the waiting and the newest approvals still decide", async () => {
    const waiting = hashOf("the person's booking");
    const firstUrl = await openPage(waiting);
    const decision = executeWaiting(waiting);

    const flood = 3 * MAX_PAGE_TOKENS;
    for (let sent = 0; sent < flood; sent += 16) {
      const urls = await Promise.all(Array.from({ length: 16 }, () => openPage(randomBytes(32).toString("hex"))));
      // Each flood call still gets its URL: the cap evicts, it does not refuse.
      expect(urls.every((u) => u.startsWith("http://127.0.0.1:"))).toBe(true);
    }
    expect(registry!.pageTokenCount()).toBe(MAX_PAGE_TOKENS);

    // The page of a request waiting for the person survives the flood.
    expect(await decideOnPage(firstUrl, "approve")).toEqual({ shown: 200, decided: 200 });
    expect(await decision).toBe("approved");

    // So does one asked for after it, on a full table.
    const later = hashOf("the person's cancellation");
    const laterDecision = executeWaiting(later);
    expect(await decideOnPage(await openPage(later), "deny")).toEqual({ shown: 200, decided: 200 });
    expect(await laterDecision).toBe("denied");
    expect(registry!.pageTokenCount()).toBeLessThanOrEqual(MAX_PAGE_TOKENS);
  });

  it("a flood of pages for the waiting request itself leaves the person's URL working", async () => {
    // The model knows its own pending hashes, so it can ask for the waiting request's page again
    // and again: every answer must not cost the person the URL they already hold.
    const waiting = hashOf("the person's payment setup");
    const firstUrl = await openPage(waiting);
    const decision = executeWaiting(waiting);
    const before = registry!.pageTokenCount();

    for (let sent = 0; sent < 3 * MAX_PAGE_TOKENS; sent += 16) {
      const urls = await Promise.all(Array.from({ length: 16 }, () => openPage(waiting)));
      // One page per request: asking again answers the URL the person already holds.
      expect(new Set(urls)).toEqual(new Set([firstUrl]));
    }
    expect(registry!.pageTokenCount()).toBeLessThanOrEqual(before);

    expect(await decideOnPage(firstUrl, "approve")).toEqual({ shown: 200, decided: 200 });
    expect(await decision).toBe("approved");
  });
});
