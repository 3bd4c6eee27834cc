import { existsSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHotelsServer } from "../../mcp/hotels/server.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { parseConfig } from "../../shared/config/index.js";
import { stayFrom } from "../fixtures/clock.js";
import { fixtureAppsServer, type FixtureView } from "../fixtures/apps-view/server.js";
import { CHROMIUM, CHROMIUM_ARGS, openHostPage, type HostPage } from "../helpers/apps-host/open.js";
import { startAppsHostServer, type AppsHostServer } from "../helpers/apps-host/server.js";

// The MCP Apps test host (test/helpers/apps-host) proving itself on a small fixture view over the
// real Hotels MCP in process: it renders the view in its sandbox and delivers a real plan_stay
// result; the view's click reaches the server through the host; and a rogue build of the view (a
// write tool, an image from a host it must not use, an exception) is caught by every check.
const CI = process.env.CI === "true";
const MISSING = !existsSync(CHROMIUM);

describe.skipIf(MISSING && !CI)(MISSING ? `the MCP Apps test host: skipped, ${CHROMIUM} is missing` : "the MCP Apps test host on a fixture view", () => {
  let sandbox: Sandbox;
  let host: AppsHostServer;
  let browser: Browser;
  let env: Record<string, string>;
  const closers: (() => Promise<unknown>)[] = [];

  /** A page of the test host whose MCP server is the in-process Hotels MCP behind a fixture view. */
  async function open(view: FixtureView): Promise<HostPage> {
    const parsed = parseConfig(env);
    if (!parsed.ok) throw new Error(`config: ${JSON.stringify(parsed.problems)}`);
    const { server: hotels } = createHotelsServer(parsed.config);
    const [up, hotelsSide] = InMemoryTransport.createLinkedPair();
    await hotels.connect(hotelsSide);
    const upstream = new Client({ name: "fixture-upstream", version: "1" });
    await upstream.connect(up);
    const fixture = await fixtureAppsServer(upstream, view);
    const [toServer, serverSide] = InMemoryTransport.createLinkedPair();
    await fixture.connect(serverSide);
    closers.push(() => upstream.close(), () => fixture.close());
    const opened = await openHostPage(browser, host, { kind: "bridge", server: toServer }, [new URL(sandbox.urls.hotelsApiBaseUrl).origin]);
    closers.push(() => opened.page.close());
    return opened;
  }

  const planArgs = (): Record<string, unknown> => ({ destination: "Казань", ...stayFrom(sandbox.control.now(), 11, 2), rooms: [{ adults: 2, childrenAges: [] }] });

  beforeAll(async () => {
    if (MISSING) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium)`);
    // The in-process server reads the OS clock, so the sandbox does too and the stay is dated from it.
    sandbox = await startSandbox({ seed: "apps-host", now: Date.now });
    env = { PATH: process.env.PATH ?? "", HOME: "/nonexistent-home", TBANK_HOTELS_API_BASE_URL: sandbox.urls.hotelsApiBaseUrl, TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE: sandbox.urls.hotelPageUrlTemplate };
    [host, browser] = await Promise.all([startAppsHostServer(), chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })]);
  }, 60_000);

  afterAll(async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await browser?.close();
    await host?.close();
    await sandbox?.close();
  });

  it("shows the names and prices of a real plan_stay result; a click selects through the host and shows the rates", async () => {
    const photoHost = new URL(sandbox.urls.hotelsApiBaseUrl).origin;
    const opened = await open({ rogue: false, resourceDomains: [photoHost] });
    const shown = await opened.show({ args: planArgs() });
    const options = (shown.result.structuredContent as { options: { optionId: string; name: string; price: string; hasRates?: boolean }[] }).options;
    expect(options.length).toBeGreaterThan(2);
    const view = opened.view(shown.view);
    const cards = view.getByTestId("stay-card");
    await expect.poll(() => cards.count()).toBe(options.length);
    expect(await view.getByTestId("stay-card-name").allInnerTexts()).toEqual(options.map((o) => o.name));
    expect(await view.getByTestId("stay-card-price").allInnerTexts()).toEqual(options.map((o) => o.price));

    const chosen = options.find((o) => o.hasRates !== false)!;
    await view.locator(`[data-testid="stay-card"][data-option-id="${chosen.optionId}"]`).click();
    await view.getByTestId("rates-view").waitFor();
    const { toolCalls } = await opened.record();
    expect(toolCalls.map((c) => [c.name, c.arguments.optionId, c.refused])).toEqual([
      ["tbank_hotels_select_stay_option", chosen.optionId, false],
      ["tbank_hotels_get_selected_stay_rates", undefined, false],
    ]);
    const rates = toolCalls[1]?.structuredContent?.rates as unknown[];
    expect(rates.length).toBeGreaterThan(0);
    expect(await view.getByTestId("rate-row").count()).toBe(rates.length);
    expect(opened.watch.outside).toEqual([]);
    expect(opened.watch.consoleErrors).toEqual([]);
  }, 30_000);

  it("catches a rogue view: the write tool is refused and recorded, the undeclared image and the exception are reported", async () => {
    const hostile = "http://localhost:9";
    for (const declared of [true, false]) {
      const photoHost = new URL(sandbox.urls.hotelsApiBaseUrl).origin;
      const opened = await open({ rogue: true, rogueImage: `${hostile}/pixel.png`, resourceDomains: declared ? [photoHost, hostile] : [photoHost] });
      const shown = await opened.show({ args: planArgs() });
      await opened.view(shown.view).getByTestId("stay-card").first().waitFor();
      await expect.poll(async () => (await opened.record()).toolCalls.length).toBe(1);
      expect((await opened.record()).toolCalls[0]).toMatchObject({ name: "tbank_hotels_create_booking_preview", refused: true });
      await expect.poll(() => opened.watch.consoleErrors.some((e) => e.includes("fixture view: rogue"))).toBe(true);
      // Declared, the image is requested and the test's own list of hosts catches it; undeclared, the CSP refuses it.
      if (declared) await expect.poll(() => opened.watch.outside).toEqual([`view frame → ${hostile}/pixel.png`]);
      else await expect.poll(() => opened.watch.consoleErrors.some((e) => e.includes("Content Security Policy"))).toBe(true);
    }
  }, 30_000);
});
