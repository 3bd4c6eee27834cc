import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { startHttpInstance, type HttpInstance } from "../helpers/http-instance.js";
import { osClockEnv } from "../fixtures/clock.js";

// The built bin finds the view the build wrote beside it (dist/views/stay.html, by
// scripts/build/views.mjs), not beside the chunk that reads it, in both modes. The stdio front
// answers initialize and tools/list from the catalog: resources/list and resources/read must still
// reach the full server behind it.

const VIEW = "dist/views/stay.html";
const URI = "ui://tbank-hotels/stay.html";

describe("the stay view from the built tbank-hotels-mcp", () => {
  let sandbox: Sandbox;
  let env: Record<string, string>;
  const clients: Client[] = [];
  const servers: HttpInstance[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: "apps-bin", now: Date.now });
    env = { ...osClockEnv(), PATH: process.env.PATH ?? "", HOME: "/nonexistent-home", TBANK_HOTELS_API_BASE_URL: sandbox.urls.hotelsApiBaseUrl };
  });
  afterAll(async () => {
    for (const c of clients) await c.close();
    for (const s of servers) await s.stop();
    await sandbox.close();
  });

  async function expectView(client: Client): Promise<void> {
    const ui = { csp: { resourceDomains: [sandbox.urls.origin] }, prefersBorder: true };
    expect(client.getServerCapabilities()?.resources).toEqual({ listChanged: true });
    // The customer toolset (on by default) adds the person's trips (issue 34); the view is the one ui:// resource.
    const resources = (await client.listResources()).resources.filter((r) => r.uri.startsWith("ui://"));
    expect(resources).toEqual([expect.objectContaining({ uri: URI, mimeType: "text/html;profile=mcp-app", _meta: { ui } })]);
    const { contents } = await client.readResource({ uri: URI });
    expect(contents).toEqual([{ uri: URI, mimeType: "text/html;profile=mcp-app", text: readFileSync(VIEW, "utf8"), _meta: { ui } }]);
    expect((contents[0] as { text: string }).text).toMatch(/^<!doctype html>/i);
    const tools = (await client.listTools()).tools;
    expect(tools.find((t) => t.name === "tbank_hotels_plan_stay")?._meta).toEqual({ ui: { resourceUri: URI }, "ui/resourceUri": URI });
    expect(tools.find((t) => t.name === "tbank_hotels_create_checkout_handoff")?._meta).toBeUndefined();
  }

  it("over stdio, through the front", async () => {
    let stderr = "";
    const transport = new StdioClientTransport({ command: process.execPath, args: ["dist/tbank-hotels-mcp.js"], env, stderr: "pipe" });
    transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
    const client = new Client({ name: "apps-stdio", version: "1" });
    await client.connect(transport);
    clients.push(client);
    await expectView(client);
    expect(stderr).toBe("");
  });

  it("over --http", async () => {
    const server = await startHttpInstance({ env });
    servers.push(server);
    const client = new Client({ name: "apps-http", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    clients.push(client);
    await expectView(client);
  }, 30_000);
});
