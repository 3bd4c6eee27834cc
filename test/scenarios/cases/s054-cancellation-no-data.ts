import { listBookings } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const ekb = bookingIn("Екатеринбург");

export const scenario: Scenario = {
  id: "s054",
  title: "Cancellation terms with an unknown free-cancellation deadline say «нет данных», not a guess",
  request: "До какого числа можно бесплатно отменить бронь в Екатеринбурге?",
  // Raised with issue 14: a listing now marks upcoming stays and its next step names every follow-up
  // tool that fits the listed statuses (~60 tokens).
  budgetTokens: 420,
  setup: { login: true },
  steps: [
    listBookings({ status: "active" }, { status: "ok", text: [`"${ekb.hotelName}", "Екатеринбург"`] }, { ekb: "Екатеринбург" }),
    {
      tool: "tbank_hotels_preview_cancellation",
      args: { bookingRef: "$ekb" },
      expect: {
        status: "ok",
        text: ["cancelled=false", ekb.penalty],
        textOnly: ["бесплатная отмена: нет данных", `штраф: ${ekb.penalty}`],
        notText: ["бесплатная отмена до"],
        nextStep: ["nothing was cancelled"],
        maxTokens: 100,
      },
    },
  ],
};
