import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HandlerMap, OperationHandler } from "../../broker/types.js";
import { connectBroker, isAllowed, isBrokerError, isOperationName, OPERATION_NAMES, OPERATIONS, ROLES } from "../../shared/protocol/index.js";
import type { OperationName, Role } from "../../shared/protocol/index.js";
import { bookingRef, paymentHandoffRef, SAMPLES } from "../fixtures/operation-samples.js";
import { sampleHandlers, startTestBroker, tempBrokerDirs } from "../integration/helpers/broker-harness.js";

describe("operations table", () => {
  it("has args and result schemas for every operation, and the sample pairs parse", () => {
    expect([...OPERATION_NAMES].sort()).toEqual(Object.keys(SAMPLES).sort());
    for (const op of OPERATION_NAMES) {
      const { args, result } = OPERATIONS[op];
      expect(args.safeParse(SAMPLES[op].args).success, `${op} args`).toBe(true);
      const parsed = result.safeParse(JSON.parse(JSON.stringify(SAMPLES[op].result)));
      expect(parsed.error, `${op} result`).toBeUndefined();
      expect(parsed.data).toEqual(SAMPLES[op].result);
    }
  });

  it("rejects unknown fields in every args and result", () => {
    for (const op of OPERATION_NAMES) {
      const { args, result } = OPERATIONS[op];
      expect(args.safeParse({ ...SAMPLES[op].args, orderId: "123" }).success, `${op} args`).toBe(false);
      expect(result.safeParse({ ...SAMPLES[op].result, orderId: "123" }).success, `${op} result`).toBe(false);
    }
  });

  it("rejects unknown fields in nested objects too", () => {
    const booking = SAMPLES["hotels.get_booking_v1"].result;
    const schema = OPERATIONS["hotels.get_booking_v1"].result;
    expect(schema.safeParse({ ...booking, hotel: { ...booking.hotel, phone: "+7..." } }).success).toBe(false);
    expect(schema.safeParse({ ...booking, payment: { ...booking.payment, paymentToken: "x" } }).success).toBe(false);
    const list = SAMPLES["hotels.list_bookings"].result;
    const withEmail = { ...list, items: [{ ...list.items[0], email: "a@b.c" }] };
    expect(OPERATIONS["hotels.list_bookings"].result.safeParse(withEmail).success).toBe(false);
  });

  it("validates refs by prefix and length", () => {
    const getBooking = OPERATIONS["hotels.get_booking_v1"].args;
    expect(getBooking.safeParse({ bookingRef: "12345" }).success).toBe(false);
    expect(getBooking.safeParse({ bookingRef: paymentHandoffRef }).success).toBe(false);
    expect(getBooking.safeParse({ bookingRef: `${bookingRef}A` }).success).toBe(false);
    expect(getBooking.safeParse({}).success).toBe(false);
    const consume = OPERATIONS["banking.consume_payment_handoff"].args;
    expect(consume.safeParse({ paymentHandoffRef: bookingRef }).success).toBe(false);
    expect(consume.safeParse({ paymentHandoffRef: `phr_${"A".repeat(22)}` }).success).toBe(false);
    expect(OPERATIONS["broker.login_poll"].args.safeParse({ loginId: bookingRef }).success).toBe(false);
  });

  it("bounds list_bookings paging", () => {
    const args = OPERATIONS["hotels.list_bookings"].args;
    expect(args.safeParse({}).success).toBe(true);
    expect(args.safeParse({ limit: 20 }).success).toBe(true);
    expect(args.safeParse({ limit: 21 }).success).toBe(false);
    expect(args.safeParse({ limit: 0 }).success).toBe(false);
    expect(args.safeParse({ offset: -1 }).success).toBe(false);
    expect(args.safeParse({ offset: 1.5 }).success).toBe(false);
    const result = OPERATIONS["hotels.list_bookings"].result;
    const item = SAMPLES["hotels.list_bookings"].result.items[0]!;
    expect(result.safeParse({ items: Array.from({ length: 21 }, () => item), total: 21, hasMore: false, nextOffset: null }).success).toBe(false);
  });

  it("carries money as canonical decimal strings, never numbers", () => {
    const handoff = OPERATIONS["hotels.create_payment_handoff"].result;
    const sample = SAMPLES["hotels.create_payment_handoff"].result;
    expect(handoff.safeParse({ ...sample, amountDecimal: 18450.5 }).success).toBe(false);
    expect(handoff.safeParse({ ...sample, amountDecimal: "18450.50" }).success).toBe(false);
    expect(handoff.safeParse({ ...sample, amountDecimal: "1e3" }).success).toBe(false);
    expect(handoff.safeParse({ ...sample, currency: "rub" }).success).toBe(false);
    expect(handoff.safeParse({ ...sample, expiresAt: "tomorrow" }).success).toBe(false);
    // Nothing to pay: the statuses only, never a ref or an amount beside them.
    const nothing = { nothingToPay: true, status: "CONFIRMED", paymentStatus: "PAID", observedAt: sample.observedAt };
    expect(handoff.safeParse(nothing).success).toBe(true);
    expect(handoff.safeParse({ ...nothing, paymentStatus: null }).success).toBe(true);
    expect(handoff.safeParse({ ...nothing, paymentHandoffRef: `phr_${"A".repeat(43)}` }).success).toBe(false);
    expect(handoff.safeParse({ ...nothing, amountDecimal: "18450.5" }).success).toBe(false);
  });

  it("checks the other shapes' rules", () => {
    const prefs = OPERATIONS["banking.get_hotel_preferences"].result;
    const sample = SAMPLES["banking.get_hotel_preferences"].result;
    const band = sample.hotelPreferences.pricePerNight;
    const withBand = (b: object) => ({ ...sample, hotelPreferences: { ...sample.hotelPreferences, pricePerNight: { ...band, ...b } } });
    expect(prefs.safeParse(withBand({ min: 14000 })).success).toBe(false);
    expect(prefs.safeParse({ ...sample, hotelPreferences: { ...sample.hotelPreferences, ranking: "cheapest" } }).success).toBe(false);
    expect(OPERATIONS["broker.login_poll"].result.safeParse({ state: "slow_down" }).success).toBe(false);
    const voucher = OPERATIONS["hotels.save_voucher_v1"].result;
    const v = SAMPLES["hotels.save_voucher_v1"].result;
    expect(voucher.safeParse({ ...v, path: "relative/v.pdf" }).success).toBe(false);
    expect(voucher.safeParse({ ...v, sizeBytes: 6 * 1024 * 1024 }).success).toBe(false);
    expect(voucher.safeParse({ ...v, sha256: "A".repeat(64) }).success).toBe(false);
    const login = OPERATIONS["broker.login_start"].result;
    const l = SAMPLES["broker.login_start"].result;
    expect(login.safeParse({ ...l, verificationUri: "javascript:alert(1)" }).success).toBe(false);
    expect(login.safeParse({ ...l, verificationUriComplete: "https://id.example/device?user_code=WDJB-MJHT" }).success).toBe(true);
    const booking = OPERATIONS["hotels.get_booking_v1"].result;
    const b = SAMPLES["hotels.get_booking_v1"].result;
    expect(booking.safeParse({ ...b, checkinDate: "2026-02-30" }).success).toBe(false);
    expect(booking.safeParse({ ...b, checkinFrom: "2026-09-15T14:00:00" }).success).toBe(false);
    expect(booking.safeParse({ ...b, status: "A\nB" }).success).toBe(false);
  });
});

