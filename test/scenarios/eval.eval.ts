import { readdirSync, writeFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, describe, expect, it } from "vitest";
import { createHotelsServer } from "../../mcp/hotels/server.js";
import { parseConfig } from "../../shared/config/index.js";
import { walkReport } from "./retry-rules.js";
import { tokens } from "../../scripts/bench/tokens.js";
import { runScenario, type ScenarioResult } from "./runner.js";
import type { Scenario } from "./types.js";

const CASES = new URL("./cases/", import.meta.url);
const files = readdirSync(CASES).filter((f) => f.endsWith(".ts")).sort();
const scenarios: Scenario[] = [];
for (const file of files) scenarios.push(((await import(new URL(file, CASES).href)) as { scenario: Scenario }).scenario);
const results: ScenarioResult[] = [];

function table(rows: ScenarioResult[]): string {
  const head = "| scenario | result | calls | text tokens | structured tokens | budget |\n|---|---|---|---|---|---|\n";
  return head + rows.map((r) => `| ${r.id} — ${r.title} | ${r.passed ? "pass" : "FAIL"} | ${r.calls} | ${r.textTokens} | ${r.structuredTokens} | ${r.budgetTokens} |`).join("\n") + "\n";
}

/** o200k tokens of tools/list in the combined profile, for the default toolsets or the ones named. */
/** The tools/list as sent, and without the tools' MCP Apps `_meta` (what a client without Apps pays). */
async function toolsListTokens(toolsets?: string): Promise<{ sent: number; withoutMeta: number }> {
  const parsed = parseConfig({
    HOME: "/nonexistent-home",
    TBANK_AUTH_BROKER_SOCKET: "/nonexistent-home/auth.sock",
    ...(toolsets === undefined ? {} : { TBANK_HOTELS_TOOLSETS: toolsets }),
  });
  if (!parsed.ok) throw new Error("config");
  const { server } = createHotelsServer(parsed.config);
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  const client = new Client({ name: "eval", version: "1" });
  await client.connect(a);
  const list = await client.listTools();
  await client.close();
  return { sent: tokens(JSON.stringify(list)), withoutMeta: tokens(JSON.stringify({ ...list, tools: list.tools.map((tool) => ({ ...tool, _meta: undefined })) })) };
}

