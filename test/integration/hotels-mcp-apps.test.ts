import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ErrorCode, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { RESOURCE_MIME_TYPE, registerAppTool } from "@modelcontextprotocol/ext-apps/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MCP_APP_MIME_TYPE, STAY_VIEW_TOOL_META, STAY_VIEW_URI } from "../../mcp/hotels/apps/stay-view-meta.js";
import { viewFile } from "../../mcp/hotels/apps/view-file.js";
import { startHotelsHttp, type HotelsHttpServer } from "../../mcp/hotels/http/server.js";
import { createHotelsServer } from "../../mcp/hotels/server.js";
import { HOTELS_TOOLS } from "../../mcp/hotels/tools/index.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { parseConfig } from "../../shared/config/index.js";
import { stayFrom, testClock } from "../fixtures/clock.js";

// Issue 33, server side: the stay view is one ui:// resource, named by the journey tools that show
// options, a hotel or its rates, and by nothing that reads the person's data, writes or hands off.

const VIEW_TOOLS = [
  "tbank_hotels_plan_stay",
  "tbank_hotels_continue_stay_search",
  "tbank_hotels_get_stay_options",
  "tbank_hotels_compare_stay_options",
  "tbank_hotels_get_stay_option_details",
  "tbank_hotels_select_stay_option",
  "tbank_hotels_get_selected_stay_rates",
  "tbank_hotels_select_stay_rate",
];
const HTML = "<!doctype html><title>stay view fixture</title>";

let sandbox: Sandbox;
let dir: string;
let viewUrl: URL;
const closers: (() => Promise<unknown>)[] = [];

function config(env: Record<string, string> = {}) {
  const parsed = parseConfig({ HOME: "/nonexistent-home", TBANK_HOTELS_API_BASE_URL: sandbox.urls.hotelsApiBaseUrl, TBANK_HOTELS_HTTP_PORT: "0", ...env });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.config;
}

async function inProcess(env: Record<string, string> = {}, stayViewUrl = viewUrl): Promise<Client> {
  const { server } = createHotelsServer(config(env), { now: testClock().now, stayViewUrl });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  const client = new Client({ name: "apps-test", version: "1" });
  await client.connect(a);
  closers.push(() => client.close());
  return client;
}

async function overHttp(): Promise<Client> {
  const server: HotelsHttpServer = await startHotelsHttp(config(), { stayViewUrl: viewUrl });
  closers.push(() => server.close());
  const client = new Client({ name: "apps-http-test", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  closers.push(() => client.close());
  return client;
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: "hotels-apps", now: testClock().now });
  dir = await mkdtemp(join(tmpdir(), "apps-"));
  viewUrl = pathToFileURL(join(dir, "stay.html"));
  await writeFile(viewUrl, HTML);
});
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

/** What a host checks before it renders: the resource, its type and its CSP, listed and read. */
async function expectStayResource(client: Client): Promise<void> {
  expect(client.getServerCapabilities()?.resources).toBeDefined();
  const ui = { csp: { resourceDomains: [sandbox.urls.origin] }, prefersBorder: true };
  // The customer toolset (on by default) adds the person's trips (issue 34); the view is the one ui:// resource.
  const resources = (await client.listResources()).resources.filter((r) => r.uri.startsWith("ui://"));
  expect(resources).toEqual([expect.objectContaining({ uri: STAY_VIEW_URI, mimeType: RESOURCE_MIME_TYPE, _meta: { ui } })]);
  const read = await client.readResource({ uri: STAY_VIEW_URI });
  expect(read.contents).toEqual([{ uri: STAY_VIEW_URI, mimeType: RESOURCE_MIME_TYPE, text: HTML, _meta: { ui } }]);
}

function expectViewMeta(tools: Tool[]): void {
  const named = tools.filter((t) => t._meta !== undefined);
  expect(named.map((t) => t.name).sort()).toEqual(VIEW_TOOLS.filter((n) => tools.some((t) => t.name === n)).sort());
  for (const t of named) expect(t._meta).toEqual({ ui: { resourceUri: STAY_VIEW_URI }, "ui/resourceUri": STAY_VIEW_URI });
}

