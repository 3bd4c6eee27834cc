import { listBookings } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const kazan = bookingIn("Казань");
const spb = bookingIn("Санкт-Петербург");
const ekb = bookingIn("Екатеринбург");
const row = (b: typeof kazan, city: string): string => `"${b.hotelName}", "${city}" | ${b.dates} | гостей: \\d+ \\| предстоит`.replace(/[.()]/gu, "\\$&");

export const scenario: Scenario = {
  id: "s084",
  title: "Upcoming trips: only active bookings, nearest check-in first, each marked upcoming; a second listing keeps the same bookingRefs",
  request: "Какие у меня предстоящие поездки?",
  budgetTokens: 700,
  setup: { login: true },
  steps: [
    listBookings(
      { status: "active" },
      {
        status: "ok",
        text: ["total=3", "hasMore=false", `"${kazan.hotelName}", "Казань"`, `"${spb.hotelName}", "Санкт-Петербург"`, `"${ekb.hotelName}", "Екатеринбург"`],
        textOnly: ["show=active"],
        // In check-in order, every row marked.
        textMatches: [`${row(kazan, "Казань")}\\n[^\\n]*${row(spb, "Санкт-Петербург")}\\n[^\\n]*${row(ekb, "Екатеринбург")}`],
        notText: ["| CANCELLED |", "| COMPLETED |", "Сочи", "Калининград", "Москва", "Ереван"],
        nextStep: ["tbank_hotels_create_payment_handoff_preview (AWAITING_PAYMENT)", "tbank_hotels_save_voucher", "tbank_hotels_preview_cancellation"],
        maxTokens: 340,
      },
      { kazan: "Казань", spb: "Санкт-Петербург" },
    ),
    // Asked again, the same bookings keep the refs the model already holds.
    listBookings({ status: "active" }, { status: "ok", text: ["total=3", "$kazan", "$spb"], maxTokens: 340 }),
  ],
};
