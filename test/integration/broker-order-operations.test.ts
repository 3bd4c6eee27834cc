import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CapabilityTable } from "../../broker/capabilities.js";
import { createOperations, type OperationDeps } from "../../broker/operations/index.js";
import { BankingApi } from "../../broker/provider/banking.js";
import { ProviderClient } from "../../broker/provider/client.js";
import { HotelsCustomerApi } from "../../broker/provider/hotels.js";
import { RefTable } from "../../broker/refs.js";
import type { HandlerMap } from "../../broker/types.js";
import { VoucherStore } from "../../broker/vouchers/store.js";
import { createCatalog } from "../../scripts/sandbox/data/catalog.js";
import { buildBookings, type Booking } from "../../scripts/sandbox/data/customer.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { orderV1, orderV2, orderV3 } from "../../scripts/sandbox/hotels/order-shapes.js";
import { createLogger, SecretRegistry } from "../../shared/logger.js";
import { connectBroker } from "../../shared/protocol/client.js";
import type { Role } from "../../shared/protocol/common.js";
import { BrokerError, toErrorReply } from "../../shared/protocol/errors.js";
import { HOTELS_ORDER_READ_OPERATIONS, isAllowed, OPERATIONS, type OperationName, type OperationResult } from "../../shared/protocol/operations.js";
import { newRef } from "../../shared/refs.js";
import { testClock } from "../fixtures/clock.js";
import { fakeTime } from "./helpers/fake-time.js";
import { startTestBroker, tempBrokerDirs } from "./helpers/broker-harness.js";
import { SandboxTestSession } from "./helpers/sandbox-session.js";

// The low-level order reads of the hotels role, against the sandbox with a real session: each reads
// one order behind a bookingRef and answers through the protocol's allowlist.

const CANARY = "CANARY-ordops-2b7c";
const SEED = "broker-order-ops";
// Guest and contact PII of the sandbox customer's orders; none of it may cross the broker.
const PII = ["Смирнова", "Смирнов", "Игорь", "Мария", "+7900", "example.test", "1990-04-12"];

let sandbox: Sandbox;
let root: string;
let session: SandboxTestSession;
let ops: HandlerMap;
let deps: OperationDeps;
let time: ReturnType<typeof fakeTime>;
const logLines: string[] = [];
const seen: string[] = [];

async function call<Op extends OperationName>(op: Op, args: unknown, role: Role = "hotels"): Promise<OperationResult<Op>> {
  const handler = ops[op] as (a: unknown, r: Parameters<HandlerMap[Op]>[1]) => Promise<unknown>;
  try {
    const raw = await handler(OPERATIONS[op].args.parse(args), { role, peer: { pid: 4242, uid: 1000, gid: 1000 }, signal: AbortSignal.timeout(10_000) });
    seen.push(JSON.stringify(raw));
    // What the server does before sending: the strict result schema is the last check.
    return OPERATIONS[op].result.parse(raw) as OperationResult<Op>;
  } catch (err) {
    seen.push(JSON.stringify(toErrorReply(err)), err instanceof Error ? err.message : String(err));
    deps.logger.warn({ op, err }, "operation failed");
    throw err;
  }
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof BrokerError)) throw new Error(`expected a BrokerError, got ${String(err)}`);
  return err.code;
}

/** Every listed booking with its ref, and the sandbox's own record of the order behind it. */
async function listed(): Promise<{ bookingRef: string; booking: Booking }[]> {
  const all = buildBookings(SEED, CANARY, createCatalog(SEED, () => sandbox.urls.origin), sandbox.control.now());
  const { items } = await call("hotels.list_bookings", { limit: 20 });
  return items.map(({ bookingRef }) => {
    const orderId = deps.refs.resolve(bookingRef, session.sessionId(), "hotels");
    return { bookingRef, booking: all.find((b) => b.orderId === orderId)! };
  });
}

type Json = Record<string, unknown>;
const without = (value: unknown, ...keys: string[]): Json => Object.fromEntries(Object.entries(value as Json).filter(([k]) => !keys.includes(k)));

