import { listBookings, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const kazan = bookingIn("Казань", "en");
const kazanRu = bookingIn("Казань");

export const scenario: Scenario = {
  id: "s085",
  title: "Bookings in English: English labels, dates and money in the listing and the booking; ISO dates and decimals beside them",
  request: "Show my bookings in English, and the details of the Kazan one.",
  budgetTokens: 960,
  setup: { login: true },
  steps: [
    listBookings(
      { language: "en" },
      { status: "ok", text: ["total=7", `"${kazan.hotelName}", "Казань"`], textOnly: [`"Казань" | ${kazan.dates} | guests: 2 | upcoming`], notText: ["гостей", "предстоит", kazanRu.dates], maxTokens: 820 },
      { kazan: "Казань" },
    ),
    step(
      "tbank_hotels_get_booking",
      { bookingRef: "$kazan", language: "en-US" },
      {
        status: "ok",
        text: [kazan.dates, kazan.paymentPrice, kazan.penalty, String(kazan.freeCancellationShown)],
        textOnly: [`payment price observed on the booking: ${kazan.paymentPrice}; paymentStatus: PAID`, `free cancellation until ${String(kazan.freeCancellationShown)}; penalty after ${String(kazan.freeCancellationShown)}: ${kazan.penalty}`, "guests: 2 | room: "],
        notText: [kazanRu.paymentPrice, kazanRu.dates, "нет данных", "гостей"],
        maxTokens: 230,
      },
    ),
  ],
};
