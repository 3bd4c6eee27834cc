import { journeyStep, planStay } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s031",
  title: "Every-10th hotel has no rates: tell the user, offer another option",
  request: "Хочу хостел «Бульвар» в Казани, покажи тарифы",
  budgetTokens: 1850,
  steps: [
    planStay({ destination: "Казань", checkinDate: "2027-03-12", checkoutDate: "2027-03-14" }, { status: "ok", isError: false, text: ["₽", "за ночь"], textMatches: ["journeyId=jrn_"] }, { save: { journeyId: "journeyId", optionId: "options.0.optionId" } }),
    journeyStep("tbank_hotels_select_stay_option", { optionId: "$optionId" }, { status: "ok", textOnly: ["тарифов для бронирования нет"], nextStep: ["no bookable rates"] }),
    journeyStep("tbank_hotels_get_selected_stay_rates", {}, { status: "no_bookable_rates", retryAllowed: false, text: ["information only", "14 416,50 ₽"], nextStep: ["tbank_hotels_select_stay_option"] }),
    journeyStep("tbank_hotels_select_stay_rate", { rateNumber: 1 }, { status: "no_bookable_rates", isError: true, retryAllowed: false, nextStep: ["another hotel"] }),
  ],
};
