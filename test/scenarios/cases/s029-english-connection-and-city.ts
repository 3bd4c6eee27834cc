import { planStay, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s029",
  title: "English request: connection status, then the English city name resolves to Казань and the cards read in English",
  request: "Is the hotel search working? Find me a hotel in Kazan for March 12-14, two adults, cheapest first.",
  budgetTokens: 700,
  steps: [
    step("tbank_hotels_connection_status", {}, { text: ["authMode=anonymous searchReady=true networkReachability=not_checked"] }),
    planStay({ destination: "Kazan", checkinDate: "2027-03-12", checkoutDate: "2027-03-14", language: "en-US", ranking: "lowest_price", maxOptions: 3 }, { status: "ok", isError: false, text: ["for 2 nights", "per night", "reviews)", "ranking=lowest_price", "12 Mar 2027–14 Mar 2027, 2 nights, 2 adults"], textMatches: ["journeyId=jrn_", "(free cancellation until|free cancellation ended|cancellation: no data|non-refundable)", "from ₽\\d{1,3}(,\\d{3})*(\\.\\d\\d)? for 2 nights"], textOnly: ["km from the centre"], notText: ["за ночь", "отз.", "нет данных"], nextStep: ["tbank_hotels_compare_stay_options", "tbank_hotels_select_stay_option"] }),
  ],
};
