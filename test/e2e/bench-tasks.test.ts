import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TASKS } from "../../scripts/bench/task-table.js";
import { runTask, TASK_MAX_CALLS, TASK_MAX_STRUCTURED_TOKENS, type TaskResult } from "../../scripts/bench/tasks.js";
import { startStdioServers, type StdioServers } from "../helpers/stdio-servers.js";

/**
 * Tasks that wait on a part of issue 30 not yet on main, with the part they need. They run and must
 * still fail (it.fails): once the part lands the test fails until the task is moved out of here.
 */
const PENDING: Record<string, string> = {
  "family-stay": "roomFit fits/does_not_fit/unknown (issue 30 point 1)",
  "cheapest-fitting": "roomFit and the price of a room that fits (point 1)",
  "highest-cashback": 'ranking "highest_cashback" (point 3)',
  parking: 'plan_stay amenities: ["parking"] and every amenity in details (point 3)',
  "parking-en": "every amenity in details (point 3)",
  reviews: "whole reviews, cut only with … (point 4)",
  "persons-range": "alternatives by name and price (point 2)",
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
    else it.fails(`${name} (pending: ${pending})`, async () => within(await runTask(task, servers)), 60_000);
  }
});
