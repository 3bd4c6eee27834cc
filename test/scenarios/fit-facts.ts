import type { Stay } from "../../scripts/sandbox/data/pricing.js";
import { cheapestFitting, cityHotels, type CityHotel } from "./sandbox-facts.js";

// What a search asked with the party shows (docs/provider-contract.md, search): each hotel priced at
// its cheapest room that holds one room of the party, else at its cheapest room; whether the priced
// room holds the party is known unless the feed leaves its capacity out. Family scenarios start here.

export type Fit = "fits" | "does_not_fit" | "unknown";

export interface FitFacts extends CityHotel {
  fit: Fit;
  /** The search card's total: the cheapest fitting room's, else the cheapest room's. */
  total: number;
  /** The per-night figure the price cap and lowest_price compare. */
  perNight: number;
}

export function fitFacts(city: string, stay: Stay): FitFacts[] {
  const guests = Math.max(...stay.guests.map((r) => r.adultsCount + r.childrenAges.length));
  const nights = (Date.parse(stay.checkoutDate) - Date.parse(stay.checkinDate)) / 86_400_000;
  return cityHotels(city, stay).map((h) => {
    const fitting = cheapestFitting(h.searchRates, guests);
    const fit: Fit = !h.hotel.hasRates || h.hotel.feedWithoutOccupancy ? "unknown" : fitting ? "fits" : "does_not_fit";
    const total = fitting?.price.value ?? cheapestFitting(h.searchRates, 0)?.price.value ?? h.searchPrice.value;
    return { ...h, fit, total, perNight: total / nights };
  });
}

/**
 * lowest_price for a party of more than two a room, under a per-night cap in `currency`: bookable
 * options known to fit, cheapest first (ties in provider order), then those whose fit is not known yet.
 */
export function cheapestUnderCap(facts: readonly FitFacts[], cap = Infinity, currency = "RUB"): FitFacts[] {
  const under = facts.filter((f) => f.hotel.hasRates && f.hotel.currency === currency && f.perNight <= cap);
  const cheapest = (fit: Fit) => under.filter((f) => f.fit === fit).sort((a, b) => a.perNight - b.perNight);
  return [...cheapest("fits"), ...cheapest("unknown")];
}
