import { describe, expect, it } from "vitest";
import { ProviderWaitMeter } from "../../shared/http/provider-wait.js";

describe("provider wait meter", () => {
  it("counts the time any request is in flight, overlaps once, and each answer once", () => {
    let t = 1000;
    const meter = new ProviderWaitMeter(() => t);
    const a = meter.begin(); // 1000
    t = 1030;
    const b = meter.begin(); // overlaps a
    t = 1050;
    a();
    a(); // a second call changes nothing
    t = 1080;
    b(); // in flight 1000..1080
    expect(meter.busyMs).toBe(80);
    t = 1100;
    const c = meter.begin();
    t = 1120;
    expect(meter.busyMs).toBe(100); // the one in progress counts so far
    c();
    t = 2000;
    expect(meter.busyMs).toBe(100);
    expect(meter.requests).toBe(3);
  });
});
