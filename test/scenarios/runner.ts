import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { getEncoding } from "js-tiktoken";
import { nullAudit } from "../../broker/audit.js";
import { runBroker } from "../../broker/main.js";
import { createBrokerParts } from "../../broker/wire.js";
import { createBankingServer } from "../../mcp/banking/server.js";
import { createHotelsServer } from "../../mcp/hotels/server.js";
import { startSandbox } from "../../scripts/sandbox/index.js";
import { parseConfig } from "../../shared/config/index.js";
import { nullLogger, SecretRegistry } from "../../shared/logger.js";
import { connectBroker } from "../../shared/protocol/client.js";
import type { Expect, Scenario } from "./types.js";

const o200k = getEncoding("o200k_base");
export const tokens = (text: string): number => o200k.encode(text).length;

export const EVAL_TODAY = "2027-03-01";
export const CANARY = "EVALCANARY-5c1d";

export interface StepResult {
  tool: string;
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

function at(value: unknown, path: string): unknown {
  let cur = value;
  for (const key of path.split(".")) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

function substitute(value: unknown, vars: Record<string, unknown>): unknown {
  if (typeof value === "string" && value.startsWith("$") && value.slice(1) in vars) return vars[value.slice(1)];
  if (Array.isArray(value)) return value.map((v) => substitute(v, vars));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, vars)]));
  return value;
}

function check(expect: Expect, result: CallToolResult, text: string, data: Record<string, unknown>, textTokens: number): string[] {
  const failures: string[] = [];
  const status = typeof data.status === "string" ? data.status : undefined;
  if (expect.status !== undefined) {
    const allowed = Array.isArray(expect.status) ? expect.status : [expect.status];
    if (!allowed.includes(status ?? "")) failures.push(`status ${status ?? "(none)"} not in ${allowed.join("|")}`);
  }
  if (expect.isError !== undefined && Boolean(result.isError) !== expect.isError) failures.push(`isError ${Boolean(result.isError)}`);
  if (expect.retryAllowed !== undefined && data.retryAllowed !== expect.retryAllowed) failures.push(`retryAllowed ${String(data.retryAllowed)}`);
  for (const s of expect.text ?? []) if (!text.includes(s)) failures.push(`text lacks ${JSON.stringify(s)}`);
  for (const r of expect.textMatches ?? []) if (!new RegExp(r, "u").test(text)) failures.push(`text does not match /${r}/`);
  for (const s of expect.notText ?? []) if (text.includes(s)) failures.push(`text contains ${JSON.stringify(s)}`);
  const nextStep = typeof data.nextStep === "string" ? data.nextStep : "";
  for (const s of expect.nextStep ?? []) if (!nextStep.includes(s) && !text.includes(s)) failures.push(`nextStep lacks ${JSON.stringify(s)}`);
  const max = expect.maxTokens ?? 2000;
  if (textTokens > max) failures.push(`response ${textTokens} tokens > ${max}`);
  return failures;
}

