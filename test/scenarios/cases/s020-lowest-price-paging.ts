import { journeyStep, planStay } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s020",
  title: "Cheapest first, then page on until hasMore ends",
  request: "Самое дешёвое в Кировске (Мурманская область) на 12–14 марта, покажи ещё варианты",
  budgetTokens: 2800,
  steps: [
    planStay({ destination: "1009", checkinDate: "2027-03-12", checkoutDate: "2027-03-14", ranking: "lowest_price", maxOptions: 5 }, { status: "ok", isError: false, text: ["₽ за 2 ночи", "₽ за ночь", "отз.)", "ranking=lowest_price", "tbank_hotels_get_stay_options(offset=5)"], textOnly: ["shown 5 of 30; more: tbank_hotels_get_stay_options(offset=5)"], textMatches: ["journeyId=jrn_", "(бесплатная отмена до|отмена: нет данных)"], nextStep: ["tbank_hotels_compare_stay_options", "tbank_hotels_select_stay_option"] }, { save: { journeyId: "journeyId" } }),
    journeyStep("tbank_hotels_get_stay_options", { offset: 5, limit: 10 }, { status: "ok", text: ["options 6–15 of 30", "ranking=lowest_price", "₽ за ночь"], nextStep: ["offset=15"] }),
    journeyStep("tbank_hotels_get_stay_options", { offset: 25, limit: 10 }, { status: "ok", textOnly: ["options 26–30 of 30"], notText: ["offset=35"] }),
  ],
};
