import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

export interface Step {
  server: string;
  tool: string;
  status: string;
  ok: boolean;
  size: number;
  ms: number;
  fact: string;
}

const WIDTH = 110;

/** The key facts of a step: what the model reads first, past the bare status words, shortened. */
export function keyFact(text: string): string {
  const lines = text.split("\n").map((l) => l.trim()).filter((l) => l !== "");
  const line = lines.slice(0, 2).join(" | ").replace(/\bstatus=\S+\s*/, "");
  return line.length > WIDTH ? `${line.slice(0, WIDTH - 1)}…` : line;
}

export function statusOf(result: CallToolResult): string {
  const status = (result.structuredContent as { status?: unknown } | undefined)?.status;
  return typeof status === "string" ? status : result.isError ? "error" : "ok";
}

export function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
}

export function formatStep(s: Step, unit: string): string {
  const mark = s.ok ? "✓" : "✗";
  return `  ${mark} ${s.tool.padEnd(38)} ${s.status.padEnd(26)} ${String(s.size).padStart(5)} ${unit} ${s.ms.toFixed(0).padStart(5)} ms  ${s.fact}\n`;
}
