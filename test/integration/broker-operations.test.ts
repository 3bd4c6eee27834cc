import { createHash } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
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
import { createLogger, SecretRegistry } from "../../shared/logger.js";
import type { Role } from "../../shared/protocol/common.js";
import { BrokerError, toErrorReply } from "../../shared/protocol/errors.js";
import { HOTELS_CALENDAR_OPERATIONS, HOTELS_ORDER_READ_OPERATIONS, HOTELS_WRITE_OPERATIONS, OPERATION_NAMES, OPERATIONS, type OperationName, type OperationResult } from "../../shared/protocol/operations.js";
import { newRef } from "../../shared/refs.js";
import { minted } from "../fixtures/payment-handoff.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { fakeTime } from "./helpers/fake-time.js";
import { SandboxTestSession } from "./helpers/sandbox-session.js";

const CANARY = "CANARY-ops-5d1e";
const ROLE_OF = (op: OperationName): Role => (op.startsWith("hotels.") ? "hotels" : op.startsWith("banking.") ? "banking" : "toolkit");

let sandbox: Sandbox;
let root: string;
let session: SandboxTestSession;
let ops: HandlerMap;
let deps: OperationDeps;
let time: ReturnType<typeof fakeTime>;
let stopRequests = 0;
const logLines: string[] = [];
// Every result and every error message that crossed the operation boundary.
const seen: string[] = [];
const succeeded = new Set<OperationName>();

async function call<Op extends OperationName>(op: Op, args: unknown = {}, opts: { role?: Role; signal?: AbortSignal } = {}): Promise<OperationResult<Op>> {
  const parsedArgs = OPERATIONS[op].args.parse(args);
  const handler = ops[op] as (a: unknown, r: Parameters<HandlerMap[Op]>[1]) => Promise<unknown>;
  try {
    const raw = await handler(parsedArgs, { role: opts.role ?? ROLE_OF(op), peer: { pid: 4242, uid: 1000, gid: 1000 }, signal: opts.signal ?? AbortSignal.timeout(10_000) });
    seen.push(JSON.stringify(raw));
    const result = OPERATIONS[op].result.parse(raw) as OperationResult<Op>;
    succeeded.add(op);
    return result;
  } catch (err) {
    seen.push(JSON.stringify(toErrorReply(err)), err instanceof Error ? err.message : String(err));
    // As the server's audit log does: the whole error, cause chain included, goes through the scrubber.
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

async function bookings() {
  return (await call("hotels.list_bookings", {})).items;
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: "broker-ops", canary: CANARY });
  root = await mkdtemp(join(tmpdir(), "broker-ops-"));
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
    info: { version: "0.1.0-test", pid: process.pid, startedAt: Date.now(), socketPath: join(root, "auth.sock"), connections: () => 2 },
    now: time.now,
    logger,
    secrets,
    requestStop: () => void (stopRequests += 1),
  };
  ops = createOperations(deps);
});

afterAll(async () => {
  await sandbox.close();
  await rm(root, { recursive: true, force: true });
});

