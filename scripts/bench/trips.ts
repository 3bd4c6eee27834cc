import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createHotelsServer } from "../../mcp/hotels/server.js";
import { parseConfig } from "../../shared/config/index.js";
import { signIn, startInProcessBroker } from "../../test/fixtures/in-process-broker.js";
import { startSandbox } from "../sandbox/index.js";
import type { BenchRow } from "./stats.js";
import { tokens } from "./tokens.js";

// Issue 34: what the trip resources and the prompts cost in o200k tokens, for a signed-in person
// with the sandbox customer's seven bookings, against the tool answers they mirror.

const PROMPTS: readonly { name: string; args: Record<string, string> }[] = [
  { name: "plan_weekend", args: { destination: "Казань", party: "2 взрослых" } },
  { name: "plan_weekend", args: { destination: "Kazan", party: "2 adults", language: "en" } },
  { name: "upcoming_trips", args: {} },
  { name: "upcoming_trips", args: { language: "en" } },
  { name: "cancellation_cost", args: { booking: "поездка в Казань" } },
  { name: "cancellation_cost", args: { booking: "the Kazan trip", language: "en" } },
];

function row(name: string, n: number, anchor: string, anchorTokens: number): BenchRow {
  return { name, figure: `${n} tokens`, anchor: `${anchor} ${anchorTokens}`, ratio: n / anchorTokens };
}

async function readText(c: Client, uri: string): Promise<string> {
  const { contents } = await c.readResource({ uri });
  return contents.map((x) => ("text" in x ? x.text : "")).join("\n");
}

async function toolText(c: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const result = (await c.callTool({ name, arguments: args })) as CallToolResult;
  return result.content.map((x) => (x.type === "text" ? x.text : "")).join("\n");
}

async function measure(c: Client): Promise<BenchRow[]> {
  const list = await c.listResources();
  const templates = await c.listResourceTemplates();
  const listTokens = tokens(JSON.stringify(list));
  const first = list.resources.find((r) => r.uri.startsWith("tbank-hotels://bookings/"));
  if (!first) throw new Error("no booking resource listed");
  const bookingRef = first.uri.slice("tbank-hotels://bookings/".length);
  const prompts = await c.listPrompts();
  const rows: BenchRow[] = [
    row(`resources/list, ${list.resources.length} resources`, listTokens, "templates/list", tokens(JSON.stringify(templates))),
    row("resource: bookings", tokens(await readText(c, "tbank-hotels://bookings")), "list_bookings text", tokens(await toolText(c, "tbank_hotels_list_bookings", { limit: 20 }))),
    row("resource: one booking", tokens(await readText(c, first.uri)), "get_booking text", tokens(await toolText(c, "tbank_hotels_get_booking", { bookingRef }))),
    row("resource: vouchers, none saved", tokens(await readText(c, "tbank-hotels://vouchers")), "resources/list", listTokens),
  ];
  const promptsTokens = tokens(JSON.stringify(prompts));
  rows.push(row(`prompts/list, ${prompts.prompts.length} prompts`, promptsTokens, "resources/list", listTokens));
  for (const p of PROMPTS) {
    const { messages } = await c.getPrompt({ name: p.name, arguments: p.args });
    rows.push(row(`prompt ${p.name} ${p.args.language ?? "ru"}, messages`, tokens(JSON.stringify(messages)), "prompts/list", promptsTokens));
  }
  return rows;
}

/** The trip resources and prompts in tokens: a sandbox, an in-process broker signed in, the default toolsets. */
export async function benchTrips(): Promise<BenchRow[]> {
  const sandbox = await startSandbox({ seed: "bench-trips", deviceIntervalSeconds: 0 });
  const root = await mkdtemp(join(tmpdir(), "bench-trips-"));
  try {
    const parsed = parseConfig({
      HOME: root,
      TBANK_HOTELS_API_BASE_URL: sandbox.urls.hotelsApiBaseUrl,
      TBANK_AUTH_ISSUER_URL: sandbox.urls.authIssuerUrl,
      TBANK_AUTH_BROKER_SOCKET: join(root, "run", "auth.sock"),
      TBANK_AUTH_BROKER_STATE_DIR: join(root, "state"),
      TBANK_AUTH_SESSION_STORE: "file",
      TBANK_HOTELS_VOUCHER_DIRECTORY: join(root, "vouchers"),
    });
    if (!parsed.ok) throw new Error("bench trips config");
    const broker = await startInProcessBroker(parsed.config, { selfPeer: true });
    try {
      await signIn(parsed.config.broker.socketPath, sandbox);
      const { server, ctx } = createHotelsServer(parsed.config);
      const [a, b] = InMemoryTransport.createLinkedPair();
      await server.connect(b);
      const c = new Client({ name: "bench-trips", version: "1" });
      await c.connect(a);
      try {
        return await measure(c);
      } finally {
        await c.close();
        ctx.broker?.close();
      }
    } finally {
      await broker.stop("bench done");
    }
  } finally {
    await sandbox.close();
    await rm(root, { recursive: true, force: true });
  }
}
