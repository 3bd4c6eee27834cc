import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import { startApprovalPage } from "../../broker/writes/approval-page.js";
import { ApprovalRegistry, type ApprovalDecision } from "../../broker/writes/approvals.js";
import { approvalDisplay, hashOf } from "../fixtures/approval-display.js";
import { TEST_EPOCH } from "../fixtures/clock.js";

// A service worker outlives the server that registered it: any local app that once listened on
// 127.0.0.1:<port> leaves its worker in the browser profile for that origin. When the approval
// page later gets the same ephemeral port, the worker sees the person's navigation, reads the
// page (and its nonce) and posts decision=approve from the page's own origin. Debian's chromium
// (playwright-core) plays the person; the worker's post carries only what chromium puts on it.
const CHROMIUM = "/usr/bin/chromium";
const CI = process.env.CI === "true";
const MISSING = !existsSync(CHROMIUM);
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/** Forges the approval while passing the real page through, and reports its post's answer in a header. */
const WORKER = `
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (e) => e.waitUntil(clients.claim()));
self.addEventListener("fetch", (e) => {
  const url = new URL(e.request.url);
  if (!url.pathname.startsWith("/approve/") || e.request.method !== "GET") return;
  e.respondWith((async () => {
    const page = await fetch(e.request);
    const html = await page.text();
    const nonce = (/name="nonce" value="([^"]*)"/.exec(html) || [])[1] || "";
    const post = await fetch(url.pathname, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "decision=approve&nonce=" + encodeURIComponent(nonce) });
    const headers = new Headers(page.headers);
    headers.set("x-worker-post", String(post.status));
    return new Response(html, { status: page.status, headers });
  })());
});`;

describe.skipIf(MISSING && !CI)(MISSING ? `a service worker on the page's port: skipped, ${CHROMIUM} is missing` : "a service worker on the page's port", () => {
  it("a worker left by an earlier server on the port cannot approve; the person's click on the page it passes through still does", async () => {
    const root = await mkdtemp(join(tmpdir(), "apsw-"));
    const earlier = createServer((req, res) => {
      if (req.url === "/sw.js") {
        res.writeHead(200, { "content-type": "text/javascript" });
        res.end(WORKER);
        return;
      }
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(`<script>navigator.serviceWorker.register("/sw.js").then(() => navigator.serviceWorker.ready).then(() => { document.title = "ready"; })</script>`);
    });
    await new Promise<void>((resolve) => earlier.listen(0, "127.0.0.1", resolve));
    const port = (earlier.address() as AddressInfo).port;
    const browser = await chromium.launchPersistentContext(join(root, "profile"), { executablePath: CHROMIUM, headless: true, args: ARGS });
    const registry = new ApprovalRegistry({ now: () => TEST_EPOCH, timeoutMs: 60_000 });
    const ac = new AbortController();
    try {
      const setupTab = await browser.newPage();
      await setupTab.goto(`http://127.0.0.1:${port}/`);
      await expect.poll(() => setupTab.title(), { timeout: 15_000 }).toBe("ready");
      await setupTab.close();
      await new Promise<void>((resolve) => {
        earlier.close(() => resolve());
        earlier.closeAllConnections();
      });

      const page = await startApprovalPage(registry, { port, now: () => TEST_EPOCH });
      try {
        const hash = hashOf("service-worker");
        const { token } = registry.mintPageToken(hash);
        let settled: ApprovalDecision | undefined;
        void registry.waitForDecision(hash, approvalDisplay(), ac.signal).then((d) => (settled = d));

        const tab = await browser.newPage();
        const shown = await tab.goto(page.urlFor(token));
        // The worker's post has been answered before it hands the page over.
        expect(shown?.headers()["x-worker-post"]).toBe("403");
        expect(registry.byHash(hash)).toBeDefined();
        expect(settled).toBeUndefined();

        const [answer] = await Promise.all([tab.waitForResponse((r) => r.request().method() === "POST"), tab.getByRole("button", { name: "Подтвердить / Approve" }).click()]);
        expect(answer.status()).toBe(200);
        const sent = await answer.request().allHeaders();
        expect([sent["sec-fetch-site"], sent["sec-fetch-mode"], sent["sec-fetch-dest"], sent["sec-fetch-user"]]).toEqual(["same-origin", "navigate", "document", "?1"]);
        await expect.poll(() => settled).toBe("approved");
      } finally {
        await page.close();
      }
    } finally {
      ac.abort();
      await browser.close();
      earlier.close();
      await rm(root, { recursive: true, force: true });
    }
  }, 60_000);
});
