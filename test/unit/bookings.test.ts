import { describe, expect, it } from "vitest";
import { compareBookings, inBookingList, isAwaitingPayment, isPastBooking, isUpcomingBooking, type DatedBooking } from "../../shared/bookings.js";

const TODAY = "2027-03-01";
const b = (status: string, checkinDate: string | null, checkoutDate: string | null): DatedBooking => ({ status, checkinDate, checkoutDate });

describe("booking lists against today", () => {
  it("past: CANCELLED or COMPLETED whatever the dates, or checked out before today; everything else is active", () => {
    expect(isPastBooking(b("CANCELLED", "2027-04-01", "2027-04-03"), TODAY)).toBe(true);
    expect(isPastBooking(b("COMPLETED", null, null), TODAY)).toBe(true);
    expect(isPastBooking(b("CONFIRMED", "2027-02-20", "2027-02-28"), TODAY)).toBe(true);
    // Checking out today is still active; so is a booking without dates.
    expect(isPastBooking(b("CONFIRMED", "2027-02-27", TODAY), TODAY)).toBe(false);
    expect(isPastBooking(b("AWAITING_PAYMENT", null, null), TODAY)).toBe(false);
  });

  it("upcoming: active with check-in today or later (tonight counts); an ongoing or undated stay is not", () => {
    expect(isUpcomingBooking(b("CONFIRMED", TODAY, "2027-03-03"), TODAY)).toBe(true);
    expect(isUpcomingBooking(b("AWAITING_PAYMENT", "2027-04-15", "2027-04-18"), TODAY)).toBe(true);
    expect(isUpcomingBooking(b("CONFIRMED", "2027-02-28", "2027-03-02"), TODAY)).toBe(false);
    expect(isUpcomingBooking(b("CONFIRMED", null, "2027-03-02"), TODAY)).toBe(false);
    expect(isUpcomingBooking(b("CANCELLED", "2027-04-01", "2027-04-03"), TODAY)).toBe(false);
  });

  it("something to pay: only an AWAITING_PAYMENT order (paid, cancelled and completed ones have nothing)", () => {
    expect(isAwaitingPayment("AWAITING_PAYMENT")).toBe(true);
    for (const s of ["CONFIRMED", "CANCELLED", "COMPLETED", "awaiting_payment"]) expect(isAwaitingPayment(s)).toBe(false);
  });

  it("filters active, past and all", () => {
    const rows = [b("CONFIRMED", "2027-04-01", "2027-04-03"), b("CANCELLED", "2027-04-01", "2027-04-03"), b("CONFIRMED", "2027-01-01", "2027-01-02")];
    expect(rows.filter((r) => inBookingList(r, "active", TODAY))).toEqual([rows[0]]);
    expect(rows.filter((r) => inBookingList(r, "past", TODAY))).toEqual([rows[1], rows[2]]);
    expect(rows.filter((r) => inBookingList(r, "all", TODAY))).toEqual(rows);
  });

  it("sorts active ones first by nearest check-in, then past ones by latest check-in; undated last in each group", () => {
    const rows = [
      b("COMPLETED", "2026-11-01", "2026-11-05"),
      b("CONFIRMED", "2027-05-30", "2027-06-01"),
      b("AWAITING_PAYMENT", null, null),
      b("CANCELLED", "2027-03-21", "2027-03-26"),
      b("COMPLETED", null, null),
      b("CONFIRMED", "2027-03-31", "2027-04-02"),
      b("COMPLETED", "2027-01-20", "2027-01-21"),
    ];
    const sorted = [...rows].sort(compareBookings(TODAY)).map((r) => `${r.status} ${String(r.checkinDate)}`);
    expect(sorted).toEqual([
      "CONFIRMED 2027-03-31",
      "CONFIRMED 2027-05-30",
      "AWAITING_PAYMENT null",
      "CANCELLED 2027-03-21",
      "COMPLETED 2027-01-20",
      "COMPLETED 2026-11-01",
      "COMPLETED null",
    ]);
  });
});