describe("scenario evals", () => {
  it("has at least 60 scenarios with unique ids", () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(60);
    expect(new Set(scenarios.map((s) => s.id)).size).toBe(scenarios.length);
  });

  it("keeps the default tools/list within 6,000 o200k tokens, and the views' _meta within 5 % more", async () => {
    const { sent, withoutMeta } = await toolsListTokens();
    process.stdout.write(`default tools/list: ${withoutMeta} o200k tokens without _meta (bound 6,000), ${sent} as sent (bound +5 %)\n`);
    expect(withoutMeta).toBeLessThanOrEqual(6000);
    expect(sent / withoutMeta).toBeLessThanOrEqual(1.05);
  });

  it("keeps the lowlevel tools/list (TBANK_HOTELS_TOOLSETS=lowlevel) within 9,000 o200k tokens", async () => {
    expect((await toolsListTokens("lowlevel")).sent).toBeLessThanOrEqual(9000);
  });

  for (const scenario of scenarios) {
    it(`${scenario.id}: ${scenario.title}`, async () => {
      const result = await runScenario(scenario);
      results.push(result);
      // Every failed fact, in full: the assertion's own message would truncate them.
      if (!result.passed) process.stderr.write(`${scenario.id} failures:\n${result.failures.map((f) => `  ${f}`).join("\n")}\n`);
      expect(result.failures).toEqual([]);
    }, 60_000);
  }

  // Runs after the scenarios (tests in a file run in order): every answer they got that carries
  // retryAllowed, s130 driving the statuses the others do not reach.
  it("the retryAllowed walk: no next step contradicts its answer's retryAllowed", () => {
    const walked = results.flatMap((r) => r.steps.flatMap((s) => (s.retry ? [s.retry] : [])));
    const report = walkReport(walked);
    process.stdout.write(`\nretryAllowed walk: ${walked.length} answers, ${report.rows.length} distinct\n${report.rows.join("\n")}\n`);
    if (report.contradictions.length > 0) process.stderr.write(`retryAllowed contradictions:\n${report.contradictions.join("\n")}\n`);
    expect(report.contradictions).toEqual([]);
  });

  afterAll(() => {
    const sorted = [...results].sort((x, y) => x.id.localeCompare(y.id));
    process.stdout.write(`\n${table(sorted)}\n${sorted.filter((r) => r.passed).length}/${sorted.length} scenarios passed\n`);
    if (process.env.EVAL_WRITE_DOCS === "1") {
      const doc = new URL("../../docs/evals.md", import.meta.url);
      const intro = `# Scenario evals

Each file in \`test/scenarios/cases/\` is one scenario (\`test/scenarios/types.ts\`): the person's request, the
calls a competent agent makes in order (detours included), and what must hold after each call in
what the model reads. \`npm run eval\` plays every scenario against a fresh sandbox through real MCP
clients (and a real broker for customer scenarios), prints this table, and fails when a scenario
fails or exceeds its budget.

## Both channels

Claude Code, Codex, VS Code and current OpenCode give the model \`JSON.stringify(structuredContent)\`
and drop the text block (for an \`isError\` result Claude Code shows only the text); text-only
clients give it the text. So every expectation is checked in both: a fact in \`text\` must appear
literally in the text block and each of its words and numbers must appear in the structured JSON;
\`status\` and \`retryAllowed\` must be the structured fields and appear as \`status=\` and
\`retryAllowed=\` in the text; a \`nextStep\` must be in the structured \`nextStep\` and on the text's
\`next:\` line; \`notText\` must be in neither. \`textOnly\` and \`textMatches\` check the text's
rendering alone. Each per-response cap (2,000 by default) and each scenario budget applies to the
larger of the two channels. Tokens are o200k (\`js-tiktoken\`).

## One clock

The sandbox, the broker and both servers read one injected clock that starts at 2027-03-01 09:00 UTC
(\`test/fixtures/clock.ts\`), so the sandbox's bookings, prices and penalties never follow the
machine's date. Expected dates and amounts are saved from an earlier step or computed from the seed
with the sandbox's own data functions (\`test/scenarios/sandbox-facts.ts\`); bookings are picked by
what they are (\`bookings[city=Ереван].bookingRef\`), never by list position. CI replays the evals
under \`faketime\` at 2027-06-15 12:00 and 2028-02-29 23:30 UTC.

## Adding a scenario

Copy a file in \`test/scenarios/cases/\`, give it a new \`id\`, write the request, the steps and
the expectations. \`$name\` in args (and inside expectation strings) is replaced by a value saved by
an earlier step's \`save\` (a dot path into its structured result). \`setup.login\` starts a broker
and signs in first; \`setup.faults\` or a step's \`faults\` switch on sandbox faults. Regenerate
this table with \`EVAL_WRITE_DOCS=1 npm run eval\`.

## Write scenarios

s105–s112 cover the write path (issue 16). \`setup.writes\` starts the broker with its write gates on
(mutations, the reviewed profile, a trusted x-real-ip), a 5 s approval window and the \`booking\` and
\`mutations\` toolsets; a step's \`person: "approve" | "deny"\` plays the person deciding the request at
\`tbank-mcp approve\` while that call waits (absent: nobody answers). They pin writes off (no draft, no
name echoed, the preview instead), a booking the person approves, a denial, a lost provider answer
reconciled to one booking, too few names, a cancellation, a field changed after prepare, and payment
setup in English; no answer repeats the guest's email or phone in full.

## Mutations the evals caught

Setting \`retryAllowed: true\` on \`rates_temporarily_unavailable\` (in \`get-selected-stay-rates.ts\`)
fails s033; padding the \`list_bookings\` text with ~2,500 extra tokens fails 16 scenarios (s002,
s050–s061, …) on the per-response cap and their budgets. Moving the sandbox's clock a day ahead of
the eval clock fails s051–s054 and s069 (dates and penalties derived for the eval day); dropping
\`nextStep\` from \`select_stay_option\`'s structured content fails 22 scenarios (the structured channel);
dropping \`retryAllowed=\` from the Banking MCP's failure text fails s061 and s063–s065 (what Claude
Code shows for an \`isError\` result). On the write path: echoing the input in the writes-off refusal
fails s105; confirm answering \`committed\` instead of \`confirmed\` fails s106; a broker that sends a
denied request fails s107; a lost answer that reopens the draft fails s108 (prepare works again); one
name counted as complete coverage fails s109; swapped penalty and refund fail s110; a hash over the kind
and timestamps alone fails s111 (the changed promo code waits for approval instead of being refused);
dropping "nothing is paid until they do" fails s112. All were reverted.

## Current table

`;
      writeFileSync(doc, intro + table(sorted));
    }
  });
});
