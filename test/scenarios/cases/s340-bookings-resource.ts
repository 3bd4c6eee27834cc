import { readResource } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const kazan = bookingIn("Казань");

// Issue 34: a client attaches the person's bookings as a resource instead of calling a tool.
export const scenario: Scenario = {
  id: "s340",
  title: "Bookings resource: the list the person attaches reads as list_bookings does",
  request: "Прикрепи мои брони к разговору и скажи, какая поездка ближайшая",
  budgetTokens: 700,
  setup: { login: true },
  steps: [
    readResource("tbank-hotels://bookings", {
      status: "ok",
      text: ["total=7", `"${kazan.hotelName}", "Казань"`],
      textOnly: [`"Казань" | ${kazan.dates} | гостей: 2 | предстоит`],
      notText: ["orderId"],
      maxTokens: 700,
    }),
  ],
};
