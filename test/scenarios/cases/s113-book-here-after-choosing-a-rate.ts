import { journeyStep, PLAN_KAZAN_WEEKEND, SELECT_SAVED_OPTION } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s113",
  title: "Writes on: the rates point to the selection, and the chosen rate can be booked here (a draft the person approves) or on the seller's page",
  request: "Покажи тарифы в этом отеле и выбери первый — хочу сразу забронировать.",
  // The journey (plan, option, rates, rate) is ~2,150 tokens as JSON, the rates table the most.
  budgetTokens: 2300,
  setup: { writes: true },
  steps: [
    PLAN_KAZAN_WEEKEND,
    SELECT_SAVED_OPTION,
    // Booking may happen here: the rates name no booking tool, the selection's answer says which.
    journeyStep("tbank_hotels_get_selected_stay_rates", {}, { status: "ready", nextStep: ["tbank_hotels_select_stay_rate", "its answer says how to book"], notText: ["tbank_hotels_create_checkout_handoff"] }),
    journeyStep(
      "tbank_hotels_select_stay_rate",
      { rateNumber: 1 },
      {
        status: "rate_selected",
        isError: false,
        text: ["rateNumber=1", "#1 "],
        nextStep: ["ask their guests' names and contact, then tbank_hotels_create_booking_draft", "they approve the booking themselves", "else tbank_hotels_create_checkout_handoff"],
        maxTokens: 250,
      },
    ),
  ],
};
