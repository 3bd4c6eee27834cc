import { Agent, request } from "node:http";
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";

// bench:http's default client: one MCP session over Streamable HTTP in plain JSON-RPC POSTs on a
// keep-alive connection (initialize, notifications/initialized, then tools/call), answered as JSON
// by the stateless server. The SDK client does the same plus its own work per call (web streams,
// Ajv checks of every result against the tool's output schema): on the 2 cores the servers and the
// sandbox also run on, 200 of them took CPU the server then waited for. `--client sdk` uses it.

export interface ToolCaller {
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
  close(): Promise<void>;
}

interface RpcAnswer {
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

export async function leanSession(url: string): Promise<ToolCaller> {
  const target = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let protocolVersion: string = LATEST_PROTOCOL_VERSION;
  let nextId = 1;

  const post = (message: Record<string, unknown>) => postJson(target, agent, message, { accept: "application/json, text/event-stream", "mcp-protocol-version": protocolVersion });

  const call = async (method: string, params: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const { status, text } = await post({ jsonrpc: "2.0", id: nextId++, method, params });
    if (status !== 200) throw new Error(`${method}: HTTP ${status} ${text.slice(0, 200)}`);
    const answer = JSON.parse(text) as RpcAnswer;
    if (answer.error || !answer.result) throw new Error(`${method}: ${answer.error?.message ?? "no result"}`);
    return answer.result;
  };

  const init = await call("initialize", { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: "bench-http", version: "1" } });
  if (typeof init.protocolVersion === "string") protocolVersion = init.protocolVersion;
  const initialized = await post({ jsonrpc: "2.0", method: "notifications/initialized" });
  if (initialized.status !== 202) throw new Error(`notifications/initialized: HTTP ${initialized.status}`);

  return {
    callTool: (params) => call("tools/call", { name: params.name, arguments: params.arguments ?? {} }),
    close: () => {
      agent.destroy();
      return Promise.resolve();
    },
  };
}

/** One JSON POST on a keep-alive agent; the answer's status and text. */
export function postJson(target: URL, agent: Agent, message: unknown, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify(message);
    const req = request(
      { host: target.hostname, port: target.port, path: target.pathname, method: "POST", agent, headers: { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
