import type { Scheduler } from "../../../shared/scheduler.js";
import { TEST_EPOCH } from "../../fixtures/clock.js";

/** A clock tests move by hand, and a scheduler whose tasks run when the clock reaches them. */
export function fakeTime(start = TEST_EPOCH) {
  let t = start;
  const tasks: { at: number; fn: () => void; done: boolean }[] = [];
  const scheduler: Scheduler = {
    schedule(fn, delayMs) {
      const task = { at: t + delayMs, fn, done: false };
      tasks.push(task);
      return () => {
        task.done = true;
      };
    },
  };
  return {
    now: () => t,
    scheduler,
    pending: () => tasks.filter((task) => !task.done).length,
    /** Moves the clock and runs every task that came due. */
    advance(ms: number): void {
      t += ms;
      for (const task of tasks) {
        if (task.done || task.at > t) continue;
        task.done = true;
        task.fn();
      }
    },
  };
}