describe("broker operations against the sandbox", () => {
  it("reports status locally, without a provider call", async () => {
    sandbox.control.resetCounters();
    expect(await call("hotels.status")).toEqual({ state: "mobile_read_only_ready", storeBackend: "file" });
    expect(await call("banking.status")).toEqual({ state: "mobile_read_only_ready", storeBackend: "file" });
    expect(Object.values(sandbox.control.requestCounts()).reduce((a, b) => a + b, 0)).toBe(0);
  });

  it("reads the customer as a first name and two flags", async () => {
    const { customer } = await call("hotels.get_customer");
    expect(customer).toEqual({ firstName: "Анна", hasEmail: true, hasPhone: true });
  });

  it("lists bookings with fresh bookingRefs and no provider ids", async () => {
    const page = await call("hotels.list_bookings", { limit: 5 });
    expect(page.total).toBe(7);
    expect(page.items).toHaveLength(5);
    expect(page).toMatchObject({ hasMore: true, nextOffset: 5 });
    const rest = await call("hotels.list_bookings", { offset: 5, limit: 5 });
    expect(rest).toMatchObject({ hasMore: false, nextOffset: null });
    expect(rest.items).toHaveLength(2);
    const text = JSON.stringify([page, rest]);
    expect(text).not.toContain("ord_");
    expect(text).not.toContain("Смирнова");
    expect(new Set([...page.items, ...rest.items].map((i) => i.bookingRef)).size).toBe(7);
    // Control for the canary check below: the orderId behind a ref carries the canary, and the
    // broker's scrubber knows it.
    const orderId = deps.refs.resolve(page.items[0]!.bookingRef, session.sessionId(), "hotels");
    expect(orderId).toContain(CANARY);
    deps.logger.info({ detail: `looked at ${orderId}` }, "control line");
    expect(logLines.at(-1)).toContain("[redacted]");
  });

  // The sandbox here dates its bookings by the machine's clock and the broker reads a fixed one, so
  // the test checks the rules, not which bookings land on which side.
  it("filters active and past against the broker's clock, sorts by check-in, and keeps one ref per booking", async () => {
    const all = await call("hotels.list_bookings", {});
    const active = await call("hotels.list_bookings", { status: "active" });
    const past = await call("hotels.list_bookings", { status: "past" });
    const today = new Date(time.now()).toISOString().slice(0, 10);
    expect(active.total + past.total).toBe(all.total);
    for (const b of active.items) {
      expect(["CANCELLED", "COMPLETED"]).not.toContain(b.status);
      expect(b.checkoutDate! >= today).toBe(true);
    }
    for (const b of past.items) expect(["CANCELLED", "COMPLETED"].includes(b.status) || b.checkoutDate! < today).toBe(true);
    // Nearest check-in first among active ones, latest first among past ones; "all" is the two in a row.
    const checkins = (items: { checkinDate: string | null }[]) => items.map((i) => i.checkinDate!);
    expect(checkins(active.items)).toEqual([...checkins(active.items)].sort());
    expect(checkins(past.items)).toEqual([...checkins(past.items)].sort().reverse());
    expect(all.items.map((i) => i.bookingRef)).toEqual([...active.items, ...past.items].map((i) => i.bookingRef));
    // The same booking keeps its ref across listings (and pages) of this session.
    const page = await call("hotels.list_bookings", { offset: 1, limit: 1 });
    expect(page.items[0]!.bookingRef).toBe(all.items[1]!.bookingRef);
    expect(page).toMatchObject({ total: all.total, hasMore: true, nextOffset: 2 });
  });

  it("reads a booking card by ref, repeatedly, with decimal payment facts and offset timestamps", async () => {
    const row = (await bookings()).find((b) => b.status === "AWAITING_PAYMENT")!;
    const card = await call("hotels.get_booking_v1", { bookingRef: row.bookingRef });
    const again = await call("hotels.get_booking_v1", { bookingRef: row.bookingRef });
    expect(again.payment).toEqual(card.payment);
    expect(card).toMatchObject({ bookingRef: row.bookingRef, status: "AWAITING_PAYMENT", checkinDate: row.checkinDate, guestsCount: 3 });
    expect(card.payment.paymentStatus).toBe("WAITING_FOR_PAYMENT");
    expect(card.payment.amountDecimal).toMatch(/^\d+(\.\d+)?$/);
    expect(card.checkinFrom).toBeNull();
    const text = JSON.stringify(card);
    for (const banned of ["ord_", "Смирнова", "Игорь", "+7900", "example.test"]) expect(text).not.toContain(banned);
  });

  it("refuses unknown, foreign-session and expired refs", async () => {
    expect(await codeOf(call("hotels.get_booking_v1", { bookingRef: newRef("bookingRef") }))).toBe("invalid_ref");
    const foreign = deps.refs.mint("ord_foreign_0000001", "another-session").bookingRef;
    expect(await codeOf(call("hotels.get_booking_v1", { bookingRef: foreign }))).toBe("invalid_ref");
    const row = (await bookings())[0]!;
    time.advance(30 * 60_000);
    expect(await codeOf(call("hotels.get_booking_v1", { bookingRef: row.bookingRef }))).toBe("ref_expired");
    expect(await codeOf(call("hotels.save_voucher_v1", { bookingRef: row.bookingRef }))).toBe("invalid_ref");
  });

  it("saves a voucher and returns only its metadata", async () => {
    const row = (await bookings()).find((b) => b.status === "CONFIRMED")!;
    const saved = await call("hotels.save_voucher_v1", { bookingRef: row.bookingRef });
    const bytes = await readFile(saved.path);
    expect(saved.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect(saved.path).not.toContain("ord_");
    const unpaid = (await bookings()).find((b) => b.status === "AWAITING_PAYMENT")!;
    expect(await codeOf(call("hotels.save_voucher_v1", { bookingRef: unpaid.bookingRef }))).toBe("provider_error");
  });

  it("hands payment facts to the banking client exactly once", async () => {
    const row = (await bookings()).find((b) => b.status === "AWAITING_PAYMENT")!;
    const card = await call("hotels.get_booking_v1", { bookingRef: row.bookingRef });
    sandbox.control.resetCounters();
    const handoff = minted(await call("hotels.create_payment_handoff", { bookingRef: row.bookingRef }));
    expect(sandbox.control.requestCount("order_v1")).toBe(1);
    expect(handoff).toMatchObject({ amountDecimal: card.payment.amountDecimal, currency: card.payment.currency, paymentStatus: "WAITING_FOR_PAYMENT" });
    expect(await codeOf(call("banking.consume_payment_handoff", { paymentHandoffRef: handoff.paymentHandoffRef }, { role: "hotels" }))).toBe("operation_not_allowed");
    const consumed = await call("banking.consume_payment_handoff", { paymentHandoffRef: handoff.paymentHandoffRef });
    expect(consumed).toMatchObject({ amountDecimal: handoff.amountDecimal, currency: handoff.currency, observedAt: handoff.observedAt });
    expect(await codeOf(call("banking.consume_payment_handoff", { paymentHandoffRef: handoff.paymentHandoffRef }))).toBe("capability_consumed");
    expect(logLines.some((l) => l.includes("payment_handoff_replay"))).toBe(true);
  });

  it("mints nothing for a booking with nothing to pay: paid, cancelled or completed", async () => {
    const rows = await bookings();
    const closedOrPaid = ["CONFIRMED", "CANCELLED", "COMPLETED"].map((status) => rows.find((b) => b.status === status)!);
    const before = deps.capabilities.size;
    const handoffsBefore = (await call("broker.status")).activeRefs.paymentHandoffs;
    for (const row of closedOrPaid) {
      const card = await call("hotels.get_booking_v1", { bookingRef: row.bookingRef });
      const out = await call("hotels.create_payment_handoff", { bookingRef: row.bookingRef });
      expect(out).toEqual({ nothingToPay: true, status: row.status, paymentStatus: card.payment.paymentStatus, observedAt: expect.any(String) as string });
    }
    expect(deps.capabilities.size).toBe(before);
    expect((await call("broker.status")).activeRefs.paymentHandoffs).toBe(handoffsBefore);
  });

  it("derives a soft per-night band from RUB stays only", async () => {
    const prefs = await call("banking.get_hotel_preferences");
    const { min, max, currency } = prefs.hotelPreferences.pricePerNight;
    expect(currency).toBe("RUB");
    expect(min % 100).toBe(0);
    expect(max % 100).toBe(0);
    // Seeded stays cost 6,000..13,000 per night; the band sits inside that, widened by 10%.
    expect(min).toBeGreaterThanOrEqual(5400);
    expect(max).toBeLessThanOrEqual(14_300);
    expect(min).toBeLessThan(max);
    expect(prefs.hotelPreferences).toMatchObject({ ranking: "best_value", showAlternativesOutsideBand: true });
    expect(prefs.basis.periodMonths).toBe(12);
    expect(prefs.basis.staysCount).toBeGreaterThanOrEqual(7);
  });

  it("reports broker status with counts, never tokens", async () => {
    const status = await call("broker.status");
    expect(status).toMatchObject({ state: "mobile_read_only_ready", brokerVersion: "0.1.0-test", protocol: 2, connections: 2 });
    expect(status.activeRefs.bookingRefs).toBe(deps.refs.size);
    expect(status.accessExpiresAt).not.toBeNull();
  });

  it("relays a device login start and poll", async () => {
    const start = await call("broker.login_start");
    expect(await call("broker.login_poll", { loginId: start.loginId })).toEqual({ state: "pending" });
    sandbox.control.approveDevice(start.userCode);
    sandbox.control.advanceClock(start.intervalSeconds * 1000 + 5000);
    expect(await call("broker.login_poll", { loginId: start.loginId })).toEqual({ state: "approved" });
  });
});

describe("provider failures", () => {
  it("refreshes once on a 401 and retries exactly once", async () => {
    sandbox.control.resetCounters();
    const before = session.refreshes;
    sandbox.control.setFault("customer", { kind: "status", status: 401, times: 1 });
    await call("hotels.get_customer");
    expect(sandbox.control.requestCount("customer")).toBe(2);
    expect(session.refreshes).toBe(before + 1);
    sandbox.control.setFault("customer", { kind: "status", status: 401 });
    expect(await codeOf(call("hotels.get_customer"))).toBe("provider_auth_rejected");
    expect(sandbox.control.requestCount("customer")).toBe(4);
    sandbox.control.clearFaults();
  });

  it.each([
    [{ kind: "status", status: 403 }, "provider_auth_rejected", false],
    [{ kind: "status", status: 503 }, "provider_unavailable", true],
    [{ kind: "status", status: 404 }, "provider_error", false],
    [{ kind: "redirect" }, "provider_error", false],
    [{ kind: "oversized", bytes: 3 * 1024 * 1024 }, "too_large", false],
    [{ kind: "truncated" }, "provider_unavailable", true],
    [{ kind: "content_type" }, "provider_error", false],
  ] as const)("maps %o on a JSON route to %s", async (fault, code, retryAllowed) => {
    sandbox.control.resetCounters();
    sandbox.control.setFault("orders", fault);
    const err = await call("hotels.list_bookings").then(
      () => undefined,
      (e: unknown) => e,
    );
    sandbox.control.clearFaults();
    expect(err).toBeInstanceOf(BrokerError);
    expect((err as BrokerError).code).toBe(code);
    expect((err as BrokerError).retryAllowed).toBe(retryAllowed);
    expect((err as BrokerError).message).not.toMatch(/simulated|trace=/);
    expect(sandbox.control.requestCount("redirect_target")).toBe(0);
  });

  it("names the provider request id and status, nothing from the body", async () => {
    sandbox.control.setFault("banking_travel_spending", { kind: "status", status: 502, times: 1 });
    const err = await call("banking.get_hotel_preferences").then(
      () => undefined,
      (e: unknown) => e as BrokerError,
    );
    expect(err?.message).toMatch(/HTTP 502 \(x-request-id sbx-[0-9a-f]+\)/);
  });

  it("turns the request deadline into timeout", async () => {
    sandbox.control.setFault("order_v1", { kind: "hang", times: 1 });
    const row = (await bookings())[0]!;
    expect(await codeOf(call("hotels.get_booking_v1", { bookingRef: row.bookingRef }, { signal: AbortSignal.timeout(200) }))).toBe("timeout");
  });
});

describe("session end", () => {
  it("logout revokes refs and capabilities, deletes vouchers, and later reads need a login", async () => {
    const row = (await bookings()).find((b) => b.status === "AWAITING_PAYMENT")!;
    await call("hotels.create_payment_handoff", { bookingRef: row.bookingRef });
    const expected = deps.refs.size + deps.capabilities.size;
    const result = await call("broker.logout");
    expect(result).toEqual({ hadSession: true, revokedRefs: expected });
    expect(deps.refs.size + deps.capabilities.size).toBe(0);
    expect(await readdir(join(root, "vouchers"))).toEqual([]);
    expect(await codeOf(call("hotels.get_customer"))).toBe("mobile_login_required");
    expect(await codeOf(call("hotels.get_booking_v1", { bookingRef: row.bookingRef }))).toBe("invalid_ref");
    expect(await call("hotels.status")).toMatchObject({ state: "mobile_login_required" });
    expect(await call("broker.logout")).toEqual({ hadSession: false, revokedRefs: 0 });
  });

  it("stop asks the server to stop", async () => {
    expect(await call("broker.stop")).toEqual({ stopping: true });
    expect(stopRequests).toBe(1);
  });
});

describe("the whole run", () => {
  it("produced a schema-valid result for every operation", () => {
    // The low-level order reads have their own file (broker-order-operations.test.ts), the writes
    // and the person's approvals theirs (broker-writes.test.ts), the calendar entry its own
    // (calendar-entry.test.ts).
    const elsewhere: readonly string[] = [...HOTELS_CALENDAR_OPERATIONS, ...HOTELS_ORDER_READ_OPERATIONS, ...HOTELS_WRITE_OPERATIONS, "broker.list_approvals", "broker.decide_approval"];
    const here = OPERATION_NAMES.filter((op) => !elsewhere.includes(op));
    expect([...succeeded].sort()).toEqual([...here].sort());
  });

  it("leaked no canary (tokens and orderIds carry it) into any result, error message or log line", () => {
    expect(seen.length).toBeGreaterThan(30);
    expect(logLines.length).toBeGreaterThan(0);
    for (const text of [...seen, ...logLines]) expect(text).not.toContain(CANARY);
  });
});
