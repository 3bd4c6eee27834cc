import { AppBridge, PostMessageTransport, RESOURCE_MIME_TYPE, getToolUiResourceUri, type McpUiHostContext } from "@modelcontextprotocol/ext-apps/app-bridge";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolRequest, CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { ResourceCspSchema, type ResourceCsp } from "../csp.js";
import type { AppsHostApi, HostRecord, McpRoute, ShowRequest, Shown, ViewToolCall } from "../host-api.js";
import { VIEW_TOOLS } from "../journey-tools.js";
import { NodeBridgeTransport } from "./node-transport.js";

// The test host: what a chat client supporting MCP Apps does with a tool that names a `ui://`
// resource. It calls the tool as the model would, reads the resource from the MCP server, renders
// it in the double-iframe sandbox with the CSP its metadata declares, and drives it with AppBridge:
// host context, the tool's input and result, and the view's own tool calls forwarded to the server.

declare const SANDBOX_URL: string;

const HOST_INFO = { name: "tbank-apps-test-host", version: "1" };
const record: HostRecord = { toolCalls: [], messages: [], contextUpdates: [], openLinks: [], errors: [] };
let client: Client | undefined;
let tools = new Map<string, Tool>();
let views = 0;

async function connect(route: McpRoute): Promise<void> {
  client = new Client(HOST_INFO);
  const transport = route.kind === "http" ? new StreamableHTTPClientTransport(new URL(route.url)) : new NodeBridgeTransport();
  await client.connect(transport);
  tools = new Map((await client.listTools()).tools.map((t) => [t.name, t]));
}

function connected(): Client {
  if (client === undefined) throw new Error("appsHost.connect first");
  return client;
}

async function readView(uri: string): Promise<{ html: string; csp: ResourceCsp | undefined }> {
  const { contents } = await connected().readResource({ uri });
  const [content] = contents;
  if (contents.length !== 1 || content === undefined) throw new Error(`${uri}: expected one content, got ${contents.length}`);
  if (content.mimeType !== RESOURCE_MIME_TYPE) throw new Error(`${uri}: mimeType ${content.mimeType}, not ${RESOURCE_MIME_TYPE}`);
  if (!("text" in content) || typeof content.text !== "string") throw new Error(`${uri}: no text content`);
  const ui = (content._meta as { ui?: { csp?: unknown } } | undefined)?.ui;
  return { html: content.text, csp: ui?.csp === undefined ? undefined : ResourceCspSchema.parse(ui.csp) };
}

/** The outer sandbox frame, loaded with the view's CSP; resolves once its relay is listening. */
function sandboxFrame(view: number, csp: ResourceCsp | undefined, width: number): Promise<HTMLIFrameElement> {
  const frame = document.createElement("iframe");
  frame.dataset.view = String(view);
  frame.setAttribute("sandbox", "allow-scripts allow-same-origin");
  frame.style.cssText = `width:${width}px;height:200px;border:0;display:block`;
  const url = new URL(SANDBOX_URL);
  if (csp !== undefined) url.searchParams.set("csp", JSON.stringify(csp));
  const ready = new Promise<HTMLIFrameElement>((resolve) => {
    const listener = (event: MessageEvent<{ method?: string }>): void => {
      if (event.source !== frame.contentWindow || event.data?.method !== "ui/notifications/sandbox-proxy-ready") return;
      window.removeEventListener("message", listener);
      resolve(frame);
    };
    window.addEventListener("message", listener);
  });
  frame.src = url.href;
  document.getElementById("chat")?.appendChild(frame);
  // The newest answer is in view, as in a chat: chromium throttles the rendering of cross-origin
  // frames out of view, so one left below the fold would never lay out or report its size.
  frame.scrollIntoView();
  return ready;
}

function bridgeFor(view: number, frame: HTMLIFrameElement, context: McpUiHostContext): AppBridge {
  const server = connected();
  const bridge = new AppBridge(null, HOST_INFO, { serverTools: {}, serverResources: {}, openLinks: {}, logging: {}, message: { text: {} }, updateModelContext: { text: {} } }, { hostContext: context });
  bridge.oncalltool = async (params: CallToolRequest["params"]): Promise<CallToolResult> => {
    const call: ViewToolCall = { view, name: params.name, arguments: params.arguments ?? {}, refused: !VIEW_TOOLS.has(params.name) };
    record.toolCalls.push(call);
    if (call.refused) return { isError: true, content: [{ type: "text", text: `the host does not let a view call ${params.name}` }] };
    const result = (await server.callTool(params)) as CallToolResult;
    call.structuredContent = result.structuredContent;
    return result;
  };
  bridge.onreadresource = (params) => server.readResource(params);
  bridge.onmessage = (params) => {
    record.messages.push(params);
    return Promise.resolve({});
  };
  bridge.onupdatemodelcontext = (params) => {
    record.contextUpdates.push(params);
    return Promise.resolve({});
  };
  // Recorded, not opened: a view opens nothing the person did not ask the model for.
  bridge.onopenlink = (params) => {
    record.openLinks.push(params.url);
    return Promise.resolve({ isError: true });
  };
  bridge.onsizechange = ({ height }) => {
    if (height !== undefined) frame.style.height = `${Math.ceil(height)}px`;
  };
  bridge.onerror = (err) => record.errors.push(`view ${view}: ${err.message}`);
  return bridge;
}

async function show(req: ShowRequest): Promise<Shown> {
  const tool = tools.get(req.tool);
  if (tool === undefined) throw new Error(`${req.tool} is not in tools/list`);
  const resourceUri = getToolUiResourceUri(tool);
  if (resourceUri === undefined) throw new Error(`${req.tool} names no ui:// resource`);
  const view = ++views;
  const running = connected().callTool({ name: req.tool, arguments: req.args }) as Promise<CallToolResult>;
  const { html, csp } = await readView(resourceUri);
  const frame = await sandboxFrame(view, csp, req.width);
  const context: McpUiHostContext = {
    toolInfo: { tool },
    theme: req.theme,
    locale: req.locale,
    displayMode: "inline",
    availableDisplayModes: ["inline"],
    platform: "web",
    containerDimensions: { width: req.width, maxHeight: 4000 },
  };
  const bridge = bridgeFor(view, frame, context);
  const initialized = new Promise<void>((resolve) => bridge.addEventListener("initialized", () => resolve()));
  await bridge.connect(new PostMessageTransport(frame.contentWindow!, frame.contentWindow!));
  await bridge.sendSandboxResourceReady({ html });
  await initialized;
  await bridge.sendToolInput({ arguments: req.args });
  const result = await running;
  await bridge.sendToolResult(result);
  return { view, resourceUri, result };
}

const api: AppsHostApi = { connect, show, record: () => record };
(window as unknown as { appsHost: AppsHostApi }).appsHost = api;
