import { journeyStep, planStay } from "../journey-steps.js";
import { OUR_RUSSIAN } from "../english-facts.js";
import type { Scenario } from "../types.js";

// The plan and selection answers are the search side's; this scenario pins the handoff in English.
export const scenario: Scenario = {
  id: "s078",
  title: "English handoff for two adults and a child, no rate chosen: the link carries the dates and says so in English",
  request: "Me, my wife and our 7-year-old, St Petersburg, April 9–12. Just give me the link to the second hotel, I'll pick the room myself. In English please.",
  budgetTokens: 1850,
  steps: [
    planStay({ destination: "Saint Petersburg", checkinDate: "2027-04-09", checkoutDate: "2027-04-12", rooms: [{ adults: 2, childrenAges: [7] }], language: "en-GB" }, { status: "ok", isError: false, textMatches: ["journeyId=jrn_"] }, { save: { journeyId: "journeyId", optionId: "options.1.optionId" } }),
    journeyStep("tbank_hotels_select_stay_option", { optionId: "$optionId" }, { status: "ok" }),
    journeyStep("tbank_hotels_create_checkout_handoff", {}, {
      status: "handoff_ready",
      text: [
        "guestsCarried=false",
        "9 Apr 2027 → 12 Apr 2027, 3 nights, 2 adults, child aged 7",
        "The link keeps the hotel and the dates; enter the guests (several rooms or children) on the page.",
        "No rate selected: the room and meal are chosen on the page.",
        "Nothing is booked",
      ],
      textMatches: ["dateFrom=2027-04-09&dateTo=2027-04-12\\n"],
      notText: [...OUR_RUSSIAN, "guests="],
      nextStep: ["show hostedCheckoutUrl"],
    }),
  ],
};
