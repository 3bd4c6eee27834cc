/** The anchor for MCP cold start: a Node process answering initialize and tools/list with canned JSON. */
let pending = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk: string) => {
  pending += chunk;
  let i: number;
  while ((i = pending.indexOf("\n")) >= 0) {
    const msg = JSON.parse(pending.slice(0, i)) as { id?: number; method: string };
    pending = pending.slice(i + 1);
    if (msg.id === undefined) continue;
    const result =
      msg.method === "initialize"
        ? { protocolVersion: "2025-06-18", capabilities: { tools: {} }, serverInfo: { name: "bare", version: "0" } }
        : { tools: [{ name: "noop", inputSchema: { type: "object" } }] };
    process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id: msg.id, result })}\n`);
  }
});