beforeAll(async () => {
  sandbox = await startSandbox({ seed: SEED, canary: CANARY, now: testClock().now });
  root = await mkdtemp(join(tmpdir(), "broker-order-ops-"));
  const secrets = new SecretRegistry();
  const logger = createLogger({ secrets, level: "debug", destination: { write: (line: string) => void logLines.push(line) } });
  session = await SandboxTestSession.loggedIn(sandbox, secrets);
  time = fakeTime();
  const client = new ProviderClient({ session });
  deps = {
    session,
    refs: new RefTable({ now: time.now }),
    capabilities: new CapabilityTable({ now: time.now }),
    vouchers: new VoucherStore({ directory: join(root, "vouchers"), ttlSeconds: 900, now: time.now, scheduler: time.scheduler, logger }),
    hotels: new HotelsCustomerApi(client, sandbox.urls.hotelsApiBaseUrl),
    banking: new BankingApi(client, sandbox.urls.bankingApiBaseUrl),
    info: { version: "0.1.0-test", pid: process.pid, startedAt: Date.now(), socketPath: join(root, "auth.sock"), connections: () => 1 },
    now: time.now,
    logger,
    secrets,
    requestStop: () => undefined,
  };
  ops = createOperations(deps);
});

afterAll(async () => {
  await sandbox.close();
  await rm(root, { recursive: true, force: true });
});

describe("hotels.get_reservation", () => {
  it("reads v3 by default: the provider's answer without order.id, guests, customer or the voucher path", async () => {
    const { bookingRef, booking } = (await listed())[0]!;
    sandbox.control.resetCounters();
    const r = await call("hotels.get_reservation", { bookingRef });
    expect(sandbox.control.requestCount("order_v3")).toBe(1);
    expect(r).toMatchObject({ bookingRef, apiVersion: "v3", observedAt: new Date(time.now()).toISOString() });
    const { order } = orderV3(booking, CANARY) as { order: Json & { rooms: Json[]; documents: { voucher: Json } } };
    expect(r.reservation).toEqual({
      order: {
        ...without(order, "id", "customer"),
        rooms: order.rooms.map((room) => without(room, "guests")),
        documents: { voucher: without(order.documents.voucher, "path") },
      },
    });
  });

  it("reads v1 and v2 when asked, each through its own allowlist", async () => {
    const { bookingRef, booking } = (await listed()).find((l) => l.booking.guests.length > 1)!;
    const v1 = await call("hotels.get_reservation", { bookingRef, apiVersion: "v1" });
    expect(v1.apiVersion).toBe("v1");
    // What the order writes added (promo code, services) is read by the broker only, before a repeat of one.
    expect(v1.reservation).toEqual(without(orderV1(booking, CANARY), "orderId", "guests", "contacts", "promoCode", "extraServices"));
    const v2 = await call("hotels.get_reservation", { bookingRef, apiVersion: "v2" });
    const provider = orderV2(booking, CANARY) as Json & { rooms: Json[] };
    expect(v2.reservation).toEqual({ ...without(provider, "orderId", "contacts"), rooms: provider.rooms.map((room) => without(room, "guests")) });
    for (const answer of [v1, v2]) for (const pii of PII) expect(JSON.stringify(answer)).not.toContain(pii);
  });
});

describe("the other order reads", () => {
  it("get_evo_booking: the supplier booking without its id", async () => {
    const rows = await listed();
    const { bookingRef, booking } = rows.find((l) => l.booking.status === "CONFIRMED")!;
    const r = await call("hotels.get_evo_booking", { bookingRef });
    expect(r.evoBooking).toMatchObject({ status: "CONFIRMED", supplierName: "Sandbox Supplier", hotelConfirmationNumber: `HC-${booking.orderId.slice(-7)}` });
    const pending = rows.find((l) => l.booking.status === "AWAITING_PAYMENT")!;
    expect((await call("hotels.get_evo_booking", { bookingRef: pending.bookingRef })).evoBooking).toMatchObject({ status: "PENDING_PAYMENT", hotelConfirmationNumber: null });
  });

  it("get_booking_task_status: the task's status and the order's, without the task id", async () => {
    const { bookingRef, booking } = (await listed())[0]!;
    const r = await call("hotels.get_booking_task_status", { bookingRef });
    expect(r.task).toEqual({ status: "SUCCESS", orderStatus: booking.status, startedAt: booking.createdAt, finishedAt: expect.any(String) as string, error: null });
  });

  it("check_ls_order: LS for stays of four nights or more, with the order's status", async () => {
    const rows = await listed();
    const nights = (b: Booking) => (Date.parse(b.stay.checkoutDate) - Date.parse(b.stay.checkinDate)) / 86_400_000;
    const long = rows.find((l) => nights(l.booking) >= 4)!;
    const short = rows.find((l) => nights(l.booking) < 4)!;
    expect((await call("hotels.check_ls_order", { bookingRef: long.bookingRef })).lsOrder).toMatchObject({ isLsOrder: true, lsOrderStatus: long.booking.status });
    expect((await call("hotels.check_ls_order", { bookingRef: short.bookingRef })).lsOrder).toMatchObject({ isLsOrder: false, lsOrderStatus: null });
  });
});

