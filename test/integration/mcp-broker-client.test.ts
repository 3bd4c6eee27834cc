import { afterEach, describe, expect, it } from "vitest";
import { MAX_CONNECTIONS } from "../../broker/server/listener.js";
import { BrokerClient, brokerFailure, BrokerUnverifiedError } from "../../mcp/shared/broker-client.js";
import { ROLE_OPERATIONS, type OperationName } from "../../shared/protocol/operations.js";
import { BrokerError } from "../../shared/protocol/errors.js";
import { BrokerUnavailableError } from "../../shared/protocol/client.js";
import { readinessNextStep } from "../../mcp/shared/readiness.js";
import { SAMPLES } from "../fixtures/operation-samples.js";
import { RawClient, sampleHandlers, startTestBroker, tempBrokerDirs } from "./helpers/broker-harness.js";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(handlers = sampleHandlers(), welcomeVerified?: readonly OperationName[], startBroker?: () => Promise<void>) {
  const dirs = await tempBrokerDirs();
  cleanups.push(dirs.cleanup);
  const client = new BrokerClient({ socketPath: dirs.socketPath, role: "hotels", clientVersion: "t", timeoutMs: 2000, startBroker: startBroker && (() => startBroker()) });
  cleanups.push(() => Promise.resolve(client.close()));
  const parts = welcomeVerified && { createParts: () => Promise.resolve({ handlers, verifiedOperations: () => welcomeVerified, close: () => Promise.resolve() }) };
  return { dirs, client, start: () => startTestBroker({ ...dirs, handlers, ...parts }) };
}

const READY = { state: "mobile_read_only_ready" as const };

