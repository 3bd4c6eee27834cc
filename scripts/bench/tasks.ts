import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ProviderFacts } from "../../test/helpers/stdio-servers.js";
import type { JourneyClient } from "./mcp.js";
import { tokens } from "./tokens.js";

// Agent tasks played through the spawned servers: what one question costs a model in calls and in
// tokens of each channel (the text block, or JSON.stringify(structuredContent)).

/** The bounds of issue 30: a question is answered in this many calls and structured tokens. */
export const TASK_MAX_CALLS = 6;
export const TASK_MAX_STRUCTURED_TOKENS = 6000;

/** One answer as the model reads it. */
export interface Reading {
  tool: string;
  isError: boolean;
  status: string;
  text: string;
  data: Record<string, unknown>;
  textTokens: number;
  structuredTokens: number;
}

/** A competent agent's hands: it calls a tool and reads the answer. */
export interface Agent {
  call(tool: string, args?: Record<string, unknown>, server?: "hotels" | "banking"): Promise<Reading>;
}

export interface Task {
  id: string;
  /** The person's request, in their words. */
  request: string;
  /**
   * Makes the calls the agent makes and returns what keeps the answer from being reached (empty:
   * reached), judged from what the model read (and, for faithfulness, against what the provider holds).
   */
  play(agent: Agent, facts: ProviderFacts): Promise<string[]>;
}

export interface TaskResult {
  id: string;
  request: string;
  calls: number;
  textTokens: number;
  structuredTokens: number;
  reached: boolean;
  /** The unmet answer checks and the exceeded bounds. */
  failures: string[];
  steps: { tool: string; status: string; textTokens: number; structuredTokens: number }[];
}

export interface TaskClients {
  hotels: JourneyClient;
  banking: JourneyClient;
  facts: ProviderFacts;
}

/** Thrown by a task when an answer leaves the agent nothing to continue with. */
export class TaskStopped extends Error {}

/** Called with every answer as the model reads it (bench:tasks writes them to TASKS_TRACE). */
export type TaskTrace = (taskId: string, args: Record<string, unknown>, reading: Reading) => void;

export async function runTask(task: Task, clients: TaskClients, trace?: TaskTrace): Promise<TaskResult> {
  const steps: Reading[] = [];
  const agent: Agent = {
    async call(tool, args = {}, server = "hotels") {
      const result = (await clients[server].callTool({ name: tool, arguments: args })) as CallToolResult;
      const text = result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
      const data = (result.structuredContent ?? {}) as Record<string, unknown>;
      const json = result.structuredContent === undefined ? "" : JSON.stringify(result.structuredContent);
      const isError = result.isError === true;
      const status = typeof data.status === "string" ? data.status : isError ? "error" : "-";
      const reading = { tool, isError, status, text, data, textTokens: tokens(text), structuredTokens: json === "" ? 0 : tokens(json) };
      steps.push(reading);
      trace?.(task.id, args, reading);
      return reading;
    },
  };
  let failures: string[];
  try {
    failures = await task.play(agent, clients.facts);
  } catch (err) {
    failures = [err instanceof TaskStopped ? err.message : `call failed: ${err instanceof Error ? err.message : String(err)}`];
  }
  const reached = failures.length === 0;
  const textTokens = steps.reduce((n, s) => n + s.textTokens, 0);
  const structuredTokens = steps.reduce((n, s) => n + s.structuredTokens, 0);
  if (steps.length > TASK_MAX_CALLS) failures.push(`${steps.length} calls > ${TASK_MAX_CALLS}`);
  if (structuredTokens > TASK_MAX_STRUCTURED_TOKENS) failures.push(`${structuredTokens} structured tokens > ${TASK_MAX_STRUCTURED_TOKENS}`);
  return {
    id: task.id,
    request: task.request,
    calls: steps.length,
    textTokens,
    structuredTokens,
    reached,
    failures,
    steps: steps.map((s) => ({ tool: s.tool, status: s.status, textTokens: s.textTokens, structuredTokens: s.structuredTokens })),
  };
}

/** Every task in order on the same servers: results do not depend on order (each plans its own journey). */
export async function runTasks(tasks: readonly Task[], clients: TaskClients, trace?: TaskTrace): Promise<TaskResult[]> {
  const results: TaskResult[] = [];
  for (const task of tasks) results.push(await runTask(task, clients, trace));
  return results;
}

/** The table bench:tasks prints, like the eval's: one row per task, then totals and each failure. */
export function formatTaskTable(results: readonly TaskResult[]): string {
  const head = `| task | calls | text tokens | structured tokens | answer |\n|---|---:|---:|---:|---|`;
  const rows = results.map((r) => `| ${r.id} | ${r.calls} | ${r.textTokens} | ${r.structuredTokens} | ${r.failures.length === 0 ? "reached" : r.reached ? "over bound" : "NOT reached"} |`);
  const sum = (f: (r: TaskResult) => number) => results.reduce((n, r) => n + f(r), 0);
  const total = `| total (${results.length} tasks) | ${sum((r) => r.calls)} | ${sum((r) => r.textTokens)} | ${sum((r) => r.structuredTokens)} | ${results.filter((r) => r.failures.length === 0).length}/${results.length} within bounds |`;
  const failures = results.flatMap((r) => r.failures.map((f) => `- ${r.id}: ${f}`));
  return [head, ...rows, total, ...(failures.length > 0 ? ["", "Failures:", ...failures] : [])].join("\n") + "\n";
}
