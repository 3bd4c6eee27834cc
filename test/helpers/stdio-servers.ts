import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { createCatalog } from "../../scripts/sandbox/data/catalog.js";
import { reviewsPage, type Review } from "../../scripts/sandbox/data/reviews.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { parseConfig } from "../../shared/config/index.js";
import { TEST_EPOCH, testClock } from "../fixtures/clock.js";
import { signIn, startInProcessBroker } from "../fixtures/in-process-broker.js";
import { CANARY, EVAL_SEED } from "../scenarios/sandbox-facts.js";

/** The built bins as an agent's client spawns them, a signed-in broker and the sandbox behind them. */
export interface StdioServers {
  hotels: Client;
  banking: Client;
  sandbox: Sandbox;
  /** What the sandbox provider holds, to judge what the model read against. */
  facts: ProviderFacts;
  /** True when the spawned servers read the pinned clock too (libfaketime); false: the OS clock. */
  clockPinned: boolean;
  close(): Promise<void>;
}

export interface ProviderFacts {
  /** Every text, pros and cons of a hotel's newest reviews as the provider gives them (the hotel by city and name). */
  reviewParts(city: string, hotelName: string): string[];
}

function providerFacts(seed: string, sandbox: Sandbox): ProviderFacts {
  const catalog = createCatalog(seed, () => "http://sandbox.invalid");
  return {
    reviewParts(city, hotelName) {
      const location = catalog.locations.find((l) => l.name === city);
      const hotel = location && catalog.hotelsOf(location.id).find((h) => h.name === hotelName);
      if (!location || !hotel) return [];
      const page: (Review & { pros?: string; cons?: string })[] = reviewsPage(seed, hotel, 0, 50, sandbox.control.now(), location.profile.utcOffset);
      return page.flatMap((r) => [r.text, r.pros ?? "", r.cons ?? ""].filter((part) => part !== ""));
    },
  };
}

// Where distributions install libfaketime; a run already under faketime (CI's date replays) names it in LD_PRELOAD.
const FAKETIME_LIBS = [
  "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1",
  "/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1",
  "/usr/lib/faketime/libfaketime.so.1",
  "/usr/local/lib/faketime/libfaketime.so.1",
];

/**
 * The environment that starts a child's OS clock at `epoch` (libfaketime's "@" form: it runs on from
 * there), or null where libfaketime is not installed. A spawned bin takes no injected clock, and the
 * journey judges stay dates against its own "today", so fixed 2027 dates need this on any machine date.
 */
export function pinnedClockEnv(epoch: number, env: NodeJS.ProcessEnv = process.env, exists: (path: string) => boolean = existsSync): Record<string, string> | null {
  const preloaded = (env.LD_PRELOAD ?? "").split(/[:\s]+/u).find((lib) => lib.includes("libfaketime"));
  const lib = preloaded ?? FAKETIME_LIBS.find((path) => exists(path));
  if (lib === undefined) return null;
  const at = new Date(epoch).toISOString().replace("T", " ").slice(0, 19);
  return { LD_PRELOAD: lib, FAKETIME: `@${at}` };
}

/**
 * Starts the sandbox on the test clock (TEST_EPOCH, as the scenarios), a broker in this process
 * signed in as the sandbox's customer, and spawns dist/tbank-hotels-mcp.js and
 * dist/tbank-banking-mcp.js over stdio with SDK clients (default request timeout).
 */
export async function startStdioServers(opts: { seed?: string } = {}): Promise<StdioServers> {
  const root = await mkdtemp(join(tmpdir(), "tbank-stdio-"));
  const clock = testClock();
  const seed = opts.seed ?? EVAL_SEED;
  const sandbox = await startSandbox({ seed, canary: CANARY, deviceIntervalSeconds: 0, now: clock.now });
  const closers: (() => Promise<unknown>)[] = [() => sandbox.close(), () => rm(root, { recursive: true, force: true })];
  const close = async (): Promise<void> => {
    for (const c of closers) await c().catch(() => undefined);
  };
  try {
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? "",
      HOME: root,
      TBANK_HOTELS_API_BASE_URL: sandbox.urls.hotelsApiBaseUrl,
      TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE: sandbox.urls.hotelPageUrlTemplate,
      TBANK_AUTH_ISSUER_URL: sandbox.urls.authIssuerUrl,
      TBANK_BANKING_API_BASE_URL: sandbox.urls.bankingApiBaseUrl,
      TBANK_AUTH_BROKER_STATE_DIR: join(root, "state"),
      TBANK_AUTH_BROKER_SOCKET: join(root, "run", "auth.sock"),
      TBANK_AUTH_SESSION_STORE: "file",
    };
    const parsed = parseConfig(env);
    if (!parsed.ok) throw new Error(`config: ${JSON.stringify(parsed.problems)}`);
    const broker = await startInProcessBroker(parsed.config, { now: clock.now, version: "stdio" });
    closers.unshift(() => broker.stop("done"));
    await signIn(parsed.config.broker.socketPath, sandbox);

    const pinned = pinnedClockEnv(TEST_EPOCH);
    const spawnClient = async (bin: string): Promise<Client> => {
      const transport = new StdioClientTransport({ command: process.execPath, args: [bin], env: { ...env, ...pinned }, stderr: "ignore" });
      const client = new Client({ name: "stdio-agent", version: "1" });
      await client.connect(transport);
      closers.unshift(() => client.close());
      return client;
    };
    const [hotels, banking] = await Promise.all([spawnClient("dist/tbank-hotels-mcp.js"), spawnClient("dist/tbank-banking-mcp.js")]);
    return { hotels, banking, sandbox, facts: providerFacts(seed, sandbox), clockPinned: pinned !== null, close };
  } catch (err) {
    await close();
    throw err;
  }
}
