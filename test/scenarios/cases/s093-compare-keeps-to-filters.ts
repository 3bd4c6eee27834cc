import { journeyStep, planStay } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s093",
  title: "Filters set while listing carry into the comparison; a comparison with nothing left says so instead of an empty «ok»",
  request: "Казань 12–14 марта. Покажи только отели с рейтингом от 9,8 и сравни их. …А пятизвёздочные до 3 000 за ночь есть? Сравни, если есть",
  budgetTokens: 2600,
  steps: [
    planStay({ destination: "Казань", checkinDate: "2027-03-12", checkoutDate: "2027-03-14", maxOptions: 3 }, { status: "ok" }, { save: { journeyId: "journeyId" } }),
    journeyStep("tbank_hotels_get_stay_options", { minRating: 9.8, limit: 2 }, { status: "ok", text: ["minRating ≥ 9.8"] }, { save: { top: "options.0.optionId", next: "options.1.optionId" } }),
    // The comparison keeps to what the listing kept: its first rows are the listing's.
    journeyStep("tbank_hotels_compare_stay_options", {}, { status: "ok", textOnly: ["\n1. $top ", "\n2. $next "], textMatches: ["(9,8|9,9|10)/10"], notText: ["8,4/10", "7,1/10"] }),
    journeyStep("tbank_hotels_get_stay_options", { minStars: 5, maxPricePerNight: { amount: 3000, currency: "RUB" } }, { status: "no_matching_stays" }),
    journeyStep("tbank_hotels_compare_stay_options", { scope: "all_journey_options" }, { status: "no_matching_stays", retryAllowed: false, text: ["no_stays_with_filters"], notText: ["Покажите пользователю только эти варианты"] }),
  ],
};
