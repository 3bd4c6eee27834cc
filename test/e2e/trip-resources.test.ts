import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../fixtures/in-process-broker.js";
import { osClockEnv } from "../fixtures/clock.js";
import { startHttpInstance, type HttpInstance } from "../helpers/http-instance.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { brokerEnv, brokerPids, startDaemon, type BrokerEnv } from "./helpers/broker-process.js";

// Issue 34, point 2, through the built bin: resources and prompts over stdio (the front hands them
// to the full server) with a real broker daemon, and what the remote --http mode offers.
const CANARY = "CANARY-trips-e2e-0d4b";
const BOOKINGS = "tbank-hotels://bookings";

describe("trips as resources and prompts, built bin", () => {
  let sandbox: Sandbox;
  let b: BrokerEnv;
  const clients: Client[] = [];
  const wire: unknown[] = [];
  let http: HttpInstance | undefined;

  async function stdio(): Promise<{ client: Client; stderr: () => string }> {
    let err = "";
    const transport = new StdioClientTransport({ command: process.execPath, args: ["dist/tbank-hotels-mcp.js"], env: b.env, stderr: "pipe" });
    transport.stderr?.on("data", (d: Buffer) => (err += d.toString()));
    const client = new Client({ name: "e2e-trips", version: "1" });
    await client.connect(transport);
    const deliver = transport.onmessage;
    transport.onmessage = (message) => {
      wire.push(message);
      deliver?.(message);
    };
    clients.push(client);
    return { client, stderr: () => err };
  }

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: "trips-e2e", canary: CANARY, deviceIntervalSeconds: 1 });
    b = await brokerEnv(sandbox);
    await startDaemon(b.env);
  });

  afterAll(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    await http?.stop();
    for (const pid of await brokerPids(b.stateDir)) process.kill(pid, "SIGKILL");
    await sandbox.close();
    await b.cleanup();
  });

  it("over stdio: signed out, a read is a structured error with the login step; signed in, each booking is a resource", async () => {
    const before = await stdio();
    expect(before.client.getServerCapabilities()).toMatchObject({ resources: {}, prompts: {} });
    expect((await before.client.listResources()).resources.filter((r) => r.uri.startsWith(BOOKINGS)).map((r) => r.uri)).toEqual([BOOKINGS]);
    const err = await before.client.readResource({ uri: BOOKINGS }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(McpError);
    expect((err as McpError).data).toMatchObject({ status: "mobile_login_required" });
    expect((err as McpError).message).toContain("tbank-mcp login");

    await signIn(b.socketPath, sandbox, 250);
    const { client, stderr } = await stdio();
    const uris = (await client.listResources()).resources.map((r) => r.uri).filter((u) => u.startsWith(`${BOOKINGS}/`));
    expect(uris).toHaveLength(7);
    const { contents } = await client.readResource({ uri: `${uris[0]!}?language=en` });
    expect(contents[0]).toMatchObject({ mimeType: "text/plain" });
    expect("text" in contents[0]! ? contents[0].text : "").toMatch(/^status=ok\n/);
    const prompt = await client.getPrompt({ name: "cancellation_cost", arguments: { booking: uris[0]!.slice(BOOKINGS.length + 1), language: "en" } });
    expect(prompt.messages[0]?.content).toMatchObject({ type: "text" });
    expect(stderr()).toBe("");
    const seen = JSON.stringify(wire);
    expect(seen).not.toContain(CANARY);
    expect(seen).not.toMatch(/orderId|accessToken|refreshToken/i);
  });

  it("remote --http: no customer toolset there, so no trip resources; the journey's plan_weekend prompt only", async () => {
    http = await startHttpInstance({ env: { ...osClockEnv(), PATH: process.env.PATH ?? "", HOME: "/nonexistent-home", TBANK_HOTELS_API_BASE_URL: sandbox.urls.hotelsApiBaseUrl, TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE: sandbox.urls.hotelPageUrlTemplate } });
    const client = new Client({ name: "e2e-trips-http", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
    clients.push(client);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(["ui://tbank-hotels/stay.html"]);
    expect((await client.listResourceTemplates()).resourceTemplates).toEqual([]);
    await expect(client.readResource({ uri: BOOKINGS })).rejects.toThrow(McpError);
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(["plan_weekend"]);
    const plan = await client.getPrompt({ name: "plan_weekend", arguments: { destination: "Казань", party: "2 взрослых" } });
    expect(JSON.stringify(plan.messages)).toContain("tbank_hotels_plan_stay");
  });
});
