import { journeyStep, planStay } from "../journey-steps.js";
import { OUR_RUSSIAN, ROOM_EN, rubEn } from "../english-facts.js";
import { kazanHotel, rateFacts } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

// The rates and plan answers are the search side's; this scenario pins the checkout side in English.
const saved = kazanHotel(1);
const { rate, checkoutPrice } = rateFacts(saved, 1);

export const scenario: Scenario = {
  id: "s075",
  title: "English journey to checkout: inspection and handoff in English money, dates and words",
  request: "Find me a hotel in Kazan for March 12–14 and get me to checkout — answer in English.",
  budgetTokens: 2900,
  steps: [
    planStay({ destination: "Kazan", checkinDate: "2027-03-12", checkoutDate: "2027-03-14", language: "en" }, { status: "ok", isError: false, textMatches: ["journeyId=jrn_"] }, { save: { journeyId: "journeyId", optionId: "options.1.optionId" } }),
    journeyStep("tbank_hotels_select_stay_option", { optionId: "$optionId" }, { status: "ok" }),
    journeyStep("tbank_hotels_get_selected_stay_rates", {}, { status: "ready" }),
    journeyStep("tbank_hotels_select_stay_rate", { rateNumber: 1 }, { status: "rate_selected" }),
    journeyStep("tbank_hotels_inspect_checkout", {}, {
      status: "checkout_ready",
      text: [`#1 ${ROOM_EN[rate.roomName]}`, `${rubEn(rate.price.value)} for 2 nights, ${rubEn(rate.price.value / 2)} per night`, `Current price ${rubEn(checkoutPrice.value)}`, `per night ${rubEn(checkoutPrice.value / 2)}`, "early check-in from", "[esr_"],
      textOnly: ["Extras: "],
      textMatches: ["priceChanged=(true|false) freshUntil=\\d{4}-\\d\\d-\\d\\dT", "(Non-refundable|Free cancellation until|Cancellation penalties)[^\\n]*from \\d{1,2} [A-Z][a-z]{2} 2027 \\d\\d:\\d\\d \\(UTC\\+03:00\\) — ₽[\\d,]+"],
      notText: OUR_RUSSIAN,
      nextStep: ["tbank_hotels_create_checkout_handoff"],
    }),
    journeyStep("tbank_hotels_create_checkout_handoff", {}, {
      status: "handoff_ready",
      text: ["guestsCarried=true", "12 Mar 2027 → 14 Mar 2027, 2 nights, 2 adults", "The link keeps the hotel, the dates and the number of adults", "The rate is not carried by the link", "Nothing is booked", `#1 ${ROOM_EN[rate.roomName]}`, rubEn(checkoutPrice.value)],
      textOnly: [`Checked price: ${rubEn(checkoutPrice.value)}`],
      textMatches: ["dateFrom=2027-03-12&dateTo=2027-03-14&guests=2"],
      notText: OUR_RUSSIAN,
      nextStep: ["show hostedCheckoutUrl"],
    }),
  ],
};
