import type { CardT, RateT } from "./schemas.js";

// What the model is told after the person chooses in the view. The view has already called the
// journey tools the model would have called, so the note says what was done and what is shown,
// and that the choice is the person's own (the model did not see the click).

export function hotelChosenNote(card: Pick<CardT, "optionId" | "name" | "price">, journeyId: string): string {
  return (
    `The person chose «${card.name}» (optionId ${card.optionId}, journeyId ${journeyId}) in the hotel view. ` +
    `The view called tbank_hotels_select_stay_option and tbank_hotels_get_selected_stay_rates and shows the rates; do not call them again. ` +
    `Search price as stated: ${card.price}.`
  );
}

export function rateChosenNote(rate: Pick<RateT, "rateNumber" | "room" | "meal" | "price" | "cancellation">, journeyId: string): string {
  return (
    `The person chose rate #${rate.rateNumber} (journeyId ${journeyId}) in the hotel view: ${rate.room}, ${rate.meal}, ${rate.price}; ${rate.cancellation}. ` +
    `The view called tbank_hotels_select_stay_rate. Nothing is booked: booking happens only if the person asks.`
  );
}
