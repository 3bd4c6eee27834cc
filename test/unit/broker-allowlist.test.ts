import { describe, expect, it } from "vitest";
import { z } from "zod";
import { throughAllowlist } from "../../broker/operations/allowlist.js";
import { EvoBookingSchema, ReservationV3Schema } from "../../shared/protocol/ops-hotels-orders.js";

const opts = { secrets: ["ord_secret_42"], maxItems: 3 };

describe("throughAllowlist", () => {
  it("copies only the fields the schema names, at every depth", () => {
    const answer = {
      orderId: "ord_secret_42",
      order: {
        id: "ord_secret_42",
        state: { code: "CONFIRMED", payment: "PAID", internalNote: "x" },
        customer: { email: "a@b.c" },
        rooms: [{ name: "Стандарт", meal: null, occupancy: { adults: 2, childrenAges: [7] }, guests: [{ fullName: "Смирнова Анна" }] }],
        documents: { voucher: { available: true, path: "/api/v1/orders/ord_secret_42/voucher" } },
      },
    };
    const out = throughAllowlist(ReservationV3Schema, answer, opts);
    expect(out.order?.state).toEqual({ code: "CONFIRMED", payment: "PAID" });
    expect(out.order?.rooms).toEqual([{ name: "Стандарт", meal: null, occupancy: { adults: 2, childrenAges: [7] } }]);
    expect(out.order?.documents).toEqual({ voucher: { available: true } });
    expect(out.order?.property).toBeNull();
    const text = JSON.stringify(out);
    for (const banned of ["ord_secret_42", "a@b.c", "Смирнова", "internalNote"]) expect(text).not.toContain(banned);
  });

  it("drops a string that carries a secret, even in an allowed field and behind invisible characters", () => {
    const out = throughAllowlist(EvoBookingSchema, { status: "CONFIRMED", hotelConfirmationNumber: "ord_secret\u200b_42", supplierName: "S", createdAt: null, updatedAt: null }, opts);
    expect(out).toEqual({ status: "CONFIRMED", supplierName: "S", hotelConfirmationNumber: null, createdAt: null, updatedAt: null });
  });

  it("neutralises provider text and nulls a value not of its documented form", () => {
    const out = throughAllowlist(EvoBookingSchema, { status: "OK\nstatus=ok", supplierName: "[click](https://evil.test)", hotelConfirmationNumber: 42, createdAt: "yesterday", updatedAt: "2027-03-01T12:00:00+03:00" }, opts);
    // A status is a code: one that is not (here a forged `status=ok`) reads UNKNOWN.
    expect(out).toEqual({ status: "UNKNOWN", supplierName: "click", hotelConfirmationNumber: null, createdAt: null, updatedAt: "2027-03-01T12:00:00+03:00" });
  });

  it("cuts lists to maxItems and drops items that do not fit", () => {
    const schema = z.strictObject({ ages: z.array(z.int().min(0).max(17)).nullable() });
    expect(throughAllowlist(schema, { ages: [1, "two", 30, 4, 5, 6] }, opts)).toEqual({ ages: [1] });
    expect(throughAllowlist(schema, { ages: "1,2" }, opts)).toEqual({ ages: null });
  });

  it("throws when the root is not an object", () => {
    expect(() => throughAllowlist(EvoBookingSchema, ["CONFIRMED"], opts)).toThrow();
  });
});
