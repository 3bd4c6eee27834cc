import { journeyStep, planStay } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s001",
  title: "Kazan weekend, best value under 10k per night, through to the checkout link",
  request: "Найди отель в Казани на выходные, до 10 000 ₽ за ночь, приличный, и дай ссылку на оформление",
  budgetTokens: 4500,
  steps: [
    planStay({ destination: "Казань", checkinDate: "2027-03-12", checkoutDate: "2027-03-14", ranking: "best_value", hotelPreferences: { pricePerNight: { min: 0, max: 10000, currency: "RUB" }, ranking: "best_value", showAlternativesOutsideBand: true } }, { status: "ok", isError: false, text: ["₽"], textMatches: ["journeyId=jrn_"] }, { save: { journeyId: "journeyId", optionId: "options.0.optionId" } }),
    journeyStep("tbank_hotels_select_stay_option", { optionId: "$optionId" }, { status: "ok" }),
    journeyStep("tbank_hotels_get_selected_stay_rates", {}, { status: "ready" }),
    journeyStep("tbank_hotels_create_checkout_handoff", {}, { status: "handoff_ready", text: ["http"] }),
  ],
};
