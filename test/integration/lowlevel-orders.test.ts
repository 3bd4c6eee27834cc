import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCatalog } from "../../scripts/sandbox/data/catalog.js";
import { buildBookings, CUSTOMER_ID, type Booking } from "../../scripts/sandbox/data/customer.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { parseConfig } from "../../shared/config/index.js";
import { connectBroker } from "../../shared/protocol/client.js";
import type { BrokerError } from "../../shared/protocol/errors.js";
import { HOTELS_ORDER_READ_OPERATIONS } from "../../shared/protocol/operations.js";
import { newRef } from "../../shared/refs.js";
import { testClock } from "../fixtures/clock.js";
import { signIn, startInProcessBroker } from "../fixtures/in-process-broker.js";
import { startHotelsHarness, type HotelsHarness } from "./helpers/hotels-mcp-harness.js";

// The low-level order reads through a real MCP client, in both of the server's profiles: through
// the auth broker by bookingRef (combined profile), and by provider orderId with a static token
// (the sandbox accepts it as an integrator's credential). Per tool: the provider's answer as
// { status, data }, a refused input that calls nothing, and a provider fault.

type Row = Record<string, unknown>;
type Call = HotelsHarness["call"];

const ORDER_TOOLS = ["get_reservation", "get_evo_booking", "get_booking_task_status", "check_ls_order"] as const;
const ROUTE_OF: Record<(typeof ORDER_TOOLS)[number], string> = {
  get_reservation: "order_v3",
  get_evo_booking: "evo_booking",
  get_booking_task_status: "booking_task",
  check_ls_order: "ls_order_check",
};
const PII = ["Смирнова", "Смирнов", "Игорь", "+7900", "example.test", "1990-04-12"];

/** What the sandbox serves, from its own data functions: the customer's orders, newest first. */
function sandboxOrders(seed: string, canary: string | undefined, sandbox: Sandbox): Booking[] {
  return buildBookings(seed, canary, createCatalog(seed, () => sandbox.urls.origin), sandbox.control.now()).filter((b) => b.customerId === CUSTOMER_ID);
}

