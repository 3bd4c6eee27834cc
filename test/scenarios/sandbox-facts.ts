import { createCatalog } from "../../scripts/sandbox/data/catalog.js";
import type { Hotel } from "../../scripts/sandbox/data/hotels.js";
import { checkoutPriceOf, ratesFor, searchPriceFor, searchRatesFor, type Money, type Rate, type Stay } from "../../scripts/sandbox/data/pricing.js";
import type { Lang } from "../../shared/locale.js";
import { sandboxBooking, type BookingFacts } from "../fixtures/sandbox-bookings.js";

// The eval sandbox's seed and canary, and its bookings as the eval clock dates them.

export const EVAL_SEED = "eval";
export const CANARY = "EVALCANARY-5c1d";

/** The eval customer's one booking in `city`, with money and dates as answers in `lang` show them. */
export function bookingIn(city: string, lang: Lang = "ru"): BookingFacts {
  return sandboxBooking(EVAL_SEED, CANARY, city, lang);
}

/** A regular expression for a ruble amount as ru-RU prints it: "121 189,50 ₽", "119 636 ₽" (whole), any space. */
export function rubPattern(value: number): string {
  const [int = "", frac = ""] = value.toFixed(2).split(".");
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/gu, "\\s")}${frac === "00" ? "" : `,${frac}`}\\s₽`;
}

/** The stay PLAN_KAZAN_WEEKEND plans (journey-steps.ts): Казань, 12–14 March 2027, two adults. */
export const KAZAN_WEEKEND: Stay = { checkinDate: "2027-03-12", checkoutDate: "2027-03-14", guests: [{ adultsCount: 2, childrenAges: [] }] };

export interface HotelFacts {
  hotel: Hotel;
  /** The search card's price: the cheapest rate when the search ran. */
  searchPrice: Money;
  /** What the rates route returns now (some hotels' rates drifted since the search). */
  rates: Rate[];
}

/** A Казань hotel of the eval sandbox for `stay`, by its position in provider order (PLAN_KAZAN_WEEKEND saves position 1). */
export function kazanHotel(position: number, stay: Stay = KAZAN_WEEKEND): HotelFacts {
  const catalog = createCatalog(EVAL_SEED, () => "http://sandbox.invalid");
  const location = catalog.locations.find((l) => l.name === "Казань");
  const hotel = location && catalog.hotelsOf(location.id)[position];
  if (!location || !hotel) throw new Error(`no Казань hotel at position ${position}`);
  const offset = location.profile.utcOffset;
  return { hotel, searchPrice: searchPriceFor(EVAL_SEED, hotel, stay, offset), rates: ratesFor(EVAL_SEED, hotel, stay, offset) };
}

/** The Nth rate (1-based, as the tools number them) of a hotel, with what checkout inspection says of it. */
export function rateFacts(facts: HotelFacts, rateNumber: number): { rate: Rate; checkoutPrice: Money; upgrade: { rate: Rate; checkoutPrice: Money } | undefined } {
  const rate = facts.rates[rateNumber - 1];
  if (!rate) throw new Error(`${facts.hotel.name} has no rate #${rateNumber}`);
  const up = facts.rates[rate.rateIndex + 2];
  return { rate, checkoutPrice: checkoutPriceOf(EVAL_SEED, rate), upgrade: up && { rate: up, checkoutPrice: checkoutPriceOf(EVAL_SEED, up) } };
}

/** A ruble amount as ru-RU prints it: "17 569,50 ₽", "8 529 ₽" (no-break spaces, kopecks only when there are some). */
export function rub(value: number): string {
  const [int = "", frac = ""] = value.toFixed(2).split(".");
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/gu, "\u00a0")}${frac === "00" ? "" : `,${frac}`}\u00a0₽`;
}

/** A hotel of a city in provider order: its facts for `stay` and the rates the search priced it from. */
export interface CityHotel extends HotelFacts {
  position: number;
  searchRates: Rate[];
}

/** Every hotel of an eval-sandbox city for `stay`, in provider order. */
export function cityHotels(city: string, stay: Stay): CityHotel[] {
  const catalog = createCatalog(EVAL_SEED, () => "http://sandbox.invalid");
  const location = catalog.locations.find((l) => l.name === city);
  if (!location) throw new Error(`no city ${city}`);
  const offset = location.profile.utcOffset;
  return catalog.hotelsOf(location.id).map((hotel, position) => ({
    position,
    hotel,
    searchPrice: searchPriceFor(EVAL_SEED, hotel, stay, offset),
    rates: ratesFor(EVAL_SEED, hotel, stay, offset),
    searchRates: searchRatesFor(EVAL_SEED, hotel, stay, offset),
  }));
}

/** The cheapest of `rates` whose room holds `guests` (the first of equals), or undefined when no room does. */
export function cheapestFitting(rates: readonly Rate[], guests: number): Rate | undefined {
  return rates.filter((r) => r.maxOccupancy >= guests).reduce<Rate | undefined>((best, r) => (best === undefined || r.price.value < best.price.value ? r : best), undefined);
}
