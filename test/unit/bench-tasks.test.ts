import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { formatTaskTable, runTask, TaskStopped, type Task, type TaskClients } from "../../scripts/bench/tasks.js";
import { pinnedClockEnv } from "../helpers/stdio-servers.js";

/** Servers that answer every call with `structured` (and its JSON as the text). */
function servers(structured: Record<string, unknown>): TaskClients {
  const answer = { callTool: () => Promise.resolve<CallToolResult>({ content: [{ type: "text", text: JSON.stringify(structured) }], structuredContent: structured }) };
  return { hotels: answer, banking: answer, facts: { reviewParts: () => [] } };
}

const calling = (n: number, failures: string[] = []): Task => ({
  id: `calls-${n}`,
  request: "test",
  async play(agent) {
    for (let i = 0; i < n; i++) await agent.call("tbank_hotels_plan_stay");
    return failures;
  },
});

describe("bench:tasks harness", () => {
  it("counts calls and both channels' tokens, and holds a task to 6 calls", async () => {
    const ok = await runTask(calling(6), servers({ status: "ok" }));
    expect(ok).toMatchObject({ calls: 6, reached: true, failures: [] });
    expect(ok.structuredTokens).toBe(ok.textTokens);
    expect(ok.structuredTokens).toBeGreaterThan(0);
    const over = await runTask(calling(7), servers({ status: "ok" }));
    expect(over).toMatchObject({ calls: 7, reached: true, failures: ["7 calls > 6"] });
  });

  it("holds a task to 6,000 structured tokens", async () => {
    const r = await runTask(calling(1), servers({ status: "ok", words: "hotel ".repeat(6500) }));
    expect(r.failures).toEqual([`${r.structuredTokens} structured tokens > 6000`]);
    expect(r.structuredTokens).toBeGreaterThan(6000);
  });

  it("reports an answer not reached, and an agent stopped by an answer, with the reason", async () => {
    expect((await runTask(calling(2, ["no room for three"]), servers({ status: "ok" }))).failures).toEqual(["no room for three"]);
    const stopped: Task = {
      id: "stopped",
      request: "test",
      async play(agent) {
        await agent.call("tbank_hotels_plan_stay");
        throw new TaskStopped("plan_stay answered invalid_input: ranking");
      },
    };
    expect(await runTask(stopped, servers({ status: "invalid_input" }))).toMatchObject({ calls: 1, reached: false, failures: ["plan_stay answered invalid_input: ranking"] });
  });

  it("prints one row per task, the totals and every failure", async () => {
    const results = [await runTask(calling(2), servers({ status: "ok" })), await runTask(calling(7), servers({ status: "ok" })), await runTask(calling(1, ["not found"]), servers({ status: "ok" }))];
    const table = formatTaskTable(results);
    expect(table).toMatch(/^\| calls-2 \| 2 \| \d+ \| \d+ \| reached \|$/mu);
    expect(table).toMatch(/^\| calls-7 \| 7 \| \d+ \| \d+ \| over bound \|$/mu);
    expect(table).toMatch(/^\| calls-1 \| 1 \| \d+ \| \d+ \| NOT reached \|$/mu);
    expect(table).toMatch(/^\| total \(3 tasks\) \| 10 \| \d+ \| \d+ \| 1\/3 within bounds \|$/mu);
    expect(table).toContain("- calls-7: 7 calls > 6\n- calls-1: not found");
  });

  it("pins a spawned server's clock with libfaketime, from a preloaded run or an installed library", () => {
    const epoch = Date.parse("2027-03-01T09:00:00Z");
    expect(pinnedClockEnv(epoch, { LD_PRELOAD: "/opt/ft/libfaketime.so.1", FAKETIME: "+300d" }, () => false)).toEqual({ LD_PRELOAD: "/opt/ft/libfaketime.so.1", FAKETIME: "@2027-03-01 09:00:00" });
    expect(pinnedClockEnv(epoch, {}, (p) => p === "/usr/lib/faketime/libfaketime.so.1")).toEqual({ LD_PRELOAD: "/usr/lib/faketime/libfaketime.so.1", FAKETIME: "@2027-03-01 09:00:00" });
    expect(pinnedClockEnv(epoch, {}, () => false)).toBeNull();
  });
});
