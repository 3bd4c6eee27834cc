import { NBSP } from "../../../shared/money.js";
import { journeyStep, planStay } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s092",
  title: "Hard filters remove everything: no_matching_stays (no_stays_with_filters), what each removed; relaxed only when the person asks, without a new search",
  request: "Казань 12–14 марта, вдвоём: пятизвёздочный отель не дороже 4 000 ₽ за ночь. …Ничего? Тогда покажи четыре звезды до 12 000",
  budgetTokens: 800,
  steps: [
    planStay(
      { destination: "Казань", checkinDate: "2027-03-12", checkoutDate: "2027-03-14", maxPricePerNight: { amount: 4000, currency: "RUB" }, minStars: 5 },
      {
        status: "no_matching_stays",
        isError: false,
        retryAllowed: false,
        text: ["no_stays_with_filters", `maxPricePerNight ≤ 4${NBSP}000${NBSP}₽ removed 112`, "minStars ≥ 5 removed 1", "0 of 113 remain"],
        textMatches: ["journeyId=jrn_"],
        nextStep: ["relax a filter only if the user asks", "tbank_hotels_get_stay_options"],
      },
      { save: { journeyId: "journeyId" } },
    ),
    journeyStep("tbank_hotels_get_stay_options", { maxPricePerNight: { amount: 12000, currency: "RUB" }, minStars: 4, limit: 3 }, { status: "ok", isError: false, text: [`maxPricePerNight ≤ 12${NBSP}000${NBSP}₽ removed 57, minStars ≥ 4 removed 38; 18 of 113 remain`, "options 1–3 of 18"] }),
  ],
};
