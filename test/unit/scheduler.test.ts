import { describe, expect, it } from "vitest";
import { sleep, timerScheduler } from "../../shared/scheduler.js";
import { fakeTime } from "../integration/helpers/fake-time.js";

describe("Scheduler", () => {
  it("timerScheduler holds a delay past setTimeout's 2^31-1 ms limit instead of firing at once", async () => {
    let fired = false;
    const cancel = timerScheduler.schedule(() => (fired = true), 2 ** 40);
    await new Promise((r) => setTimeout(r, 30));
    cancel();
    expect(fired).toBe(false);
  });

  it("sleep resolves when the fake clock reaches it", async () => {
    const time = fakeTime();
    let done = false;
    const slept = sleep(time.scheduler, 1000).then(() => (done = true));
    time.advance(999);
    await Promise.resolve();
    expect(done).toBe(false);
    time.advance(1);
    await slept;
    expect(done).toBe(true);
  });

  it("sleep rejects on abort and cancels its timer", async () => {
    const time = fakeTime();
    const controller = new AbortController();
    const slept = sleep(time.scheduler, 1000, controller.signal);
    expect(time.pending()).toBe(1);
    controller.abort(new Error("stopped"));
    await expect(slept).rejects.toThrow("stopped");
    expect(time.pending()).toBe(0);
  });
});