describe("through the auth broker (combined profile): bookingRef", () => {
  const CANARY = "CANARY-llord-5e1d";
  const SEED = "lowlevel-orders-broker";
  let sandbox: Sandbox;
  let root: string;
  let socketPath: string;
  let stopBroker: (reason: string) => Promise<void>;
  let h: HotelsHarness;
  let call: Call;
  let env: Record<string, string>;
  /** Every result the server returned in this block, for the canary and PII checks. */
  const seen: string[] = [];
  let refs: { bookingRef: string; city: string }[];

  beforeAll(async () => {
    const clock = testClock();
    sandbox = await startSandbox({ seed: SEED, canary: CANARY, deviceIntervalSeconds: 0, now: clock.now });
    root = await mkdtemp(join(tmpdir(), "llord-"));
    socketPath = join(root, "run", "auth.sock");
    env = {
      TBANK_AUTH_BROKER_SOCKET: socketPath,
      TBANK_AUTH_BROKER_STATE_DIR: join(root, "state"),
      TBANK_AUTH_SESSION_STORE: "file",
      TBANK_AUTH_ISSUER_URL: sandbox.urls.authIssuerUrl,
      TBANK_HOTELS_VOUCHER_DIRECTORY: join(root, "vouchers"),
      TBANK_AUTH_BROKER_TIMEOUT_MS: "5000",
      TBANK_HOTELS_TOOLSETS: "customer,lowlevel",
    };
    const parsed = parseConfig({ HOME: root, TBANK_HOTELS_API_BASE_URL: sandbox.urls.hotelsApiBaseUrl, ...env });
    if (!parsed.ok) throw new Error(`bad broker config: ${JSON.stringify(parsed.problems)}`);
    stopBroker = (await startInProcessBroker(parsed.config, { now: clock.now, requestTimeoutMs: 5000, selfPeer: true })).stop;
    await signIn(socketPath, sandbox);
    h = await startHotelsHarness({ sharedSandbox: sandbox, env });
    call = async (name, args) => {
      const out = await h.call(name, args);
      seen.push(JSON.stringify(out.result));
      return out;
    };
    const list = await call("tbank_hotels_list_bookings", { limit: 20 });
    refs = (list.data.bookings as Row[]).map((b) => ({ bookingRef: b.bookingRef as string, city: b.city as string }));
  });

  afterAll(async () => {
    await h.close();
    await stopBroker("test done");
    await sandbox.close();
    await rm(root, { recursive: true, force: true });
  });

  beforeEach(() => {
    sandbox.control.clearFaults();
    sandbox.control.resetCounters();
  });

  const orderIn = (city: string): Booking => sandboxOrders(SEED, CANARY, sandbox).find((b) => b.location.name === city)!;

  it("lists the four order reads and the voucher guard, read-only, one line each", async () => {
    const { tools } = await h.client.listTools();
    const names = tools.map((t) => t.name);
    for (const name of ORDER_TOOLS) {
      const tool = tools.find((t) => t.name === `tbank_hotels_${name}`)!;
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, openWorldHint: true });
      expect(tool.description).toMatch(/^[^\n]{20,140}$/);
      expect(tool.description).toContain("prefer tbank_hotels_get_booking");
      expect(tool.outputSchema?.required).toEqual(["status"]);
    }
    expect(names).toContain("tbank_hotels_get_voucher");
  });

  it("get_reservation: v3 by default, v1 on request, as the broker's allowlist passes them", async () => {
    const { bookingRef, city } = refs[0]!;
    const booking = orderIn(city);
    const v3 = await call("tbank_hotels_get_reservation", { bookingRef });
    expect(v3.result.isError).toBeFalsy();
    expect(v3.data.status).toBe("ok");
    expect(v3.data.data).toMatchObject({ bookingRef, apiVersion: "v3", reservation: { order: { state: { code: booking.status }, property: { name: booking.hotel.name } } } });
    expect(v3.text).toContain("status=ok");
    expect(v3.text).toContain(booking.hotel.name);
    expect(sandbox.control.requestCount("order_v3")).toBe(1);
    const v1 = await call("tbank_hotels_get_reservation", { bookingRef, apiVersion: "v1" });
    expect(v1.data.data).toMatchObject({ apiVersion: "v1", reservation: { status: booking.status, checkinDate: booking.stay.checkinDate, paymentStatus: booking.paymentStatus } });
    expect(sandbox.control.requestCount("order_v1")).toBe(1);
  });

  it("get_evo_booking, get_booking_task_status, check_ls_order: the provider's facts, without its ids", async () => {
    const { bookingRef, city } = refs[0]!;
    const booking = orderIn(city);
    const evo = await call("tbank_hotels_get_evo_booking", { bookingRef });
    expect(evo.data).toMatchObject({ status: "ok", data: { bookingRef, evoBooking: { supplierName: "Sandbox Supplier" } } });
    const task = await call("tbank_hotels_get_booking_task_status", { bookingRef });
    expect(task.data).toMatchObject({ status: "ok", data: { task: { status: "SUCCESS", orderStatus: booking.status } } });
    const ls = await call("tbank_hotels_check_ls_order", { bookingRef });
    expect(ls.data).toMatchObject({ status: "ok", data: { lsOrder: { isLsOrder: expect.any(Boolean) as boolean } } });
  });

  it("refuses an orderId, a missing ref and a malformed ref before the broker is asked", async () => {
    const orderId = orderIn(refs[0]!.city).orderId;
    for (const name of ORDER_TOOLS) {
      const byId = await h.call(`tbank_hotels_${name}`, { orderId });
      expect(byId.result.isError).toBe(true);
      expect(byId.data).toMatchObject({ status: "invalid_input", retryAllowed: false, errors: [{ field: "orderId" }] });
      expect(byId.text).toContain("bookingRef");
      // The refusal does not repeat the id it refused.
      expect(JSON.stringify(byId.result)).not.toContain(orderId);
      const both = await h.call(`tbank_hotels_${name}`, { orderId, bookingRef: refs[0]!.bookingRef });
      expect(both.data.status).toBe("invalid_input");
      expect((await call(`tbank_hotels_${name}`, {})).data).toMatchObject({ status: "invalid_input", errors: [{ field: "bookingRef" }] });
      expect((await call(`tbank_hotels_${name}`, { bookingRef: "bkr_short" })).data).toMatchObject({ status: "invalid_ref", retryAllowed: false });
      expect((await call(`tbank_hotels_${name}`, { bookingRef: refs[0]!.bookingRef, extra: 1 })).result.isError).toBe(true);
    }
    expect(sandbox.control.requestCounts()).toEqual({});
  });

  it("refuses an unknown version locally", async () => {
    const out = await call("tbank_hotels_get_reservation", { bookingRef: refs[0]!.bookingRef, apiVersion: "v4" });
    expect(out.result.isError).toBe(true);
    expect(sandbox.control.requestCounts()).toEqual({});
  });

  it.each(ORDER_TOOLS)("%s: a provider fault reaches the model as the broker's code, not the provider's text", async (name) => {
    sandbox.control.setFault(ROUTE_OF[name], { kind: "status", status: 503 });
    const out = await call(`tbank_hotels_${name}`, { bookingRef: refs[1]!.bookingRef });
    expect(out.result.isError).toBe(true);
    expect(out.data).toMatchObject({ status: "provider_unavailable", retryAllowed: true });
    expect(out.text).not.toMatch(/simulated|trace=/);
    sandbox.control.clearFaults();
    sandbox.control.setFault(ROUTE_OF[name], { kind: "status", status: 404 });
    expect((await call(`tbank_hotels_${name}`, { bookingRef: refs[1]!.bookingRef })).data).toMatchObject({ status: "provider_error", retryAllowed: false });
  });

  it("the banking role cannot call the order reads on the same broker", async () => {
    const banking = await connectBroker({ socketPath, role: "banking", clientVersion: "test", timeoutMs: 5000 });
    try {
      for (const op of HOTELS_ORDER_READ_OPERATIONS) {
        expect(banking.welcome.operations).not.toContain(op);
        const err = await banking.call(op, { bookingRef: refs[0]!.bookingRef }).then(
          () => undefined,
          (e: unknown) => e as BrokerError,
        );
        expect(err?.code).toBe("operation_not_allowed");
      }
    } finally {
      banking.close();
    }
    expect(sandbox.control.requestCounts()).toEqual({});
  });

  it("a bookingRef of an earlier session is refused after a new login, with nothing sent to the provider", async () => {
    const toolkit = await connectBroker({ socketPath, role: "toolkit", clientVersion: "test", timeoutMs: 5000 });
    await toolkit.call("broker.logout", {});
    toolkit.close();
    await signIn(socketPath, sandbox);
    sandbox.control.resetCounters();
    for (const name of ORDER_TOOLS) {
      const out = await call(`tbank_hotels_${name}`, { bookingRef: refs[0]!.bookingRef });
      expect(out.data).toMatchObject({ status: "invalid_ref", retryAllowed: false });
      expect(out.data.nextStep).toContain("tbank_hotels_list_bookings");
    }
    const unknown = await call("tbank_hotels_get_reservation", { bookingRef: newRef("bookingRef") });
    expect(unknown.data.status).toBe("invalid_ref");
    expect(Object.keys(sandbox.control.requestCounts()).filter((r) => r !== "customer")).toEqual([]);
  });

  it("no orderId, supplier or task id, token or guest PII reached the model in either channel", () => {
    expect(seen.length).toBeGreaterThan(30);
    for (const text of seen) {
      expect(text).not.toContain(CANARY);
      expect(text).not.toContain("ord_");
      for (const pii of PII) expect(text).not.toContain(pii);
    }
  });
});