describe("the stay view (MCP Apps) on the Hotels server", () => {
  it("is what ext-apps' own helpers would register: the mime type and a tool's _meta", async () => {
    expect(MCP_APP_MIME_TYPE).toBe(RESOURCE_MIME_TYPE);
    const server = new McpServer({ name: "sdk", version: "1" });
    registerAppTool(server, "t", { description: "d", _meta: { ui: { resourceUri: STAY_VIEW_URI } } }, () => ({ content: [] }));
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(b);
    const client = new Client({ name: "sdk", version: "1" });
    await client.connect(a);
    const [tool] = (await client.listTools()).tools;
    expect(tool?._meta).toEqual({ ...STAY_VIEW_TOOL_META });
    await client.close();
  });

  it("is listed and read with its mime type and a CSP naming the photo host only; the journey tools name it", async () => {
    const client = await inProcess();
    await expectStayResource(client);
    expectViewMeta((await client.listTools()).tools);
  });

  it("names no customer, booking, low-level, write or handoff tool, with every toolset on", async () => {
    const client = await inProcess({ TBANK_HOTELS_TOOLSETS: "all" });
    const tools = (await client.listTools()).tools;
    expect(tools.length).toBe(HOTELS_TOOLS.length);
    expectViewMeta(tools);
    for (const t of tools.filter((tool) => !VIEW_TOOLS.includes(tool.name))) expect(t._meta, t.name).toBeUndefined();
    for (const t of tools.filter((tool) => VIEW_TOOLS.includes(tool.name))) expect(t.annotations, t.name).toMatchObject({ readOnlyHint: true, destructiveHint: false });
  });

  it("is not there without the journey toolset: no resources capability, resources/list unknown", async () => {
    const client = await inProcess({ TBANK_HOTELS_TOOLSETS: "lowlevel,booking" });
    expect(client.getServerCapabilities()?.resources).toBeUndefined();
    await expect(client.listResources()).rejects.toMatchObject({ code: ErrorCode.MethodNotFound });
  });

  it("takes its photo hosts from TBANK_HOTELS_PHOTO_ORIGINS when set", async () => {
    const client = await inProcess({ TBANK_HOTELS_PHOTO_ORIGINS: "https://photos.example, https://cdn.example:8443" });
    const { resources } = await client.listResources();
    expect(resources[0]?._meta).toEqual({ ui: { csp: { resourceDomains: ["https://photos.example", "https://cdn.example:8443"] }, prefersBorder: true } });
  });

  it("answers a JSON-RPC error, without the path, when the view was not built; a later build is read", async () => {
    const missing = pathToFileURL(join(dir, "later.html"));
    const client = await inProcess({}, missing);
    const failed = await client.readResource({ uri: STAY_VIEW_URI }).catch((err: unknown) => err);
    expect(failed).toMatchObject({ code: ErrorCode.InternalError });
    expect(String((failed as Error).message)).not.toContain(dir);
    await writeFile(missing, HTML);
    expect((await client.readResource({ uri: STAY_VIEW_URI })).contents[0]).toMatchObject({ text: HTML });
  });

  it("allows the photos the journey tools return: their origin is in the CSP, and the sandbox serves them", async () => {
    const client = await inProcess();
    const domains = ((await client.listResources()).resources[0]?._meta as { ui: { csp: { resourceDomains: string[] } } }).ui.csp.resourceDomains;
    const plan = await client.callTool({ name: "tbank_hotels_plan_stay", arguments: { destination: "Казань", ...stayFrom(sandbox.control.now(), 14, 2), rooms: [{ adults: 2, childrenAges: [] }] } });
    const { journeyId, options } = plan.structuredContent as { journeyId: string; options: { optionId: string }[] };
    const details = await client.callTool({ name: "tbank_hotels_get_stay_option_details", arguments: { journeyId, optionId: options[0]!.optionId } });
    const cover = (details.structuredContent as { hotel: { coverPhotoUrl: string } }).hotel.coverPhotoUrl;
    expect(domains).toContain(new URL(cover).origin);
    const photo = await fetch(cover);
    expect([photo.status, photo.headers.get("content-type")]).toEqual([200, "image/png"]);
  });

  it("is served by the --http mode as well, from every pooled server", async () => {
    const client = await overHttp();
    await expectStayResource(client);
    await expectStayResource(client);
    expectViewMeta((await client.listTools()).tools);
  });
});

describe("viewFile", () => {
  it("reads nothing until asked, then once", async () => {
    let reads = 0;
    const file = viewFile(viewUrl, () => (reads++, Promise.resolve(HTML)));
    expect(reads).toBe(0);
    expect(await file.read()).toBe(HTML);
    expect(await file.read()).toBe(HTML);
    expect(reads).toBe(1);
  });
});