describe("BrokerClient (MCP side)", () => {
  it("reports broker_unavailable when nothing listens, and the next step in words", async () => {
    const { client } = await setup();
    expect((await client.readiness()).state).toBe("broker_unavailable");
    const failure = await client.call("hotels.status", {}).then(() => undefined, brokerFailure);
    expect(failure).toMatchObject({ status: "broker_unavailable", retryAllowed: false });
    expect(failure?.nextStep).toContain("tbank-mcp login");
  });

  it("a broker that is gone is started once for concurrent calls, which then succeed", async () => {
    let starts = 0;
    let start: () => Promise<{ stop: (reason: string) => Promise<unknown> }> = () => Promise.reject(new Error("not yet"));
    const handlers = sampleHandlers({ "hotels.status": () => ({ ...READY, verifiedOperations: [...ROLE_OPERATIONS.hotels] }) });
    const t = await setup(handlers, undefined, async () => {
      starts++;
      const broker = await start();
      cleanups.push(() => broker.stop("test"));
    });
    start = t.start;
    const results = await Promise.all([t.client.call("hotels.list_bookings", {}), t.client.call("hotels.list_bookings", {}), t.client.readiness()]);
    expect(results[0]).toEqual(SAMPLES["hotels.list_bookings"].result);
    expect(results[1]).toEqual(SAMPLES["hotels.list_bookings"].result);
    expect(results[2].state).toBe("mobile_read_only_ready");
    expect(starts).toBe(1);
  });

  it("a start that brings no broker up ends in broker_unavailable, one start per call", async () => {
    let starts = 0;
    const { client } = await setup(undefined, undefined, () => {
      starts++;
      return Promise.reject(new Error("spawn failed"));
    });
    expect(brokerFailure(await client.call("hotels.status", {}).catch((e: unknown) => e)).status).toBe("broker_unavailable");
    expect(starts).toBe(1);
    expect((await client.readiness()).state).toBe("broker_unavailable");
    expect(starts).toBe(2);
  });

  it("reads readiness from the welcome's verifiedOperations and the status operation", async () => {
    const { client, start } = await setup(sampleHandlers({ "hotels.status": () => Promise.resolve({ state: "mobile_read_only_ready" as const }) }));
    const broker = await start();
    cleanups.push(() => broker.stop("test"));
    expect(await client.readiness()).toMatchObject({ state: "mobile_read_only_ready" });
  });

  it("says mobile_login_required when the broker has no session", async () => {
    const { client, start } = await setup(sampleHandlers({ "hotels.status": () => Promise.resolve({ state: "mobile_login_required" as const }) }));
    const broker = await start();
    cleanups.push(() => broker.stop("test"));
    expect((await client.readiness()).state).toBe("mobile_login_required");
  });

  it("a welcome verifying fewer operations than the role uses: partial_read_only_unverified, and the unverified ones are never sent", async () => {
    const sent: string[] = [];
    const handlers = sampleHandlers({
      "hotels.status": () => READY,
      "hotels.get_customer": () => (sent.push("hotels.get_customer"), Promise.resolve(SAMPLES["hotels.get_customer"].result)),
      "hotels.list_bookings": () => (sent.push("hotels.list_bookings"), Promise.resolve(SAMPLES["hotels.list_bookings"].result)),
    });
    const { client, start } = await setup(handlers, ["hotels.status", "hotels.get_customer"]);
    const broker = await start();
    cleanups.push(() => broker.stop("test"));
    expect(await client.readiness()).toEqual({ state: "partial_read_only_unverified", verifiedOperations: ["hotels.status", "hotels.get_customer"] });
    expect(await client.call("hotels.get_customer", {})).toEqual(SAMPLES["hotels.get_customer"].result);
    const refused = await client.call("hotels.list_bookings", {}).then(() => undefined, (err: unknown) => err);
    expect(refused).toBeInstanceOf(BrokerUnverifiedError);
    expect(brokerFailure(refused)).toMatchObject({ status: "partial_read_only_unverified", retryAllowed: false });
    expect(sent).toEqual(["hotels.get_customer"]);
  });

  it("a status listing more than the (older) welcome wins: the list a login's check made reaches an open connection", async () => {
    const handlers = sampleHandlers({ "hotels.status": () => ({ ...READY, verifiedOperations: [...ROLE_OPERATIONS.hotels] }) });
    const { client, start } = await setup(handlers, ["hotels.status"]);
    const broker = await start();
    cleanups.push(() => broker.stop("test"));
    expect(await client.call("hotels.list_bookings", {})).toEqual(SAMPLES["hotels.list_bookings"].result);
    expect((await client.readiness()).state).toBe("mobile_read_only_ready");
  });

  it("without a session an unverified operation still goes to the broker, whose mobile_login_required is the useful answer", async () => {
    const handlers = sampleHandlers({
      "hotels.status": () => ({ state: "mobile_login_required" as const, verifiedOperations: ["hotels.status"] }),
      "hotels.list_bookings": () => Promise.reject(new BrokerError("mobile_login_required")),
    });
    const { client, start } = await setup(handlers, ["hotels.status"]);
    const broker = await start();
    cleanups.push(() => broker.stop("test"));
    expect((await client.readiness()).state).toBe("mobile_login_required");
    expect(brokerFailure(await client.call("hotels.list_bookings", {}).then(() => undefined, (e: unknown) => e)).status).toBe("mobile_login_required");
  });

  // Two different `busy` answers: the hello's (every connection in use, held by some program of
  // this user) and a call's (this connection's requests at their limit, or the session store busy).
  // Only the first is about connections; neither is "not running".
  const NOT_RUNNING = /not running|tbank-mcp login/;

  it("a busy hello (every connection in use) is broker_busy, whose step names the connections", async () => {
    const { client, dirs, start } = await setup();
    const broker = await start();
    cleanups.push(() => broker.stop("test"));
    const held: RawClient[] = [];
    cleanups.push(() => Promise.resolve(held.forEach((c) => c.close())));
    for (let i = 0; i < MAX_CONNECTIONS; i++) {
      const c = new RawClient(dirs.socketPath);
      held.push(c);
      expect(await c.hello("hotels")).toMatchObject({ type: "welcome" });
    }
    expect((await client.readiness()).state).toBe("broker_busy");
    const failure = brokerFailure(await client.call("hotels.list_bookings", {}).then(() => undefined, (e: unknown) => e));
    expect(failure).toMatchObject({ status: "busy", retryAllowed: true, nextStep: expect.stringMatching(/all its connections are in use/) as string });
    expect(failure.nextStep).not.toMatch(NOT_RUNNING);
  });

  it("a busy answer to the status call (this connection's requests at their limit) is broker_request_busy: try again, not connections", async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let arrived = 0;
    let allArrived!: () => void;
    const inFlight = new Promise<void>((r) => (allArrived = r));
    const handlers = sampleHandlers({
      "hotels.status": () => READY,
      "hotels.list_bookings": async () => {
        if (++arrived === 16) allArrived();
        await released;
        return SAMPLES["hotels.list_bookings"].result;
      },
    });
    const dirs = await tempBrokerDirs();
    cleanups.push(dirs.cleanup);
    const broker = await startTestBroker({ ...dirs, handlers, requestTimeoutMs: 60_000 });
    cleanups.push(() => broker.stop("test"));
    const client = new BrokerClient({ socketPath: dirs.socketPath, role: "hotels", clientVersion: "t", timeoutMs: 60_000 });
    cleanups.push(() => Promise.resolve(client.close()));
    // A model's parallel tool calls on a slow bank fill the one connection's 16 request slots.
    const slow = Array.from({ length: 16 }, () => client.call("hotels.list_bookings", {}));
    for (const p of slow) void p.catch(() => undefined);
    cleanups.push(() => Promise.resolve(release()));
    await inFlight;

    const readiness = await client.readiness();
    expect(readiness.state).toBe("broker_request_busy");
    expect(readinessNextStep(readiness.state)).toMatch(/try once more in a moment/);
    expect(readinessNextStep(readiness.state)).not.toMatch(/connections|not running|tbank-mcp login/);
    const failure = brokerFailure(await client.call("hotels.get_customer", {}).then(() => undefined, (e: unknown) => e));
    expect(failure).toMatchObject({ status: "busy", nextStep: expect.stringMatching(/try once more in a moment/) as string });
    expect(failure.nextStep).not.toMatch(/connections/);
    expect(failure.nextStep).not.toMatch(NOT_RUNNING);

    release();
    expect(await Promise.all(slow)).toHaveLength(16);
    // The busy answer left the connection in use: the same one serves the next readiness.
    expect((await client.readiness()).state).toBe("mobile_read_only_ready");
  });

  it("reconnects once after the broker restarted", async () => {
    const { client, start } = await setup();
    const first = await start();
    expect(await client.call("hotels.list_bookings", {})).toEqual(SAMPLES["hotels.list_bookings"].result);
    await first.stop("restart");
    const second = await start();
    cleanups.push(() => second.stop("test"));
    expect(await client.call("hotels.list_bookings", {})).toEqual(SAMPLES["hotels.list_bookings"].result);
  });

  it("maps broker errors to retryAllowed and a next step, never echoing the raw message", () => {
    expect(brokerFailure(new BrokerError("mobile_login_required", "secret detail"))).toEqual({ status: "mobile_login_required", retryAllowed: false, nextStep: expect.stringContaining("tbank-mcp login") as string });
    expect(brokerFailure(new BrokerError("capability_consumed"))).toMatchObject({ nextStep: expect.stringContaining("new one") as string });
    expect(brokerFailure(new BrokerError("timeout"))).toMatchObject({ retryAllowed: true });
    expect(brokerFailure(new Error("ord_SECRET leaked"))).toMatchObject({ status: "internal", retryAllowed: false });
    expect(JSON.stringify(brokerFailure(new Error("ord_SECRET")))).not.toContain("ord_SECRET");
    expect(brokerFailure(new BrokerUnavailableError("x")).status).toBe("broker_unavailable");
  });

  it("tailors the next step to the operation where the generic advice would mislead", () => {
    expect(brokerFailure(new BrokerError("invalid_ref"), "banking.consume_payment_handoff").nextStep).toContain("create a new one");
    expect(brokerFailure(new BrokerError("invalid_ref"), "hotels.get_booking_v1").nextStep).toContain("list_bookings");
    expect(brokerFailure(new BrokerError("provider_error"), "hotels.save_voucher_v1").nextStep).toContain("no voucher for this booking");
    expect(brokerFailure(new BrokerError("provider_error"), "hotels.get_booking_v1").nextStep).toContain("do not retry");
  });
});