describe("refusals", () => {
  it("an unknown ref, another session's ref, another role and an expired ref: nothing reaches the provider", async () => {
    const rows = await listed();
    const { bookingRef, booking } = rows[0]!;
    const foreign = deps.refs.mint(booking.orderId, "another-session").bookingRef;
    sandbox.control.resetCounters();
    for (const op of HOTELS_ORDER_READ_OPERATIONS) {
      expect(await codeOf(call(op, { bookingRef: newRef("bookingRef") }))).toBe("invalid_ref");
      expect(await codeOf(call(op, { bookingRef: foreign }))).toBe("invalid_ref");
      expect(await codeOf(call(op, { bookingRef }, "banking"))).toBe("invalid_ref");
    }
    time.advance(30 * 60_000);
    // An expired ref says so once, then is gone: one ref per operation.
    for (const [i, op] of HOTELS_ORDER_READ_OPERATIONS.entries()) expect(await codeOf(call(op, { bookingRef: rows[i]!.bookingRef }))).toBe("ref_expired");
    expect(Object.values(sandbox.control.requestCounts()).reduce((a, b) => a + b, 0)).toBe(0);
  });

  it("takes a bookingRef only: an orderId argument is not part of the protocol", () => {
    for (const op of HOTELS_ORDER_READ_OPERATIONS) {
      expect(OPERATIONS[op].args.safeParse({ orderId: "ord_sbx_1" }).success).toBe(false);
      expect(OPERATIONS[op].args.safeParse({ bookingRef: newRef("bookingRef"), orderId: "ord_sbx_1" }).success).toBe(false);
    }
  });

  it("the banking and toolkit roles may not call them: the server answers operation_not_allowed", async () => {
    for (const op of HOTELS_ORDER_READ_OPERATIONS) {
      expect(isAllowed("hotels", op)).toBe(true);
      expect(isAllowed("banking", op)).toBe(false);
      expect(isAllowed("toolkit", op)).toBe(false);
    }
    const dirs = await tempBrokerDirs();
    const broker = await startTestBroker({ socketPath: dirs.socketPath, stateDir: dirs.stateDir });
    try {
      const banking = await connectBroker({ socketPath: dirs.socketPath, role: "banking", clientVersion: "test", timeoutMs: 2000 });
      expect(banking.welcome.operations).not.toContain("hotels.get_reservation");
      for (const op of HOTELS_ORDER_READ_OPERATIONS) {
        const err = await banking.call(op, { bookingRef: newRef("bookingRef") }).then(
          () => undefined,
          (e: unknown) => e as BrokerError,
        );
        expect(err?.code).toBe("operation_not_allowed");
      }
      banking.close();
    } finally {
      await broker.stop("test");
      await dirs.cleanup();
    }
  });
});

describe("provider failures, reduced as for every customer read", () => {
  it.each([
    ["order_v3", "hotels.get_reservation", { kind: "status", status: 503 }, "provider_unavailable"],
    ["evo_booking", "hotels.get_evo_booking", { kind: "status", status: 404 }, "provider_error"],
    ["booking_task", "hotels.get_booking_task_status", { kind: "status", status: 403 }, "provider_auth_rejected"],
    ["ls_order_check", "hotels.check_ls_order", { kind: "redirect" }, "provider_error"],
    ["order_v1", "hotels.get_reservation", { kind: "content_type" }, "provider_error"],
  ] as const)("%s answering %o: %s, no body text", async (route, op, fault, code) => {
    const { bookingRef } = (await listed())[0]!;
    sandbox.control.setFault(route, fault);
    const err = await call(op, route === "order_v1" ? { bookingRef, apiVersion: "v1" } : { bookingRef }).then(
      () => undefined,
      (e: unknown) => e as BrokerError,
    );
    sandbox.control.clearFaults();
    expect(err?.code).toBe(code);
    expect(err?.message).not.toMatch(/simulated|trace=/);
    expect(sandbox.control.requestCount("redirect_target")).toBe(0);
  });
});

describe("the whole file", () => {
  it("leaked no canary (tokens, orderIds, supplier and task ids carry it) and no PII into any result, error or log line", () => {
    expect(seen.length).toBeGreaterThan(20);
    for (const text of [...seen, ...logLines]) {
      expect(text).not.toContain(CANARY);
      expect(text).not.toContain("ord_");
    }
    for (const text of seen) for (const pii of PII) expect(text).not.toContain(pii);
  });
});
