import { describe, expect, it } from "vitest";
import { RouteVerification, verifiedByConstruction } from "../../broker/verification.js";
import { nullLogger } from "../../shared/logger.js";
import { BrokerError } from "../../shared/protocol/errors.js";
import { HOTELS_ORDER_READ_OPERATIONS, ROLE_OPERATIONS } from "../../shared/protocol/operations.js";

function deferred() {
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe("RouteVerification", () => {
  it("verifies local operations by construction and nothing else without a session", () => {
    const v = new RouteVerification({ session: { sessionId: () => undefined }, probes: { hotels_api: () => Promise.resolve() }, now: () => 0, logger: nullLogger });
    expect(v.refresh()).toBeUndefined();
    expect(v.verifiedOperations("hotels")).toEqual(["hotels.status"]);
    expect(v.verifiedOperations("banking")).toEqual(["banking.status", "banking.consume_payment_handoff"]);
    expect(verifiedByConstruction("toolkit")).toEqual(["broker.status", "broker.login_start", "broker.login_poll", "broker.logout", "broker.stop", "broker.list_approvals", "broker.decide_approval"]);
  });

  it("an answer that arrives after the session changed is not kept, and a new session starts unchecked", async () => {
    let session: string | undefined = "s1";
    const probe = deferred();
    const v = new RouteVerification({ session: { sessionId: () => session }, probes: { hotels_api: () => probe.promise }, now: () => 0, logger: nullLogger });
    const running = v.refresh();
    expect(running).toBeDefined();
    session = "s2";
    probe.resolve();
    await running;
    expect(v.verifiedOperations("hotels")).toEqual(["hotels.status"]);

    await v.refresh();
    expect(v.verifiedOperations("hotels")).toContain("hotels.list_bookings");
    session = undefined;
    expect(v.verifiedOperations("hotels")).toEqual(["hotels.status"]);
  });

  it("a failed route is asked again only after recheckAfterMs; one without a probe never", async () => {
    let now = 0;
    let answers = 0;
    const v = new RouteVerification({
      session: { sessionId: () => "s1" },
      probes: { hotels_api: () => (++answers === 1 ? Promise.reject(new BrokerError("provider_unavailable")) : Promise.resolve()) },
      now: () => now,
      logger: nullLogger,
      recheckAfterMs: 1000,
    });
    await v.refresh();
    expect(v.verifiedOperations("hotels")).toEqual(["hotels.status"]);
    now = 999;
    expect(v.refresh()).toBeUndefined();
    now = 1000;
    await v.refresh();
    expect(answers).toBe(2);
    // One customer read verifies the whole Hotels API, the low-level order reads included.
    expect(v.verifiedOperations("hotels")).toEqual(ROLE_OPERATIONS.hotels);
    for (const op of HOTELS_ORDER_READ_OPERATIONS) expect(v.verifiedOperations("hotels")).toContain(op);
    expect(v.verifiedOperations("banking")).not.toContain("banking.get_hotel_preferences");
    expect(v.refresh()).toBeUndefined();
  });
});
