import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createHotelsServer, type HotelsServerDeps } from "../../../mcp/hotels/server.js";
import { parseConfig, type Env } from "../../../shared/config/index.js";
import { startSandbox, type Sandbox, type SandboxOptions } from "../../../scripts/sandbox/index.js";
import { testClock } from "../../fixtures/clock.js";

export interface HotelsHarness {
  sandbox: Sandbox;
  client: Client;
  ctx: ReturnType<typeof createHotelsServer>["ctx"];
  /** Calls a tool and returns the result with its text block and structured content. */
  call(name: string, args?: Record<string, unknown>): Promise<{ result: CallToolResult; text: string; data: Record<string, unknown> }>;
  close(): Promise<void>;
}

/**
 * A real MCP Client talking to a real Hotels server over the SDK's in-memory transport, with the
 * provider pointed at a fresh sandbox over real HTTP.
 */
export async function startHotelsHarness(
  opts: {
    sandbox?: SandboxOptions;
    /** A running sandbox to share (with a broker, say); the harness then leaves it running on close. */
    sharedSandbox?: Sandbox;
    env?: Env;
    /** deps.broker injects a BrokerClient; env TBANK_AUTH_BROKER_SOCKET makes the server create one. */
    deps?: HotelsServerDeps;
  } = {},
): Promise<HotelsHarness> {
  // One clock for the sandbox and the server (today is 2027-03-01); a shared sandbox brings its own.
  const clock = testClock();
  const sandbox = opts.sharedSandbox ?? (await startSandbox({ seed: "hotels-mcp", now: clock.now, ...opts.sandbox }));
  const now = opts.sharedSandbox ? () => sandbox.control.now() : clock.now;
  const parsed = parseConfig({
    HOME: "/nonexistent-home",
    TBANK_HOTELS_API_BASE_URL: sandbox.urls.hotelsApiBaseUrl,
    TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE: sandbox.urls.hotelPageUrlTemplate,
    ...opts.env,
  });
  if (!parsed.ok) throw new Error(`bad test config: ${JSON.stringify(parsed.problems)}`);
  const { server, ctx } = createHotelsServer(parsed.config, { now, ...opts.deps });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(clientTransport);
  return {
    sandbox,
    client,
    ctx,
    call: async (name, args = {}) => {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      const text = result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
      return { result, text, data: (result.structuredContent ?? {}) };
    },
    close: async () => {
      await client.close();
      await server.close();
      ctx.broker?.close();
      if (!opts.sharedSandbox) await sandbox.close();
    },
  };
}
