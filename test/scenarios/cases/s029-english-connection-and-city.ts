import { planStay, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s029",
  title: "English request: connection status, then the English city name resolves to Казань",
  request: "Is the hotel search working? Find me a hotel in Kazan for March 12-14, two adults, cheapest first.",
  budgetTokens: 600,
  steps: [
    step("tbank_hotels_connection_status", {}, { text: ["authMode=anonymous searchReady=true networkReachability=not_checked"] }),
    planStay({ destination: "Kazan", checkinDate: "2027-03-12", checkoutDate: "2027-03-14", language: "en-US", ranking: "lowest_price", maxOptions: 3 }, { status: "ok", isError: false, text: ["₽ за поездку", "₽ за ночь", "отз.)", "ranking=lowest_price"], textMatches: ["journeyId=jrn_", "(бесплатная отмена до|отмена: нет данных)"], nextStep: ["tbank_hotels_compare_stay_options", "tbank_hotels_select_stay_option"] }),
  ],
};
