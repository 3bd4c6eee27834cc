import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TASKS } from "../../scripts/bench/task-table.js";
import { runTask, TASK_MAX_CALLS, TASK_MAX_STRUCTURED_TOKENS } from "../../scripts/bench/tasks.js";
import { startStdioServers, type StdioServers } from "../helpers/stdio-servers.js";

// Token counts are what the servers answer, not timings: the bounds hold on any machine.
describe("bench:tasks: questions answered in few calls through the spawned servers", () => {
  let servers: StdioServers;
  beforeAll(async () => {
    servers = await startStdioServers();
  }, 60_000);
  afterAll(async () => {
    await servers.close();
  });

  for (const task of TASKS) {
    it(`${task.id}: «${task.request}»`, async () => {
      const r = await runTask(task, servers);
      expect(r.failures).toEqual([]);
      expect(r.calls).toBeLessThanOrEqual(TASK_MAX_CALLS);
      expect(r.structuredTokens).toBeLessThanOrEqual(TASK_MAX_STRUCTURED_TOKENS);
    }, 60_000);
  }
});
