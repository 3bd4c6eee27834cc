import { planStay } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s024",
  title: "Best value without banking preferences, then a band whose min exceeds max",
  request: "Сочи 20–23 марта, что-нибудь оптимальное; бюджет от 9 до 5 тысяч",
  budgetTokens: 800,
  steps: [
    planStay({ destination: "Сочи", checkinDate: "2027-03-20", checkoutDate: "2027-03-23", ranking: "best_value", maxOptions: 4 }, { status: "ok", isError: false, text: ["₽ за 3 ночи", "₽ за ночь", "отз.)", "ranking=best_value", "3 ночи"], textMatches: ["journeyId=jrn_", "(бесплатная отмена до|отмена: нет данных)"], nextStep: ["tbank_hotels_compare_stay_options", "tbank_hotels_select_stay_option"], notText: ["price band"] }),
    planStay({ destination: "Сочи", checkinDate: "2027-03-20", checkoutDate: "2027-03-23", ranking: "best_value", hotelPreferences: { pricePerNight: { min: 9000, max: 5000, currency: "RUB" } } }, { status: "invalid_input", isError: true, retryAllowed: false, text: ["hotelPreferences.pricePerNight: min must not exceed max"] }),
  ],
};