describe("with a static token and no broker: orderId", () => {
  const SEED = "lowlevel-orders-static";
  // The token carries its own marker so a leak into any answer is visible.
  const TOKEN = "itk-TOKENLEAK-9f2e4c1a7b";
  let h: HotelsHarness;
  let orders: Booking[];
  const seen: string[] = [];
  const call: Call = async (name, args) => {
    const out = await h.call(name, args);
    seen.push(JSON.stringify(out.result));
    return out;
  };

  beforeAll(async () => {
    h = await startHotelsHarness({ sandbox: { seed: SEED, integrationToken: TOKEN }, env: { TBANK_HOTELS_TOOLSETS: "lowlevel", TBANK_HOTELS_AUTH_TOKEN: TOKEN } });
    orders = sandboxOrders(SEED, undefined, h.sandbox);
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.sandbox.control.clearFaults();
    h.sandbox.control.resetCounters();
  });

  it("get_reservation: the provider's whole answer, v3 by default and v1/v2 on request", async () => {
    const order = orders[0]!;
    const v3 = await call("tbank_hotels_get_reservation", { orderId: order.orderId });
    expect(v3.data).toMatchObject({ status: "ok", data: { order: { id: order.orderId, state: { code: order.status } } } });
    expect(h.sandbox.control.requestCount("order_v3")).toBe(1);
    const v1 = await call("tbank_hotels_get_reservation", { orderId: order.orderId, apiVersion: "v1" });
    expect(v1.data.data).toMatchObject({ orderId: order.orderId, status: order.status, rateData: { paymentData: { paymentPrice: order.paymentPrice.value } } });
    const v2 = await call("tbank_hotels_get_reservation", { orderId: order.orderId, apiVersion: "v2" });
    expect(v2.data.data).toMatchObject({ orderId: order.orderId, payment: { price: order.paymentPrice, paymentStatus: order.paymentStatus } });
    expect(h.sandbox.control.requestCounts()).toEqual({ order_v3: 1, order_v1: 1, order_v2: 1 });
  });

  it("the other reads, by orderId", async () => {
    const order = orders.find((o) => o.status === "CONFIRMED")!;
    expect((await call("tbank_hotels_get_evo_booking", { orderId: order.orderId })).data).toMatchObject({ status: "ok", data: { orderId: order.orderId, status: "CONFIRMED" } });
    expect((await call("tbank_hotels_get_booking_task_status", { orderId: order.orderId })).data).toMatchObject({ status: "ok", data: { status: "SUCCESS", orderStatus: "CONFIRMED" } });
    expect((await call("tbank_hotels_check_ls_order", { orderId: order.orderId })).data).toMatchObject({ status: "ok", data: { orderId: order.orderId, isLsOrder: expect.any(Boolean) as boolean } });
  });

  it("refuses a bookingRef, a missing id and a malformed id without an HTTP call", async () => {
    for (const name of ORDER_TOOLS) {
      const byRef = await call(`tbank_hotels_${name}`, { bookingRef: newRef("bookingRef") });
      expect(byRef.result.isError).toBe(true);
      expect(byRef.data).toMatchObject({ status: "invalid_input", retryAllowed: false, errors: [{ field: "bookingRef" }] });
      expect(byRef.data.nextStep).toContain("orderId");
      expect((await call(`tbank_hotels_${name}`, {})).data).toMatchObject({ status: "invalid_input", errors: [{ field: "orderId" }] });
      const malformed = await call(`tbank_hotels_${name}`, { orderId: "../customer" });
      expect(malformed.data).toMatchObject({ status: "invalid_input", provider: { kind: "invalid_argument" } });
    }
    expect(h.sandbox.control.requestCounts()).toEqual({});
  });

  it.each(ORDER_TOOLS)("%s: provider faults reduced (503 unavailable, 404 not_found, 401 auth rejected)", async (name) => {
    const orderId = orders[0]!.orderId;
    h.sandbox.control.setFault(ROUTE_OF[name], { kind: "status", status: 503, times: 1 });
    const down = await call(`tbank_hotels_${name}`, { orderId });
    expect(down.result.isError).toBe(true);
    expect(down.data).toMatchObject({ status: "provider_unavailable", provider: { httpStatus: 503 } });
    expect(down.text).not.toMatch(/simulated|trace=/);
    expect((await call(`tbank_hotels_${name}`, { orderId: "ord_sbx_0000000" })).data).toMatchObject({ status: "not_found", provider: { httpStatus: 404 } });
    h.sandbox.control.setFault(ROUTE_OF[name], { kind: "status", status: 401, times: 1 });
    expect((await call(`tbank_hotels_${name}`, { orderId })).data).toMatchObject({ status: "provider_auth_rejected" });
  });

  it("the integration token is the server's: it never appears in an answer", () => {
    expect(seen.length).toBeGreaterThan(20);
    for (const text of seen) expect(text).not.toContain("TOKENLEAK");
  });
});

describe("without a broker or an auth profile", () => {
  it("answers not_configured and calls nothing; the voucher guard still refuses inline delivery", async () => {
    const h = await startHotelsHarness({ env: { TBANK_HOTELS_TOOLSETS: "lowlevel" } });
    try {
      for (const name of ORDER_TOOLS) {
        const out = await h.call(`tbank_hotels_${name}`, { orderId: "ord_sbx_1" });
        expect(out.result.isError).toBe(true);
        expect(out.data).toMatchObject({ status: "not_configured", retryAllowed: false });
        expect(out.text).toContain("TBANK_HOTELS_AUTH_");
      }
      const voucher = await h.call("tbank_hotels_get_voucher", { bookingRef: newRef("bookingRef") });
      expect(voucher.data).toMatchObject({ status: "inline_delivery_refused", retryAllowed: false });
      expect(h.sandbox.control.requestCounts()).toEqual({});
    } finally {
      await h.close();
    }
  });
});
