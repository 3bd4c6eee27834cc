import { appendFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createBankingServer } from "../../mcp/banking/server.js";
import { createHotelsServer } from "../../mcp/hotels/server.js";
import { startSandbox } from "../../scripts/sandbox/index.js";
import { parseConfig } from "../../shared/config/index.js";
import { testClock } from "../fixtures/clock.js";
import { signIn, startInProcessBroker } from "../fixtures/in-process-broker.js";
import { connectBroker } from "../../shared/protocol/client.js";
import { describeApproval } from "../../scripts/cli/commands/approve.js";
import { contradictions, observe, type Observed } from "./retry-rules.js";
import { CANARY, EVAL_SEED } from "./sandbox-facts.js";
import type { Expect, Scenario } from "./types.js";
import { tokens } from "../../scripts/bench/tokens.js";
import { answer } from "./answer.js";

/** `EVAL_TRACE=/path` appends every step's two channels to that file: what the model read, for review. */
const TRACE_FILE = process.env.EVAL_TRACE;


export interface StepResult {
  tool: string;
  /** The answer's status, retryAllowed and next step, when it says retryAllowed (the retryAllowed walk). */
  retry: Observed | null;
  status: string;
  textTokens: number;
  structuredTokens: number;
  failures: string[];
}

export interface ScenarioResult {
  id: string;
  title: string;
  passed: boolean;
  calls: number;
  textTokens: number;
  structuredTokens: number;
  budgetTokens: number;
  steps: StepResult[];
  failures: string[];
}

/**
 * Reads a dot path from a result. A segment `name[key=value]` picks the one element of the array
 * `name` whose `key` equals `value` (as a string): scenarios pick bookings by what they are, never by
 * list position, and a filter that matches none or several is a failure, not a guess.
 */
export function at(value: unknown, path: string): unknown {
  let cur = value;
  for (const segment of path.split(".")) {
    if (cur === null || typeof cur !== "object") return undefined;
    const filter = /^([^[\]]+)\[([^=\]]+)=([^\]]*)\]$/u.exec(segment);
    if (!filter) {
      cur = (cur as Record<string, unknown>)[segment];
      continue;
    }
    const [, name = "", key = "", want] = filter;
    const list = (cur as Record<string, unknown>)[name];
    if (!Array.isArray(list)) return undefined;
    const matches = list.filter((item: unknown) => item !== null && typeof item === "object" && String((item as Record<string, unknown>)[key]) === want);
    if (matches.length !== 1) return undefined;
    cur = matches[0];
  }
  return cur;
}

function substitute(value: unknown, vars: Record<string, unknown>): unknown {
  if (typeof value === "string" && value.startsWith("$") && value.slice(1) in vars) return vars[value.slice(1)];
  if (Array.isArray(value)) return value.map((v) => substitute(v, vars));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, vars)]));
  return value;
}

