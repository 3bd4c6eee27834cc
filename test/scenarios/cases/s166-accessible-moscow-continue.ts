import { journeyStep, planStay } from "../journey-steps.js";
import type { Scenario } from "../types.js";

// Accessibility is in no filter of the catalogue: the plan reads 30 hotel cards, and continuing a
// truncated Москва search reads up to 30 more, for the hotels not read yet; each answer says how many.
export const scenario: Scenario = {
  id: "s166",
  title: "«Номера для людей с инвалидностью» в Москве: the plan reads 30 cards, the continuation 30 more, each says how many of how many",
  request: "Нужен отель в Москве на 12–14 марта с номером для гостя на коляске, нас двое. Посмотри ещё варианты",
  budgetTokens: 2550,
  steps: [
    planStay(
      { destination: "Москва", checkinDate: "2027-03-12", checkoutDate: "2027-03-14", amenities: ["accessible"] },
      { status: "ok", textMatches: ["amenities accessible removed \\d+ \\(checked locally on hotel cards: 30 of \\d+ read, unread ones removed\\)"] },
      { save: { journeyId: "journeyId" } },
    ),
    journeyStep(
      "tbank_hotels_continue_stay_search",
      {},
      { status: "ok", textMatches: ["amenities accessible removed \\d+ \\(checked locally on hotel cards: 60 of \\d+ read, unread ones removed\\)"] },
    ),
  ],
};
