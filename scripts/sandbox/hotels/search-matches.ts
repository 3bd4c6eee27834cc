import type { Hotel } from "../data/hotels.js";
import type { Location } from "../data/locations.js";
import { nightsOf, searchOfferFor, type Stay } from "../data/pricing.js";
import type { HotelsContext } from "./context.js";
import { matchesFilters, rateMatchesFilters, type Filter } from "./filters.js";

export type SearchOffer = ReturnType<typeof searchOfferFor>;

/** What pricing a search needs of the sandbox: its seed and its hotels. */
export type SearchContext = Pick<HotelsContext, "env" | "catalog">;

export interface SearchMatch {
  hotel: Hotel;
  offer: SearchOffer;
}

/** What a search shows for one hotel, or undefined when the filters leave it out. */
export function searchMatchOf(ctx: SearchContext, hotel: Hotel, location: Location, stay: Stay, filters: readonly Filter[]): SearchMatch | undefined {
  const offer = searchOfferFor(ctx.env.seed, hotel, stay, location.profile.utcOffset, (rate) => rateMatchesFilters(rate, filters));
  return matchesFilters(hotel, offer.price.value / nightsOf(stay), filters, ctx.catalog.amenities(hotel)) ? { hotel, offer } : undefined;
}

/**
 * The hotels a search of this destination, stay and filters finds, in provider order, each with the
 * offer it shows: the map and the filter counts read the same collection the search feed pages.
 */
export function searchMatches(ctx: SearchContext, location: Location, stay: Stay, filters: readonly Filter[]): SearchMatch[] {
  return ctx.catalog.hotelsOf(location.id).flatMap((hotel) => searchMatchOf(ctx, hotel, location, stay, filters) ?? []);
}

/** The hotel's own facts, which a search card repeats as they are. */
type CardFacts = Pick<Hotel, "name" | "stars" | "rating" | "reviewsCount" | "address" | "distanceToCenterKm" | "coordinates">;

export interface SearchItem extends CardFacts {
  hotelId?: string;
  coverPhotoUrl: string;
  photosCount: number;
  shownPrice: { value: number; currency: string };
  mealName: string | null;
  freeCancellationUntil: string | null;
  /** Guests the priced room holds (inferred field); absent for a hotel without rates or whose feed does not state it. */
  maxOccupancy?: number;
  hasRates: boolean;
}

/** One search card; the feed leaves the id out for a few hotels, a read by id (`withId`) never does. */
export function searchItemOf(ctx: SearchContext, { hotel, offer }: SearchMatch, withId = !hotel.feedWithoutId): SearchItem {
  const { name, stars, rating, reviewsCount, address, distanceToCenterKm, coordinates } = hotel;
  return {
    ...(withId ? { hotelId: hotel.hotelId } : {}),
    name, stars, rating, reviewsCount, address, distanceToCenterKm, coordinates,
    coverPhotoUrl: ctx.catalog.photoUrl(hotel, 0),
    photosCount: hotel.photosCount,
    shownPrice: offer.price,
    mealName: offer.mealName,
    freeCancellationUntil: offer.freeCancellationUntil,
    ...(offer.maxOccupancy === undefined ? {} : { maxOccupancy: offer.maxOccupancy }),
    hasRates: hotel.hasRates,
  };
}
