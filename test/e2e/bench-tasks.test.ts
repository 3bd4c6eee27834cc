import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TASKS } from "../../scripts/bench/task-table.js";
import { runTask } from "../../scripts/bench/tasks.js";
import { startStdioServers, type StdioServers } from "../helpers/stdio-servers.js";

// Token counts are what the servers answer, not timings: the bounds hold on any machine.
describe("bench:tasks: questions answered in few calls through the spawned servers", () => {
  let servers: StdioServers;
  beforeAll(async () => {
    servers = await startStdioServers();
    // Without libfaketime the spawned servers read the machine's date and the fixed 2027 stays
    // would one day be in the past: fail loudly now instead.
    expect(servers.clockPinned, "libfaketime is needed: npm run test:setup installs it").toBe(true);
  }, 60_000);
  afterAll(async () => {
    await servers.close();
  });

  for (const task of TASKS) {
    it(`${task.id}: «${task.request}»`, async () => {
      const r = await runTask(task, servers);
      // runTask lists a task over TASK_MAX_CALLS or TASK_MAX_STRUCTURED_TOKENS among its failures.
      expect(r.failures).toEqual([]);
    }, 60_000);
  }
});
