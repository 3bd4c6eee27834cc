import { planStay } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s016",
  title: "Two-month stay refused (30-night cap), then a two-week stay",
  request: "Сними мне жильё в Казани с 12 марта по 14 мая",
  budgetTokens: 700,
  steps: [
    planStay({ destination: "Казань", checkinDate: "2027-03-12", checkoutDate: "2027-05-14", rooms: [{ adults: 1, childrenAges: [] }] }, { status: "invalid_input", isError: true, retryAllowed: false, text: ["- checkoutDate: at most 30 nights (got 63)"] }),
    planStay({ destination: "Казань", checkinDate: "2027-03-12", checkoutDate: "2027-03-26", maxOptions: 3, ranking: "lowest_price", rooms: [{ adults: 1, childrenAges: [] }] }, { status: "ok", isError: false, text: ["₽ за 14 ночей", "₽ за ночь", "отз.)", "14 ночей", "ranking=lowest_price"], textMatches: ["journeyId=jrn_", "(бесплатная отмена до|отмена: нет данных)"], nextStep: ["tbank_hotels_compare_stay_options", "tbank_hotels_select_stay_option"] }),
  ],
};
