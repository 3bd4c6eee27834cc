import { createCatalog } from "../../scripts/sandbox/data/catalog.js";
import type { Hotel } from "../../scripts/sandbox/data/hotels.js";
import { cashbackPercentFor } from "../../scripts/sandbox/data/value.js";
import { EVAL_SEED } from "./sandbox-facts.js";

// Cashback and amenities of a whole eval city as the sandbox states them, for the scenarios that
// rank or filter by them (issue 30, point 3): expectations come from the data, not from a name.

const catalog = createCatalog(EVAL_SEED, () => "http://sandbox.invalid");

export interface CityHotel {
  hotel: Hotel;
  /** Null for a hotel the feed shows without its id: no percent can be asked for it. */
  percent: number | null;
  amenities: readonly string[];
}

/** Every hotel of the eval city, in provider order. */
export function cityHotels(city: string): CityHotel[] {
  const location = catalog.locations.find((l) => l.name === city);
  if (!location) throw new Error(`criteria-facts: no ${city}`);
  return catalog.hotelsOf(location.id).map((hotel) => ({
    hotel,
    percent: hotel.feedWithoutId ? null : cashbackPercentFor(EVAL_SEED, hotel),
    amenities: catalog.details(hotel).amenities,
  }));
}

/** The city's hotels by stated cashback, highest first; ties keep provider order; no stated percent last. */
export function byCashback(hotels: readonly CityHotel[]): CityHotel[] {
  const stated = hotels.filter((h) => h.percent !== null);
  return [...stated].sort((a, b) => (b.percent ?? 0) - (a.percent ?? 0)).concat(hotels.filter((h) => h.percent === null));
}

export const hasAmenity = (h: CityHotel, name: string): boolean => h.amenities.includes(name);

/** The sandbox's amenity names, as its hotel cards list them (scripts/sandbox/data/catalog.ts). */
export const AMENITY = { parking: "Парковка", pool: "Бассейн", pets: "Можно с питомцами", family: "Семейные номера", accessible: "Номера для гостей с инвалидностью" } as const;
