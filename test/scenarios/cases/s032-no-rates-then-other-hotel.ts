import { journeyStep, planStay } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s032",
  title: "No rates at the first hotel, switch to the next option and get rates",
  request: "Первый отель без тарифов? Тогда возьми следующий и покажи цены",
  budgetTokens: 2450,
  steps: [
    planStay({ destination: "Казань", checkinDate: "2027-03-12", checkoutDate: "2027-03-14" }, { status: "ok", isError: false, text: ["₽", "за ночь"], textMatches: ["journeyId=jrn_"] }, { save: { journeyId: "journeyId", optionId: "options.0.optionId", nextOptionId: "options.1.optionId" } }),
    journeyStep("tbank_hotels_select_stay_option", { optionId: "$optionId" }, { status: "ok", textOnly: ["тарифов для бронирования нет"], nextStep: ["no bookable rates for this hotel", "offer another option"] }),
    journeyStep("tbank_hotels_get_selected_stay_rates", {}, { status: "no_bookable_rates", retryAllowed: false }),
    journeyStep("tbank_hotels_select_stay_option", { optionId: "$nextOptionId" }, { status: "ok", text: ["Cosmos «Меридиан»"] }),
    journeyStep("tbank_hotels_get_selected_stay_rates", {}, { status: "ready", text: ["status=ready", "| # | Номер", "За ночь", "₽", "Cosmos «Меридиан»"], nextStep: ["tbank_hotels_select_stay_rate"] }),
  ],
};
