import { journeyStep, PLAN_KAZAN_WEEKEND, step } from "../journey-steps.js";
import { OUR_RUSSIAN, ROOM_EN, rubEn } from "../english-facts.js";
import { kazanHotel, rateFacts } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

// The plan and rates answers are the search side's; this scenario pins that the switched language
// reaches the checkout side.
const { rate } = rateFacts(kazanHotel(1), 1);

export const scenario: Scenario = {
  id: "s079",
  title: "A Russian plan repeated in English: the new journey's booking summary is in English",
  request: "My colleague found hotels in Kazan for March 12–14 with your tool, but in Russian. Run the same search again in English and sum up the first rate of the second hotel for me.",
  budgetTokens: 3950,
  steps: [
    PLAN_KAZAN_WEEKEND,
    step("tbank_hotels_repeat_stay_plan", { journeyId: "$journeyId", changes: { language: "en" } }, { status: "ok", isError: false, textMatches: ["journeyId=jrn_"] }, { save: { journeyId: "journeyId", optionId: "options.1.optionId" } }),
    journeyStep("tbank_hotels_select_stay_option", { optionId: "$optionId" }, { status: "ok" }),
    journeyStep("tbank_hotels_get_selected_stay_rates", {}, { status: "ready" }),
    journeyStep("tbank_hotels_select_stay_rate", { rateNumber: 1 }, { status: "rate_selected" }),
    journeyStep("tbank_hotels_create_booking_preview", {}, {
      status: "preview_ready",
      text: ["12 Mar 2027 → 14 Mar 2027, 2 nights, 2 adults", `#1 ${ROOM_EN[rate.roomName]}`, `${rubEn(rate.price.value)} for 2 nights, ${rubEn(rate.price.value / 2)} per night`, "nothing is booked"],
      notText: OUR_RUSSIAN,
      nextStep: ["tbank_hotels_create_checkout_handoff"],
    }),
  ],
};
