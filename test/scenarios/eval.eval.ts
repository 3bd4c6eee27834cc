import { readdirSync, writeFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, describe, expect, it } from "vitest";
import { createHotelsServer } from "../../mcp/hotels/server.js";
import { parseConfig } from "../../shared/config/index.js";
import { runScenario, tokens, type ScenarioResult } from "./runner.js";
import type { Scenario } from "./types.js";

const CASES = new URL("./cases/", import.meta.url);
const files = readdirSync(CASES).filter((f) => f.endsWith(".ts")).sort();
const scenarios: Scenario[] = [];
for (const file of files) scenarios.push(((await import(new URL(file, CASES).href)) as { scenario: Scenario }).scenario);
const results: ScenarioResult[] = [];

function table(rows: ScenarioResult[]): string {
  const head = "| scenario | result | calls | tokens (text) | budget | structured |\n|---|---|---|---|---|---|\n";
  return head + rows.map((r) => `| ${r.id} — ${r.title} | ${r.passed ? "pass" : "FAIL"} | ${r.calls} | ${r.textTokens} | ${r.budgetTokens} | ${r.structuredTokens} |`).join("\n") + "\n";
}

describe("scenario evals", () => {
  it("has at least 60 scenarios with unique ids", () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(60);
    expect(new Set(scenarios.map((s) => s.id)).size).toBe(scenarios.length);
  });

  it("keeps the default tools/list within 6,000 o200k tokens", async () => {
    const parsed = parseConfig({ HOME: "/nonexistent-home", TBANK_AUTH_BROKER_SOCKET: "/nonexistent-home/auth.sock" });
    if (!parsed.ok) throw new Error("config");
    const { server } = createHotelsServer(parsed.config);
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(b);
    const client = new Client({ name: "eval", version: "1" });
    await client.connect(a);
    const list = await client.listTools();
    await client.close();
    expect(tokens(JSON.stringify(list))).toBeLessThanOrEqual(6000);
  });

  for (const scenario of scenarios) {
    it(`${scenario.id}: ${scenario.title}`, async () => {
      const result = await runScenario(scenario);
      results.push(result);
      expect(result.failures).toEqual([]);
    }, 60_000);
  }

  afterAll(() => {
    const sorted = [...results].sort((x, y) => x.id.localeCompare(y.id));
    process.stdout.write(`\n${table(sorted)}\n${sorted.filter((r) => r.passed).length}/${sorted.length} scenarios passed\n`);
    if (process.env.EVAL_WRITE_DOCS === "1") {
      const doc = new URL("../../docs/evals.md", import.meta.url);
      const intro = `# Scenario evals\n\nEach file in \`test/scenarios/cases/\` is one scenario (\`test/scenarios/types.ts\`): the person's request, the\ncalls a competent agent makes in order (detours included), and what must hold after each call in\nthe text the model reads: status, \`retryAllowed\`, the next step, the facts an answer needs, and a\nper-response token cap (2,000 by default). \`npm run eval\` plays every scenario against a fresh\nsandbox through real MCP clients (and a real broker for customer scenarios), prints this table, and\nfails when a scenario fails or exceeds its budget. Tokens are o200k (\`js-tiktoken\`) over the text\nblocks a client shows the model; structured content is counted separately.\n\n## Adding a scenario\n\nCopy a file in \`test/scenarios/cases/\`, give it a new \`id\`, write the request, the steps and\nthe expectations. \`$name\` in args is replaced by a value saved by an earlier step's \`save\`\n(a dot path into its structured result). \`setup.login\` starts a broker and signs in first;\n\`setup.faults\` or a step's \`faults\` switch on sandbox faults. Regenerate this table with\n\`EVAL_WRITE_DOCS=1 npm run eval\`.\n\n## Mutations the evals caught\n\nSetting \`retryAllowed: true\` on \`rates_temporarily_unavailable\` (in \`get-selected-stay-rates.ts\`)\nfails s033; padding the \`list_bookings\` text with ~2,500 extra tokens fails 16 scenarios (s002,\ns050–s061, …) on the per-response cap and their budgets. Both were reverted.\n\n## Current table\n\n`;
      writeFileSync(doc, intro + table(sorted));
    }
  });
});