/** Runs one scenario against a fresh sandbox through real MCP clients (and a real broker when needed). */
export async function runScenario(scenario: Scenario): Promise<ScenarioResult> {
  const root = await mkdtemp(join(tmpdir(), "tbank-eval-"));
  const sandbox = await startSandbox({ seed: "eval", canary: CANARY, deviceIntervalSeconds: 0, faults: scenario.setup?.faults ?? {} });
  const closers: (() => Promise<unknown>)[] = [() => sandbox.close(), () => rm(root, { recursive: true, force: true })];
  const results: StepResult[] = [];
  const failures: string[] = [];
  try {
    const startBroker = scenario.setup?.login === true || scenario.setup?.brokerLoggedOut === true;
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
      ...scenario.setup?.env,
    };
    const parsed = parseConfig(env);
    if (!parsed.ok) throw new Error(`scenario config: ${JSON.stringify(parsed.problems)}`);
    const config = parsed.config;

    if (startBroker) {
      const secrets = new SecretRegistry();
      const broker = await runBroker({
        socketPath: config.broker.socketPath,
        stateDir: config.broker.stateDir,
        version: "eval",
        requestTimeoutMs: config.broker.timeoutMs,
        logger: nullLogger,
        audit: nullAudit,
        createParts: ({ requestStop, info }) => createBrokerParts({ config, logger: nullLogger, secrets, info, requestStop }),
      });
      if (broker.kind !== "running") throw new Error("eval broker did not start");
      closers.unshift(() => broker.stop("eval done"));
    }
    if (scenario.setup?.login) {
      const toolkit = await connectBroker({ socketPath: config.broker.socketPath, role: "toolkit", clientVersion: "eval", timeoutMs: 10_000 });
      const start = await toolkit.call("broker.login_start", {});
      sandbox.control.approveDevice(start.userCode);
      let state = "pending";
      for (let i = 0; i < 100 && state === "pending"; i++) {
        state = (await toolkit.call("broker.login_poll", { loginId: start.loginId })).state;
        if (state === "pending") await new Promise((r) => setTimeout(r, 20));
      }
      toolkit.close();
      if (state !== "approved") throw new Error(`eval login ended ${state}`);
    }

    const connect = async (server: { connect(t: InMemoryTransport): Promise<void>; close(): Promise<void> }): Promise<Client> => {
      const [a, b] = InMemoryTransport.createLinkedPair();
      await server.connect(b);
      const client = new Client({ name: "eval", version: "1" });
      await client.connect(a);
      closers.unshift(() => client.close(), () => server.close());
      return client;
    };
    const hotels = createHotelsServer(config, { today: () => EVAL_TODAY });
    closers.unshift(() => Promise.resolve(hotels.ctx.broker?.close()));
    const banking = createBankingServer(config);
    closers.unshift(() => Promise.resolve(banking.ctx.broker?.close()));
    const clients = { hotels: await connect(hotels.server), banking: await connect(banking.server) };

    const vars: Record<string, unknown> = {};
    for (const step of scenario.steps) {
      for (const [route, fault] of Object.entries(step.faults ?? {})) sandbox.control.setFault(route, fault);
      const args = substitute(step.args ?? {}, vars) as Record<string, unknown>;
      const result = (await clients[step.server ?? "hotels"].callTool({ name: step.tool, arguments: args })) as CallToolResult;
      for (const route of Object.keys(step.faults ?? {})) sandbox.control.clearFaults(route);
      const text = result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
      const data = (result.structuredContent ?? {}) as Record<string, unknown>;
      const textTokens = tokens(text);
      const stepFailures = check(step.expect, result, text, data, textTokens);
      if (`${text}${JSON.stringify(data)}`.includes(CANARY)) stepFailures.push("a token/orderId canary reached the result");
      for (const [name, path] of Object.entries(step.save ?? {})) {
        const value = at(data, path);
        if (value === undefined) stepFailures.push(`nothing at ${path} to save as $${name}`);
        vars[name] = value;
      }
      results.push({ tool: step.tool, status: typeof data.status === "string" ? data.status : result.isError ? "error" : "-", textTokens, structuredTokens: tokens(JSON.stringify(data)), failures: stepFailures });
      failures.push(...stepFailures.map((f) => `${step.tool}: ${f}`));
    }
  } catch (err) {
    failures.push(`setup or call failed: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    for (const close of closers) await close().catch(() => undefined);
  }
  const textTokens = results.reduce((n, s) => n + s.textTokens, 0);
  if (textTokens > scenario.budgetTokens) failures.push(`over budget: ${textTokens} > ${scenario.budgetTokens} tokens`);
  return {
    id: scenario.id,
    title: scenario.title,
    passed: failures.length === 0,
    calls: results.length,
    textTokens,
    structuredTokens: results.reduce((n, s) => n + s.structuredTokens, 0),
    budgetTokens: scenario.budgetTokens,
    steps: results,
    failures,
  };
}
