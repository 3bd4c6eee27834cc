import { journeyStep, planStay } from "../journey-steps.js";
import { enDateTime, OUR_RUSSIAN, ROOM_EN, rubEn } from "../english-facts.js";
import { kazanHotel, rateFacts } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

// The rates and plan answers are the search side's; this scenario pins the checkout side in English.
const { rate } = rateFacts(kazanHotel(1), 2);
const { freeCancellationUntil, penaltyAfter } = rate.cancellation;
if (freeCancellationUntil === null || penaltyAfter === null) throw new Error("rate #2 of the saved Казань hotel has no free cancellation");
const PAYMENT = { prepay: "prepay", pay_at_hotel: "pay at the hotel" } as const;

export const scenario: Scenario = {
  id: "s076",
  title: "English booking summary and payment-form description: stay, rate, cancellation and payment in English",
  request: "Kazan, March 12–14, two adults. Take the second rate of the second hotel, sum up what I'd be booking, and can I just pay by card here? Please reply in English.",
  budgetTokens: 2850,
  steps: [
    planStay({ destination: "Kazan", checkinDate: "2027-03-12", checkoutDate: "2027-03-14", language: "en-US" }, { status: "ok", isError: false, textMatches: ["journeyId=jrn_"] }, { save: { journeyId: "journeyId", optionId: "options.1.optionId" } }),
    journeyStep("tbank_hotels_select_stay_option", { optionId: "$optionId" }, { status: "ok" }),
    journeyStep("tbank_hotels_get_selected_stay_rates", {}, { status: "ready" }),
    journeyStep("tbank_hotels_select_stay_rate", { rateNumber: 2 }, { status: "rate_selected" }),
    journeyStep("tbank_hotels_create_booking_preview", {}, {
      status: "preview_ready",
      text: [
        "12 Mar 2027 → 14 Mar 2027, 2 nights, 2 adults",
        `#2 ${ROOM_EN[rate.roomName]}`,
        `${rubEn(rate.price.value)} for 2 nights, ${rubEn(rate.price.value / 2)} per night`,
        `free cancellation until ${enDateTime(freeCancellationUntil)}, then a penalty from ${rubEn(penaltyAfter.value)}`,
        PAYMENT[rate.paymentType],
        "nothing is booked",
      ],
      textOnly: ["bookingExecution.available=false"],
      notText: OUR_RUSSIAN,
      nextStep: ["tbank_hotels_create_checkout_handoff"],
    }),
    journeyStep("tbank_hotels_create_payment_form_preview", {}, {
      status: "preview_only",
      text: ["available=false", `#2 ${ROOM_EN[rate.roomName]}`, rubEn(rate.price.value), "3-D Secure", "no paymentUrl"],
      textOnly: ["Flow: 1) the user opens the hotel page", "Remaining gates: "],
      notText: OUR_RUSSIAN,
      nextStep: ["tbank_hotels_create_checkout_handoff"],
    }),
  ],
};
