import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { connectBroker, type BrokerConnection } from "../../shared/protocol/client.js";
import { BrokerError } from "../../shared/protocol/errors.js";
import { PREPARATION_TTL_MS } from "../../shared/writes/hash.js";
import { testClock } from "../fixtures/clock.js";
import { GATES_ON, prepare, startWritesBroker, type WritesBroker } from "./helpers/writes-broker.js";

// Issue 28 item 5: a preparation lives five minutes, and the person may take up to the approval
// timeout to decide. A preparation that expired while the person was deciding is not sent: the
// request leaves the person's list when it expires, and the broker checks freshness again after
// any decision. The clock is the test's, shared by the broker
// and the sandbox, and moved while the approval waits.

describe("a preparation that expires while the person decides", () => {
  const clock = testClock();
  let sandbox: Sandbox;
  let socketPath: string;
  let writes: WritesBroker;
  let hotels: BrokerConnection;

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: "writes-expiry", deviceIntervalSeconds: 0, now: clock.now });
    writes = await startWritesBroker(sandbox, clock, { ...GATES_ON, TBANK_AUTH_BROKER_APPROVAL_TIMEOUT_MS: "600000" });
    ({ socketPath, hotels } = writes);
  });

  afterAll(async () => {
    await writes?.stop();
    await sandbox?.close();
  });

  it("approved after expiry: the request is gone, nothing sent, preparation_invalid saying it expired and to prepare again", async () => {
    const bookingRef = (await hotels.call("hotels.list_bookings", { limit: 20 })).items.find((b) => b.status === "CONFIRMED")!.bookingRef;
    const { prepared, requestHash, confirmationPhrase } = prepare(clock, { kind: "cancellation", request: { bookingRef } });
    sandbox.control.resetCounters();
    const run = hotels.call("hotels.execute_write_v1", { prepared, requestHash, confirmationPhrase }).then(
      (result) => ({ ok: true as const, result }),
      (err: unknown) => ({ ok: false as const, err }),
    );

    const toolkit = await connectBroker({ socketPath, role: "toolkit", clientVersion: "test", timeoutMs: 10_000 });
    try {
      let approvalId: string | undefined;
      for (let i = 0; i < 500 && approvalId === undefined; i++) {
        approvalId = (await toolkit.call("broker.list_approvals", {})).pending.find((p) => p.requestHash === requestHash)?.approvalId;
        if (approvalId === undefined) await new Promise((r) => setTimeout(r, 10));
      }
      expect(approvalId).toBeDefined();
      // The person reads for a while: the preparation's five minutes end before they approve, and
      // the request leaves their list with it (issue 29: it waits no longer than it can be sent).
      clock.advance(PREPARATION_TTL_MS + 1000);
      await expect(toolkit.call("broker.decide_approval", { approvalId: approvalId!, decision: "approve" })).rejects.toMatchObject({ code: "invalid_ref" });
      expect((await toolkit.call("broker.list_approvals", {})).pending.map((p) => p.requestHash)).not.toContain(requestHash);
    } finally {
      toolkit.close();
    }

    const out = await run;
    expect(sandbox.control.requestCount("cancel_order")).toBe(0);
    expect(out.ok).toBe(false);
    const err = out.ok ? undefined : out.err;
    expect(err).toBeInstanceOf(BrokerError);
    expect(err).toMatchObject({ code: "preparation_invalid", message: expect.stringMatching(/expired.*nothing was sent.*prepare (it )?again/) as unknown });
    // Nothing was recorded as sent: the same preparation is refused as expired, and still not sent.
    await expect(hotels.call("hotels.execute_write_v1", { prepared, requestHash, confirmationPhrase })).rejects.toMatchObject({ code: "preparation_invalid" });
    expect(sandbox.control.requestCount("cancel_order")).toBe(0);
  });

  it("a logout while the person decides: the waiting call hears the session ended, nothing is sent", async () => {
    const bookingRef = (await hotels.call("hotels.list_bookings", { limit: 20 })).items.find((b) => b.status === "CONFIRMED")!.bookingRef;
    const { prepared, requestHash, confirmationPhrase } = prepare(clock, { kind: "cancellation", request: { bookingRef } });
    sandbox.control.resetCounters();
    const run = hotels.call("hotels.execute_write_v1", { prepared, requestHash, confirmationPhrase }).then(
      (result) => ({ ok: true as const, result }),
      (err: unknown) => ({ ok: false as const, err }),
    );
    const toolkit = await connectBroker({ socketPath, role: "toolkit", clientVersion: "test", timeoutMs: 10_000 });
    try {
      let listed = false;
      for (let i = 0; i < 500 && !listed; i++) {
        listed = (await toolkit.call("broker.list_approvals", {})).pending.some((p) => p.requestHash === requestHash);
        if (!listed) await new Promise((r) => setTimeout(r, 10));
      }
      expect(listed).toBe(true);
      await toolkit.call("broker.logout", {});
    } finally {
      toolkit.close();
    }
    const out = await run;
    expect(out.ok).toBe(false);
    // Not "did not approve in time, call again": the session is gone, so signing in comes first.
    expect(out.ok ? undefined : out.err).toMatchObject({ code: "mobile_login_required", message: expect.stringMatching(/session ended.*nothing was sent.*sign(ed)? in/) as unknown });
    expect(sandbox.control.requestCount("cancel_order")).toBe(0);
  });
});
