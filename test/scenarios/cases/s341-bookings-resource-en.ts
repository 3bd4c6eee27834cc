import { readResource } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const yvn = bookingIn("Ереван", "en");

export const scenario: Scenario = {
  id: "s341",
  title: "Bookings resource in English (?language=en): English dates and labels",
  request: "Attach my hotel bookings and tell me which trips are done",
  budgetTokens: 700,
  setup: { login: true },
  steps: [
    readResource("tbank-hotels://bookings?language=en", {
      status: "ok",
      text: ["total=7", `"${yvn.hotelName}", "Ереван"`, "COMPLETED"],
      textOnly: [yvn.dates, "guests: 2"],
      notText: ["гостей", "orderId"],
      maxTokens: 700,
    }),
  ],
};
