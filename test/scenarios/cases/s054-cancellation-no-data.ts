import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s054",
  title: "Cancellation terms with an unknown free-cancellation deadline say «нет данных», not a guess",
  request: "До какого числа можно бесплатно отменить бронь в Екатеринбурге?",
  budgetTokens: 320,
  setup: { login: true },
  steps: [
    { tool: "tbank_hotels_list_bookings", args: { limit: 3 }, expect: { status: "ok", text: ["Cosmos «Меридиан», Екатеринбург"] }, save: { ekb: "bookings.1.bookingRef" } },
    {
      tool: "tbank_hotels_preview_cancellation",
      args: { bookingRef: "$ekb" },
      expect: {
        status: "ok",
        retryAllowed: false,
        text: ["cancelled=false", "бесплатная отмена: нет данных", "штраф: 10070.5 RUB"],
        notText: ["бесплатная отмена до"],
        nextStep: ["nothing was cancelled"],
        maxTokens: 100,
      },
    },
  ],
};
