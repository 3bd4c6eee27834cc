import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s002",
  title: "Signed-in person lists bookings and saves a voucher",
  request: "Покажи мои брони и сохрани ваучер по ближайшей поездке",
  budgetTokens: 2000,
  setup: { login: true },
  steps: [
    { tool: "tbank_hotels_list_bookings", expect: { status: "ok", textMatches: ["bkr_"] }, save: { bookingRef: "bookings[city=Казань].bookingRef" } },
    { tool: "tbank_hotels_save_voucher", args: { bookingRef: "$bookingRef" }, expect: { status: "ok", textMatches: ["voucher-[A-Za-z0-9_-]+\\.pdf"] } },
  ],
};