/** Replaces `$name` inside an expectation string with a value saved earlier. */
function interpolate(text: string, vars: Record<string, unknown>): string {
  return text.replace(/\$([A-Za-z][A-Za-z0-9]*)/gu, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

const FACT_TOKEN = /[\p{L}\p{N}](?:[\p{L}\p{N}._:+-]*[\p{L}\p{N}])?/gu;

/** The words and numbers of a fact that the structured JSON lacks (compared case-insensitively). */
export function missingFactTokens(fact: string, json: string): string[] {
  const haystack = json.toLowerCase();
  return (fact.match(FACT_TOKEN) ?? []).filter((token) => !haystack.includes(token.toLowerCase()));
}

/** The text channel's next-step line: `next: ...`. */
function nextStepLine(text: string): string | undefined {
  return text.split("\n").find((line) => line.startsWith("next: "));
}

export interface Reading {
  result: CallToolResult;
  text: string;
  data: Record<string, unknown>;
  json: string;
  textTokens: number;
  structuredTokens: number;
}

/**
 * Checks one response in both channels the model may read: the text block (text-only clients, and
 * Claude Code for isError results) and the JSON of structuredContent (Claude Code, Codex, OpenCode).
 */
export function check(expect: Expect, r: Reading, vars: Record<string, unknown> = {}): string[] {
  const failures: string[] = [];
  const { text, data, json } = r;
  if (expect.status !== undefined && data.status !== expect.status) failures.push(`status ${typeof data.status === "string" ? data.status : "(none)"} is not ${expect.status}`);
  if (expect.status !== undefined && !text.includes(`status=${expect.status}`)) failures.push(`text lacks status=${expect.status}`);
  if (expect.isError !== undefined && Boolean(r.result.isError) !== expect.isError) failures.push(`isError ${Boolean(r.result.isError)}`);
  if (expect.retryAllowed !== undefined) {
    if (data.retryAllowed !== expect.retryAllowed) failures.push(`structured retryAllowed ${String(data.retryAllowed)}`);
    if (!text.includes(`retryAllowed=${expect.retryAllowed}`)) failures.push(`text lacks retryAllowed=${expect.retryAllowed}`);
  }
  for (const raw of expect.text ?? []) {
    const fact = interpolate(raw, vars);
    if (!text.includes(fact)) failures.push(`text lacks ${JSON.stringify(fact)}`);
    const missing = missingFactTokens(fact, json);
    if (missing.length > 0) failures.push(`structured lacks ${missing.map((m) => JSON.stringify(m)).join(", ")} of ${JSON.stringify(fact)}`);
  }
  for (const raw of expect.textOnly ?? []) {
    const s = interpolate(raw, vars);
    if (!text.includes(s)) failures.push(`text lacks ${JSON.stringify(s)}`);
  }
  for (const re of expect.textMatches ?? []) if (!new RegExp(re, "u").test(text)) failures.push(`text does not match /${re}/`);
  for (const raw of expect.notText ?? []) {
    const s = interpolate(raw, vars);
    if (text.includes(s)) failures.push(`text contains ${JSON.stringify(s)}`);
    if (json.includes(s)) failures.push(`structured contains ${JSON.stringify(s)}`);
  }
  const structuredNext = typeof data.nextStep === "string" ? data.nextStep : "";
  const textNext = nextStepLine(text) ?? "";
  for (const s of expect.nextStep ?? []) {
    if (!structuredNext.includes(s)) failures.push(`structured nextStep lacks ${JSON.stringify(s)}`);
    if (!textNext.includes(s)) failures.push(`text next-step line lacks ${JSON.stringify(s)}`);
  }
  const max = expect.maxTokens ?? 2000;
  const read = Math.max(r.textTokens, r.structuredTokens);
  if (read > max) failures.push(`response ${read} tokens (text ${r.textTokens}, structured ${r.structuredTokens}) > ${max}`);
  return failures;
}

// The broker's own gates for writes (the trusted x-real-ip is a documentation address), the two
// write toolsets, and a short approval window so a scenario where nobody answers ends quickly.
const WRITES_ENV = {
  TBANK_HOTELS_ENABLE_MUTATIONS: "true",
  TBANK_HOTELS_MUTATION_EXECUTION_PROFILE: "non_production_v1_reviewed",
  TBANK_HOTELS_TRUSTED_REAL_IP: "203.0.113.7",
  TBANK_AUTH_BROKER_APPROVAL_TIMEOUT_MS: "5000",
  TBANK_HOTELS_TOOLSETS: "journey,customer,booking,mutations",
};

/**
 * The person at `tbank-mcp approve`: waits for the request the call is waiting on to appear in the
 * toolkit role's list, reads it as the command prints it, then decides it. Resolves with what they
 * read, or undefined when nothing appeared within 4 s.
 */
async function decideFirstApproval(socketPath: string, decision: "approve" | "deny"): Promise<string | undefined> {
  const toolkit = await connectBroker({ socketPath, role: "toolkit", clientVersion: "eval", timeoutMs: 10_000 });
  try {
    for (let i = 0; i < 200; i++) {
      const { pending } = await toolkit.call("broker.list_approvals", {});
      const first = pending[0];
      if (first !== undefined) {
        await toolkit.call("broker.decide_approval", { approvalId: first.approvalId, decision });
        return describeApproval(first, 1, pending.length);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    return undefined;
  } finally {
    toolkit.close();
  }
}

/** Runs one scenario against a fresh sandbox through real MCP clients (and a real broker when needed). */
export async function runScenario(scenario: Scenario): Promise<ScenarioResult> {
  const root = await mkdtemp(join(tmpdir(), "tbank-eval-"));
  // One clock for the sandbox, the broker and both servers: no date comes from the machine.
  const clock = testClock();
  const sandbox = await startSandbox({ seed: EVAL_SEED, canary: CANARY, deviceIntervalSeconds: 0, faults: scenario.setup?.faults ?? {}, hostileText: scenario.setup?.hostileText ?? false, now: clock.now });
  const closers: (() => Promise<unknown>)[] = [() => sandbox.close(), () => rm(root, { recursive: true, force: true })];
  const results: StepResult[] = [];
  const failures: string[] = [];
  try {
    const writes = scenario.setup?.writes === true;
    const login = scenario.setup?.login === true || writes;
    const startBroker = login || scenario.setup?.brokerLoggedOut === true;
    const useBroker = startBroker || scenario.setup?.brokerWithoutProcess === true;
    const env = {
      HOME: root,
      TBANK_HOTELS_API_BASE_URL: sandbox.urls.hotelsApiBaseUrl,
      TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE: sandbox.urls.hotelPageUrlTemplate,
      TBANK_AUTH_ISSUER_URL: sandbox.urls.authIssuerUrl,
      TBANK_BANKING_API_BASE_URL: sandbox.urls.bankingApiBaseUrl,
      TBANK_AUTH_BROKER_STATE_DIR: join(root, "state"),
      TBANK_AUTH_SESSION_STORE: "file",
      TBANK_HOTELS_VOUCHER_DIRECTORY: join(root, "vouchers"),
      ...(useBroker ? { TBANK_AUTH_BROKER_SOCKET: join(root, "run", "auth.sock") } : {}),
      ...(writes ? WRITES_ENV : {}),
      ...scenario.setup?.env,
    };
    const parsed = parseConfig(env);
    if (!parsed.ok) throw new Error(`scenario config: ${JSON.stringify(parsed.problems)}`);
    const config = parsed.config;

    if (startBroker) {
      const broker = await startInProcessBroker(config, { now: clock.now, version: "eval" });
      closers.unshift(() => broker.stop("eval done"));
    }
    if (login) await signIn(config.broker.socketPath, sandbox);

    const connect = async (server: { connect(t: InMemoryTransport): Promise<void>; close(): Promise<void> }): Promise<Client> => {
      const [a, b] = InMemoryTransport.createLinkedPair();
      await server.connect(b);
      const client = new Client({ name: "eval", version: "1" });
      await client.connect(a);
      closers.unshift(() => client.close(), () => server.close());
      return client;
    };
    const hotels = createHotelsServer(config, { now: clock.now });
    closers.unshift(() => Promise.resolve(hotels.ctx.broker?.close()));
    const banking = createBankingServer(config, { now: clock.now });
    closers.unshift(() => Promise.resolve(banking.ctx.broker?.close()));
    const clients = { hotels: await connect(hotels.server), banking: await connect(banking.server) };

    const vars: Record<string, unknown> = {};
    for (const step of scenario.steps) {
      for (const [route, fault] of Object.entries(step.faults ?? {})) sandbox.control.setFault(route, fault);
      const args = substitute(step.args ?? {}, vars) as Record<string, unknown>;
      if (step.advanceClockMs !== undefined) clock.advance(step.advanceClockMs);
      if (step.personBefore !== undefined && !(await decideFirstApproval(config.broker.socketPath, step.personBefore))) failures.push(`${step.tool}: no request waited in the person's terminal to ${step.personBefore}`);
      const person = step.person === undefined ? undefined : decideFirstApproval(config.broker.socketPath, step.person);
      const resource = step.resource === undefined ? {} : { resource: interpolate(step.resource, vars) };
      const { result, text, data, json } = await answer(clients[step.server ?? "hotels"], { ...step, ...resource }, args);
      const screen = await person;
      if (person !== undefined && screen === undefined) failures.push(`${step.tool}: no request reached the person's terminal to ${step.person}`);
      for (const fact of step.screen ?? []) if (!screen?.includes(fact)) failures.push(`${step.tool}: the approval screen does not show ${JSON.stringify(fact)}`);
      for (const route of Object.keys(step.faults ?? {})) sandbox.control.clearFaults(route);
      if (TRACE_FILE !== undefined) appendFileSync(TRACE_FILE, `\n=== ${scenario.id} ${step.tool} ${JSON.stringify(args)}\n--- text\n${text}\n--- structured\n${json}\n`);
      const reading: Reading = { result, text, data, json, textTokens: tokens(text), structuredTokens: json === "" ? 0 : tokens(json) };
      const stepFailures = check(step.expect, reading, vars);
      if (`${text}${json}`.includes(CANARY)) stepFailures.push("a token/orderId canary reached the result");
      // Every scenario is part of the retryAllowed walk: no answer may contradict its own flag.
      const retry = observe(step.tool, data);
      if (retry) stepFailures.push(...contradictions(retry));
      for (const [name, path] of Object.entries(step.save ?? {})) {
        const value = at(data, path);
        if (value === undefined) stepFailures.push(`nothing at ${path} to save as $${name}`);
        vars[name] = value;
      }
      results.push({ tool: step.tool, retry, status: typeof data.status === "string" ? data.status : result.isError ? "error" : "-", textTokens: reading.textTokens, structuredTokens: reading.structuredTokens, failures: stepFailures });
      failures.push(...stepFailures.map((f) => `${step.tool}: ${f}`));
    }
  } catch (err) {
    failures.push(`setup or call failed: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    for (const close of closers) await close().catch(() => undefined);
  }
  const textTokens = results.reduce((n, s) => n + s.textTokens, 0);
  const structuredTokens = results.reduce((n, s) => n + s.structuredTokens, 0);
  // The budget holds for whichever channel the client gives the model: the larger one.
  if (Math.max(textTokens, structuredTokens) > scenario.budgetTokens) failures.push(`over budget: text ${textTokens}, structured ${structuredTokens} > ${scenario.budgetTokens} tokens`);
  return {
    id: scenario.id,
    title: scenario.title,
    passed: failures.length === 0,
    calls: results.length,
    textTokens,
    structuredTokens,
    budgetTokens: scenario.budgetTokens,
    steps: results,
    failures,
  };
}