describe("role allowlist, through a real broker and client", () => {
  // Each role's namespace: a client must never reach another role's operations.
  const NAMESPACE: Record<Role, string> = { hotels: "hotels.", banking: "banking.", toolkit: "broker." };
  let dirs: Awaited<ReturnType<typeof tempBrokerDirs>>;
  let broker: Awaited<ReturnType<typeof startTestBroker>>;
  const handled: string[] = [];

  beforeAll(async () => {
    dirs = await tempBrokerDirs();
    const samples = sampleHandlers();
    // The sample answers, recording which role's request reached which handler.
    const recording = Object.fromEntries(
      OPERATION_NAMES.map((op) => {
        const handler = samples[op] as OperationHandler<OperationName>;
        return [op, ((args, req) => (handled.push(`${req.role} ${op}`), handler(args, req))) satisfies OperationHandler<OperationName>];
      }),
    ) as unknown as HandlerMap;
    broker = await startTestBroker({ socketPath: dirs.socketPath, stateDir: dirs.stateDir, handlers: recording });
  });
  afterAll(async () => {
    await broker.stop("test");
    await dirs.cleanup();
  });

  async function outcomes(role: Role, ops: readonly string[]) {
    const conn = await connectBroker({ socketPath: dirs.socketPath, role, clientVersion: "test", timeoutMs: 2_000 });
    try {
      const served: string[] = [];
      for (const op of ops) {
        const call = conn.call(op as OperationName, isOperationName(op) ? SAMPLES[op].args : {});
        const outcome = await call.then(
          () => "ok",
          (err: unknown) => (isBrokerError(err) ? `${err.code} retryAllowed=${String(err.retryAllowed)}` : String(err)),
        );
        if (outcome === "ok") served.push(op);
        else expect(outcome, `${role} ${op}`).toBe("operation_not_allowed retryAllowed=false");
      }
      return { served, advertised: conn.welcome.operations };
    } finally {
      conn.close();
    }
  }

  it("serves every operation to exactly one role, inside that role's namespace, and refuses it to the others before any handler runs", async () => {
    handled.length = 0;
    const servedBy = new Map<string, Role[]>();
    for (const role of ROLES) {
      const { served, advertised } = await outcomes(role, OPERATION_NAMES);
      expect(served.length, role).toBeGreaterThan(0);
      expect(new Set(served), `${role} is served what its welcome advertises`).toEqual(new Set(advertised));
      for (const op of served) {
        expect(op.startsWith(NAMESPACE[role]), `${role} ${op}`).toBe(true);
        servedBy.set(op, [...(servedBy.get(op) ?? []), role]);
      }
    }
    for (const op of OPERATION_NAMES) expect(servedBy.get(op), op).toHaveLength(1);
    // Only allowed requests reached a handler, each once.
    expect(handled.sort()).toEqual(OPERATION_NAMES.map((op) => `${servedBy.get(op)?.[0]} ${op}`).sort());
  });

  it("refuses names that are not operations, whatever the role", async () => {
    handled.length = 0;
    for (const role of ROLES) expect((await outcomes(role, ["hotels.unknown", "toString", "__proto__", "constructor", "hasOwnProperty"])).served).toEqual([]);
    expect(handled).toEqual([]);
    for (const op of ["hotels.unknown", "toString", "__proto__", "constructor", ""]) {
      for (const role of ROLES) expect(isAllowed(role, op), `${role} ${op}`).toBe(false);
      expect(isOperationName(op)).toBe(false);
    }
  });
});
