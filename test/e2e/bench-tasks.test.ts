import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TASKS } from "../../scripts/bench/task-table.js";
import { runTask, TASK_MAX_CALLS, TASK_MAX_STRUCTURED_TOKENS, type TaskResult } from "../../scripts/bench/tasks.js";
import { startStdioServers, type StdioServers } from "../helpers/stdio-servers.js";

/**
 * Tasks that wait on a part of issue 30 not yet on main: the part, and the one reason every failure
 * of the task must give meanwhile. A pending task that fails otherwise, or passes, fails this test:
 * once the part lands the task moves out of here.
 */
const PENDING: Record<string, { needs: string; failsWith: RegExp }> = {
  "highest-cashback": { needs: 'ranking "highest_cashback" (point 3)', failsWith: /answered invalid_input: - ranking: Invalid option/u },
  parking: { needs: 'plan_stay amenities: ["parking"] (point 3)', failsWith: /answered invalid_input: - amenities: unknown field/u },
  "parking-en": { needs: "every amenity in details (point 3)", failsWith: /details hold amenities back and do not list parking/u },
};

describe("bench:tasks: questions answered in few calls through the spawned servers", () => {
  let servers: StdioServers;
  beforeAll(async () => {
    servers = await startStdioServers();
  }, 60_000);
  afterAll(async () => {
    await servers.close();
  });

  const within = (r: TaskResult): void => {
    expect(r.failures).toEqual([]);
    expect(r.calls).toBeLessThanOrEqual(TASK_MAX_CALLS);
    expect(r.structuredTokens).toBeLessThanOrEqual(TASK_MAX_STRUCTURED_TOKENS);
  };

  for (const task of TASKS) {
    const pending = PENDING[task.id];
    const name = `${task.id}: «${task.request}»`;
    if (pending === undefined) it(name, async () => within(await runTask(task, servers)), 60_000);
    else
      it(`${name} (pending: ${pending.needs})`, async () => {
        const r = await runTask(task, servers);
        expect(r.failures.length).toBeGreaterThan(0);
        for (const failure of r.failures) expect(failure).toMatch(pending.failsWith);
      }, 60_000);
  }
});
