import type { CardT, RateT } from "./schemas.js";

// What the model is told after the person chooses in the view. The view has already called the
// journey tools the model would have called, so the note says what was done and what is shown,
// and that the choice is the person's own (the model did not see the click).

/** A hotel the person chose: from a card or a row (with its price as stated), or from the details (without). */
export type ChosenHotel = Pick<CardT, "optionId" | "name"> & { price?: string };

export function hotelChosenNote(hotel: ChosenHotel, journeyId: string): string {
  return (
    `The person chose «${hotel.name}» (optionId ${hotel.optionId}, journeyId ${journeyId}) in the hotel view. ` +
    `The view called tbank_hotels_select_stay_option and tbank_hotels_get_selected_stay_rates and shows the rates; do not call them again.` +
    (hotel.price === undefined ? "" : ` Search price as stated: ${hotel.price}.`)
  );
}

export function rateChosenNote(rate: Pick<RateT, "rateNumber" | "room" | "meal" | "price" | "cancellation">, journeyId: string): string {
  return (
    `The person chose rate #${rate.rateNumber} (journeyId ${journeyId}) in the hotel view: ${rate.room}, ${rate.meal}, ${rate.price}; ${rate.cancellation}. ` +
    `The view called tbank_hotels_select_stay_rate. Nothing is booked: booking happens only if the person asks.`
  );
}
