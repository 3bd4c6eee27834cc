import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { McpError, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/** What one step answered, in the channels the model may read. */
export interface Answer {
  result: CallToolResult;
  text: string;
  data: Record<string, unknown>;
  /** The structured channel; a resource or prompt has one channel only, so it is the text again. */
  json: string;
}

function oneChannel(text: string, isError = false): Answer {
  const status = /^status=(\S+)/u.exec(text)?.[1];
  const nextStep = /^next: (.*)$/mu.exec(text)?.[1];
  const data = { ...(status === undefined ? {} : { status }), ...(nextStep === undefined ? {} : { nextStep }) };
  return { result: { content: [{ type: "text", text }], ...(isError ? { isError } : {}) }, text, data, json: text };
}

// A failed resources/read is a JSON-RPC error: its message is the tool's failure text and its data
// the tool's fields, so a scenario checks it as it checks a failed tool call.
function fromError(err: unknown): Answer {
  if (!(err instanceof McpError) || err.data === null || typeof err.data !== "object") throw err;
  const text = err.message.replace(/^(MCP error -?\d+: )+/u, "");
  return { result: { content: [{ type: "text", text }], isError: true }, text, data: err.data as Record<string, unknown>, json: JSON.stringify(err.data) };
}

/** Calls the step's tool, reads its resource or gets its prompt. */
export async function answer(client: Client, step: { tool: string; resource?: string; prompt?: string }, args: Record<string, unknown>): Promise<Answer> {
  if (step.resource !== undefined) {
    try {
      const { contents } = await client.readResource({ uri: step.resource });
      return oneChannel(contents.map((c) => ("text" in c ? c.text : "")).join("\n"));
    } catch (err) {
      return fromError(err);
    }
  }
  if (step.prompt !== undefined) {
    const { messages } = await client.getPrompt({ name: step.prompt, arguments: args as Record<string, string> });
    return oneChannel(messages.map((m) => (m.content.type === "text" ? m.content.text : "")).join("\n"));
  }
  const result = (await client.callTool({ name: step.tool, arguments: args })) as CallToolResult;
  const text = result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
  return { result, text, data: (result.structuredContent ?? {}), json: result.structuredContent === undefined ? "" : JSON.stringify(result.structuredContent) };
}
