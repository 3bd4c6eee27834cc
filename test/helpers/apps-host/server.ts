import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { ResourceCspSchema, viewCsp } from "./csp.js";

// Serves the test host on two origins, as a real MCP Apps host does: the host page on
// http://127.0.0.1:<port> and the sandbox proxy on http://localhost:<other port> (another origin
// and another site, so the view's frames never share the host's). The scripts are bundled with
// esbuild when the server starts, for the browser.

export interface AppsHostServer {
  hostOrigin: string;
  hostUrl: string;
  sandboxUrl: string;
  close(): Promise<void>;
}

const here = (file: string): string => fileURLToPath(new URL(file, import.meta.url));

async function bundle(entry: string, define: Record<string, string>): Promise<string> {
  const out = await build({ entryPoints: [here(entry)], bundle: true, platform: "browser", format: "iife", target: "chrome120", write: false, define, logLevel: "silent" });
  const [file] = out.outputFiles;
  if (file === undefined) throw new Error(`esbuild wrote nothing for ${entry}`);
  return file.text;
}

function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ server: Server; port: number }> {
  const server = createServer(handler);
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, port: (server.address() as AddressInfo).port })));
}

function send(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": `${type}; charset=utf-8`, "cache-control": "no-store", ...headers });
  res.end(body);
}

/** The sandbox page's CSP from its `csp` query parameter (the resource's `_meta.ui.csp`); null when it is not one. */
function cspHeader(url: URL): string | null {
  const raw = url.searchParams.get("csp");
  if (raw === null) return viewCsp(undefined);
  try {
    const parsed = ResourceCspSchema.safeParse(JSON.parse(raw));
    return parsed.success ? viewCsp(parsed.data) : null;
  } catch {
    return null;
  }
}

const HOST_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>MCP Apps test host</title><link rel="icon" href="data:,">
<style>body{margin:0;padding:8px;font-family:sans-serif;background:#fff}#chat{display:flex;flex-direction:column;gap:8px}</style>
</head><body><div id="chat"></div><script src="/host.js"></script></body></html>`;

export async function startAppsHostServer(): Promise<AppsHostServer> {
  const scripts = { host: "", proxy: "" };
  const sandbox = await listen((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname !== "/sandbox.html") return send(res, 404, "text/plain", "not found");
    const csp = cspHeader(url);
    if (csp === null) return send(res, 400, "text/plain", "the csp parameter is not a resource's _meta.ui.csp");
    const page = `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><style>html,body{margin:0;height:100%;overflow:hidden}</style></head><body><script>${scripts.proxy}</script></body></html>`;
    send(res, 200, "text/html", page, { "content-security-policy": csp });
  });
  const host = await listen((req, res) => {
    if (req.url === "/") return send(res, 200, "text/html", HOST_PAGE);
    if (req.url === "/host.js") return send(res, 200, "text/javascript", scripts.host);
    send(res, 404, "text/plain", "not found");
  });
  const hostOrigin = `http://127.0.0.1:${host.port}`;
  const sandboxUrl = `http://localhost:${sandbox.port}/sandbox.html`;
  [scripts.host, scripts.proxy] = await Promise.all([
    bundle("./page/host.ts", { SANDBOX_URL: JSON.stringify(sandboxUrl) }),
    bundle("./page/sandbox-proxy.ts", { HOST_ORIGIN: JSON.stringify(hostOrigin) }),
  ]);
  const close = (s: Server): Promise<void> => new Promise((resolve) => s.close(() => resolve()));
  return { hostOrigin, hostUrl: `${hostOrigin}/`, sandboxUrl, close: async () => void (await Promise.all([close(host.server), close(sandbox.server)])) };
}
