import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { Browser, FrameLocator, Page } from "playwright-core";
import type { HostGlobal, HostRecord, ShowRequest, Shown } from "./host-api.js";
import { watchPage, type PageWatch } from "./page-watch.js";
import type { AppsHostServer } from "./server.js";
import { bridgeToPage } from "./stdio-bridge.js";

// One tab of the test host, connected to a Hotels MCP: through the stdio bridge to a server of the
// test process (a spawned bin's StdioClientTransport, or an in-process fixture), or over HTTP.

export const CHROMIUM = "/usr/bin/chromium";
export const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

export type HostRoute = { kind: "bridge"; server: Transport } | { kind: "http"; url: string };

export interface HostPage {
  page: Page;
  watch: PageWatch;
  /** Calls a tool as the model would and shows its view (plan_stay, ru, light, 480 px unless told). */
  show(req: Partial<ShowRequest>): Promise<Shown>;
  /** The inner frame of the view the host numbered `n`. */
  view(n: number): FrameLocator;
  record(): Promise<HostRecord>;
}

export async function openHostPage(browser: Browser, host: AppsHostServer, route: HostRoute, photoHosts: readonly string[]): Promise<HostPage> {
  // Tall enough for a screenshot of the top 1200 px of a view (apps-views.test.ts).
  const page = await browser.newPage({ viewport: { width: 1000, height: 1300 } });
  const mcpOrigins = route.kind === "http" ? [new URL(route.url).origin] : [];
  const watch = watchPage(page, { host: [host.hostOrigin, new URL(host.sandboxUrl).origin, ...mcpOrigins], view: photoHosts, ...(route.kind === "http" ? { mcpUrl: route.url } : {}) });
  if (route.kind === "bridge") await bridgeToPage(page, route.server);
  await page.goto(host.hostUrl);
  const mcp = route.kind === "http" ? { kind: "http" as const, url: route.url } : { kind: "bridge" as const };
  await page.evaluate((r) => (globalThis as HostGlobal).appsHost.connect(r), mcp);
  return {
    page,
    watch,
    show: (req) => {
      const full: ShowRequest = { tool: "tbank_hotels_plan_stay", args: {}, theme: "light", locale: "ru-RU", width: 480, ...req };
      return page.evaluate((r) => (globalThis as HostGlobal).appsHost.show(r), full);
    },
    view: (n) => page.frameLocator(`iframe[data-view="${n}"]`).frameLocator("iframe"),
    record: () => page.evaluate(() => (globalThis as HostGlobal).appsHost.record()),
  };
}
