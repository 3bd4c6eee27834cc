import { journeyStep, planStay } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s022",
  title: "Provider order: compare across all journey options, then two explicit optionIds",
  request: "Кировск (Мурманский) 12–14 марта: сравни всё, что нашлось, а потом только первые два",
  budgetTokens: 1950,
  steps: [
    planStay({ destination: "1009", checkinDate: "2027-03-12", checkoutDate: "2027-03-14", ranking: "provider_order", maxOptions: 3 }, { status: "ok", isError: false, text: ["₽ за 2 ночи", "₽ за ночь", "отз.)", "ranking=provider_order"], textMatches: ["journeyId=jrn_", "(бесплатная отмена до|отмена: нет данных)"], nextStep: ["tbank_hotels_compare_stay_options", "tbank_hotels_select_stay_option"] }, { save: { journeyId: "journeyId", o1: "options.0.optionId", o2: "options.1.optionId" } }),
    journeyStep("tbank_hotels_compare_stay_options", { scope: "all_journey_options", ranking: "lowest_price" }, { status: "ok", text: ["scope=all_journey_options ranking=lowest_price", "₽ за 2 ночи", "₽ за ночь"] }),
    journeyStep("tbank_hotels_compare_stay_options", { optionIds: ["$o1", "$o2"] }, { status: "ok", text: ["scope=explicit", "Арт-отель «Престиж»", "Sokos «Сквер»", "бесплатная отмена до 11.03.2027", "отмена: нет данных", "завтрак включён"], notText: ["3. opt_"] }),
  ],
};
