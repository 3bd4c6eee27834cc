import { journeyStep, planStay, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";

const band = { pricePerNight: { min: 3000, max: 8000, currency: "RUB" }, ranking: "best_value", showAlternativesOutsideBand: true };

export const scenario: Scenario = {
  id: "s073",
  title: "Best value with a 3–8k band: the band is said to rank, not filter, with counts; bookable first; one order in plan and compare; band labels on every compared row",
  request: "Лучшее по цене и качеству в Казани на 9–11 апреля, бюджет 3–8 тысяч за ночь. Сравни два лучших, а потом покажи их по рейтингу",
  budgetTokens: 3200,
  steps: [
    planStay(
      { destination: "Казань", checkinDate: "2027-04-09", checkoutDate: "2027-04-11", ranking: "best_value", hotelPreferences: band },
      { status: "ok", text: ["только для ранжирования, не фильтр", "из 10 показанных"], notText: ['"hasRates":false', "тарифов для бронирования нет"] },
      { save: { journeyId: "journeyId", first: "options.0.optionId", second: "options.1.optionId" } },
    ),
    // Asked in the other order, the two keep the plan's order.
    step("tbank_hotels_compare_stay_options", { journeyId: "$journeyId", optionIds: ["$second", "$first"] }, { status: "ok", textOnly: ["1. $first", "2. $second"], textMatches: ["(в диапазоне|ниже диапазона|выше диапазона)"] }),
    journeyStep("tbank_hotels_compare_stay_options", { ranking: "highest_rating" }, { status: "ok", textMatches: ["\\n1\\. .*(в диапазоне|ниже диапазона|выше диапазона)", "\\n2\\. .*(в диапазоне|ниже диапазона|выше диапазона)"], text: ["ценовой диапазон"] }),
  ],
};
