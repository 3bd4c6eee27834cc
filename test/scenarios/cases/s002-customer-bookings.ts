import { listBookings, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s002",
  title: "Signed-in person lists bookings and saves a voucher",
  request: "Покажи мои брони и сохрани ваучер по ближайшей поездке",
  budgetTokens: 2000,
  setup: { login: true },
  steps: [
    listBookings(undefined, { status: "ok", textMatches: ["bkr_"] }, { bookingRef: "Казань" }),
    step("tbank_hotels_save_voucher", { bookingRef: "$bookingRef" }, { status: "ok", textMatches: ["voucher-[A-Za-z0-9_-]+\\.pdf"] }),
  ],
};
