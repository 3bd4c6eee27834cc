import { NBSP } from "../../../shared/money.js";
import { journeyStep, planStay } from "../journey-steps.js";
import type { Scenario } from "../types.js";

const FAMILY = [{ adults: 2, childrenAges: [7] }];
const FILTERS = { maxPricePerNight: { amount: 20_000, currency: "RUB" }, minRating: 8, maxDistanceKm: 5, bookableOnly: true };
const CAP = `maxPricePerNight ≤ 20${NBSP}000${NBSP}₽`;

export const scenario: Scenario = {
  id: "s091",
  title: "Family in Сочи with hard filters: what each removed (USD hotels named) in both channels, kept by paging, comparing and a repeat; a listing replaces them for the journey and its repeat",
  request:
    "Мы семья: двое взрослых и ребёнок 7 лет, Сочи 19–21 марта. До 20 000 ₽ за ночь, рейтинг от 8, не дальше 5 км от центра — и только то, что можно забронировать. Потом покажи ещё, сравни лучшие; а что с рейтингом от 9 без других условий? И то же на 26–28 марта",
  budgetTokens: 3100,
  steps: [
    planStay(
      { destination: "Сочи", checkinDate: "2027-03-19", checkoutDate: "2027-03-21", rooms: FAMILY, maxOptions: 3, ...FILTERS },
      { status: "ok", isError: false, text: [`${CAP} removed 134 (3 in USD, 57 noRoomForParty)`, "minRating ≥ 8 removed 15", "maxDistanceKm ≤ 5 removed 13", "bookableOnly removed 4", "5 of 171 remain"], textOnly: ["shown 3 of 5"] },
      { save: { journeyId: "journeyId", first: "options.0.optionId" } },
    ),
    journeyStep("tbank_hotels_get_stay_options", { offset: 3, limit: 3 }, { status: "ok", text: ["options 4–5 of 5", "5 of 171 remain"] }),
    // The first comparison ranks the filtered journey: its first row is the plan's first card, not an excluded hotel.
    journeyStep("tbank_hotels_compare_stay_options", {}, { status: "ok", text: ["$first"], textOnly: ["1. $first"] }),
    journeyStep("tbank_hotels_get_stay_options", { minRating: 9, limit: 3 }, { status: "ok", text: ["filters: minRating ≥ 9 removed 126; 45 of 171 remain", "of 45"], notText: ["maxPricePerNight"] }),
    journeyStep(
      "tbank_hotels_repeat_stay_plan",
      { changes: { checkinDate: "2027-03-26", checkoutDate: "2027-03-28" } },
      // The listing's filters became the journey's, so the repeat carries them.
      { status: "ok", text: ["filters: minRating ≥ 9 removed"], notText: ["maxPricePerNight"] },
    ),
  ],
};
