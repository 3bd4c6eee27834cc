import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHttpInstance } from "../helpers/http-instance.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";

// The landing page of a real `tbank-hotels-mcp --http` process, in Debian's chromium driven by
// playwright-core (`npm test` installs chromium first: npm run test:setup).
const CHROMIUM = "/usr/bin/chromium";
const CLIENTS = ["claude-ai", "chatgpt", "claude-code", "codex"];

interface Served {
  url: string;
  child: ChildProcess;
  stderr: () => string;
}

describe("the landing page in a real browser", () => {
  let sandbox: Sandbox;
  let browser: Browser;
  let dir: string;
  const children: ChildProcess[] = [];

  async function serve(extra: Record<string, string> = {}): Promise<Served> {
    const env = {
      PATH: process.env.PATH ?? "",
      HOME: join(dir, "home"),
      TBANK_HOTELS_API_BASE_URL: sandbox.urls.hotelsApiBaseUrl,
      TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE: sandbox.urls.hotelPageUrlTemplate,
      ...extra,
    };
    const instance = await startHttpInstance({ env, args: ["--host", "127.0.0.1"] });
    children.push(instance.child);
    return { url: instance.url, child: instance.child, stderr: instance.stderr };
  }

  /** Opens `/` and collects everything the browser complains about while loading it. */
  async function open(address: string, locale: string): Promise<{ page: Page; problems: string[]; status: number | undefined }> {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()}: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ""}`));
    const response = await page.goto(address, { waitUntil: "load" });
    return { page, problems, status: response?.status() };
  }

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium); npm run test:setup does it as root`);
    dir = await mkdtemp(join(tmpdir(), "tbank-landing-"));
    sandbox = await startSandbox({ seed: "landing", now: Date.now });
    // Root (as in CI) cannot use chromium's sandbox.
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    for (const child of children) child.kill("SIGKILL");
    await sandbox?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("renders what this is, every tool, copyable snippets with the server's URL and its health, with no console errors", async () => {
    const served = await serve();
    const origin = new URL(served.url).origin;
    const mcp = new Client({ name: "landing-e2e", version: "1" });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(served.url)));
    const tools = (await mcp.listTools()).tools.map((t) => t.name);
    await mcp.close();
    expect(tools.length).toBeGreaterThan(5);

    const { page, problems, status } = await open(`${origin}/`, "en-US");
    expect(status).toBe(200);
    expect(await page.title()).toBe("T-Bank Hotels MCP");
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    expect(await page.locator("#mcp-url").innerText()).toBe(served.url);

    // Each language section lists every tool the server answers tools/list with, and no other.
    const sections = page.locator("section");
    expect(await sections.count()).toBe(2);
    for (const section of await sections.all()) {
      expect((await section.locator("ul.tools li code").allInnerTexts()).sort()).toEqual([...tools].sort());
      const snippets = section.locator("pre.snippet");
      expect(await Promise.all((await snippets.all()).map((p) => p.getAttribute("data-client")))).toEqual(CLIENTS);
      for (const text of await snippets.allInnerTexts()) expect(text).toContain(served.url);
      expect(await section.locator("ul.health .ok").count()).toBe(2);
    }
    expect(await page.locator("pre.snippet[data-client=claude-code]").first().innerText()).toBe(`claude mcp add --transport http tbank-hotels ${served.url}`);
    expect(await page.locator("pre.snippet[data-client=codex]").first().innerText()).toContain(`url = "${served.url}"`);
    // Drawn, not just present in the DOM.
    expect(await page.locator("h1").isVisible()).toBe(true);
    expect((await page.locator("ul.tools").first().boundingBox())?.height ?? 0).toBeGreaterThan(100);

    const shot = process.env.TBANK_TEST_SCREENSHOT ?? join(dir, "landing.png");
    await page.screenshot({ path: shot, fullPage: true });
    expect((await stat(shot)).size).toBeGreaterThan(10_000);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 60_000);

  it("speaks Russian first to a Russian browser, and puts the public URL (behind a proxy) in every snippet", async () => {
    const publicUrl = "https://hotels.example.test/mcp";
    const served = await serve({ TBANK_HOTELS_HTTP_PUBLIC_URL: publicUrl });
    const { page, problems, status } = await open(`${new URL(served.url).origin}/`, "ru-RU");
    expect(status).toBe(200);
    expect(await page.locator("html").getAttribute("lang")).toBe("ru");
    expect(await page.locator("section").first().getAttribute("lang")).toBe("ru");
    expect(await page.locator("section").first().locator("h2").first().innerText()).toBe("Как подключить");
    expect(await page.locator("#mcp-url").innerText()).toBe(publicUrl);
    const snippets = await page.locator("pre.snippet").allInnerTexts();
    expect(snippets).toHaveLength(2 * CLIENTS.length);
    for (const text of snippets) {
      expect(text).toContain(publicUrl);
      expect(text).not.toContain(served.url);
    }
    expect(problems).toEqual([]);
    await page.context().close();
  }, 60_000);
});
