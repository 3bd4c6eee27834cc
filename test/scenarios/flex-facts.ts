import { createCatalog } from "../../scripts/sandbox/data/catalog.js";
import { searchOfferFor } from "../../scripts/sandbox/data/pricing.js";
import { addDays } from "../../shared/time.js";
import { EVAL_SEED } from "./sandbox-facts.js";

// What find_stay_dates must find, read from the eval sandbox's own pricing: per check-in date, the
// cheapest ruble hotel whose priced room holds the party (hotels that do not state room sizes left out).

export interface DateFacts {
  checkinDate: string;
  checkoutDate: string;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  hotel: string;
  total: number;
}

export function cheapestPerDate(city: string, from: string, days: number, nights: number, adults = 2): DateFacts[] {
  const catalog = createCatalog(EVAL_SEED, () => "http://sandbox.invalid");
  const location = catalog.locations.find((l) => l.name === city);
  if (!location) throw new Error(`no city ${city}`);
  const hotels = catalog.hotelsOf(location.id).filter((h) => h.hasRates && !h.feedWithoutOccupancy && h.currency === "RUB");
  return Array.from({ length: days }, (_, i) => {
    const checkinDate = addDays(from, i);
    const stay = { checkinDate, checkoutDate: addDays(checkinDate, nights), guests: [{ adultsCount: adults, childrenAges: [] }] };
    let best: DateFacts | undefined;
    for (const hotel of hotels) {
      const offer = searchOfferFor(EVAL_SEED, hotel, stay, location.profile.utcOffset);
      if ((offer.maxOccupancy ?? 0) < adults) continue;
      if (!best || offer.price.value < best.total) best = { ...stay, weekday: new Date(`${checkinDate}T00:00:00Z`).getUTCDay(), hotel: hotel.name, total: offer.price.value };
    }
    if (!best) throw new Error(`${city} ${checkinDate}: no hotel fits`);
    return best;
  });
}

/** The cheapest date of a window (the first of equals). */
export function cheapestDate(dates: readonly DateFacts[]): DateFacts {
  return dates.reduce((best, d) => (d.total < best.total ? d : best));
}
