import { listBookings, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const kazan = bookingIn("Казань");

export const scenario: Scenario = {
  id: "s002",
  title: "Signed-in person lists bookings and saves a voucher",
  request: "Покажи мои брони и сохрани ваучер по ближайшей поездке",
  budgetTokens: 2000,
  setup: { login: true },
  steps: [
    // Sorted by check-in, upcoming first: the nearest trip is the first row and is marked.
    listBookings(
      undefined,
      { status: "ok", text: ["total=7", `"${kazan.hotelName}", "Казань"`], textOnly: [`"Казань" | ${kazan.dates} | гостей: 2 | предстоит`], textMatches: ["hasMore=false\\nbkr_[\\w-]{22} \\| CONFIRMED \\| [^\\n]*Казань"] },
      { bookingRef: "Казань" },
    ),
    step("tbank_hotels_save_voucher", { bookingRef: "$bookingRef" }, { status: "ok", textMatches: ["voucher-[A-Za-z0-9_-]+\\.pdf"] }),
  ],
};
