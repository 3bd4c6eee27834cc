import { journeyStep, planStay } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s019",
  title: "A named hotel is absent: no_matching_stays, then the cheapest alternatives on request",
  request: "Хочу в «Ритц Карлтон Плаза» в Казани 9–11 апреля; если нет — покажи самые дешёвые",
  budgetTokens: 700,
  steps: [
    planStay({ destination: "Казань", checkinDate: "2027-04-09", checkoutDate: "2027-04-11", hotelName: "Ритц Карлтон Плаза" }, { status: "no_matching_stays", isError: false, retryAllowed: false, text: ["status=no_matching_stays", "No hotel named «Ритц Карлтон Плаза» among this destination's 113 results"], notText: ["₽"] }, { save: { journeyId: "journeyId" } }),
    journeyStep("tbank_hotels_get_stay_options", { ranking: "lowest_price", limit: 3 }, { status: "ok", text: ["ranking=lowest_price", "options 1–3 of 113", "₽ за 2 ночи", "₽ за ночь"], nextStep: ["offset=3"] }),
  ],
};
