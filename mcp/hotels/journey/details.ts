import type { HotelsContext } from "../context.js";
import { isProviderError, type ProviderError, type ProviderHotel } from "../provider/index.js";
import { providerText, providerTextOrNull, providerUrl } from "../../../shared/provider-text.js";
import { groupAmenities } from "./amenities.js";
import type { JourneyOption } from "./options.js";
import { reviewFacts, type ReviewFacts } from "./reviews.js";

/** The newest reviews read: enough to find a few with text among those that only rate. */
export const REVIEWS_READ = 10;
/**
 * Every amenity the provider gives is listed, grouped; these bound what a card of a hundred
 * amenities would cost (a name is at most 60 code points, shared/provider-text.ts).
 */
export const MAX_AMENITIES = 40;
export const AMENITIES_TEXT_MAX = 1_000;
const DESCRIPTION_MAX = 240;

export interface HotelFacts {
  name: string;
  address: string;
  stars: number | null;
  /** "14:00"; null when the provider gives none or something that is not a time. */
  checkinTime: string | null;
  checkoutTime: string | null;
  /** Every amenity, in AMENITY_GROUPS order, unless MAX_AMENITIES or AMENITIES_TEXT_MAX cut the last. */
  amenities: string[];
  amenitiesTotal: number;
  /** One or two sentences of the provider's description. */
  description: string | null;
  photosCount: number;
  coverPhotoUrl: string | null;
}

/** Why a half was not read: no provider id for this option, the provider refused our credentials, or it failed. */
export type HalfFailure = "not_identified" | "auth_rejected" | "unavailable";

/**
 * One option's details. Each half stands alone: when its provider read fails, the hotel half keeps
 * the search card's facts and the review half the feed's rating and count, and `failed` says so.
 */
export interface OptionDetails {
  hotel: HotelFacts;
  reviews: ReviewFacts;
  failed: { hotel?: HalfFailure; reviews?: HalfFailure };
  /** The first provider failure, for an answer when neither half could be read. */
  error?: ProviderError;
}

/** Two provider reads at most (hotel and reviews), in parallel; a failure of one degrades only its half. */
export async function loadOptionDetails(
  ctx: Pick<HotelsContext, "provider" | "config">,
  option: JourneyOption,
  opts: { signal: AbortSignal; offsetMinutes: number | null },
): Promise<OptionDetails> {
  const fromFeed = feedFacts(option);
  const { hotelId } = option;
  if (hotelId === null) return { ...fromFeed, failed: { hotel: "not_identified", reviews: "not_identified" } };
  const trustedOrigin = new URL(ctx.config.hotels.apiBaseUrl).origin;
  const [hotel, reviews] = await Promise.allSettled([
    ctx.provider.api.hotel(hotelId, { signal: opts.signal }),
    ctx.provider.api.reviews(hotelId, { limit: REVIEWS_READ }, { signal: opts.signal }),
  ]);
  const failed: OptionDetails["failed"] = {};
  const errors = [hotel, reviews].flatMap((r) => (r.status === "rejected" ? [providerError(r.reason)] : []));
  if (hotel.status === "rejected") failed.hotel = halfFailure(providerError(hotel.reason));
  if (reviews.status === "rejected") failed.reviews = halfFailure(providerError(reviews.reason));
  return {
    hotel: hotel.status === "fulfilled" ? hotelFacts(hotel.value, fromFeed.hotel, trustedOrigin) : fromFeed.hotel,
    reviews: reviews.status === "fulfilled" ? reviewFacts(reviews.value, opts.offsetMinutes) : fromFeed.reviews,
    failed,
    ...(errors[0] ? { error: errors[0] } : {}),
  };
}

// Anything but a provider failure is a bug, and surfaces as one.
function providerError(err: unknown): ProviderError {
  if (!isProviderError(err)) throw err;
  return err;
}

function halfFailure(err: ProviderError): HalfFailure {
  return err.kind === "auth_rejected" || err.kind === "auth_unavailable" ? "auth_rejected" : "unavailable";
}

// The search card already holds these, sanitized: what a failed read falls back to.
function feedFacts(option: JourneyOption): Omit<OptionDetails, "failed"> {
  const o = option.public;
  return {
    hotel: {
      name: o.name,
      address: o.address,
      stars: o.stars,
      checkinTime: null,
      checkoutTime: null,
      amenities: [],
      amenitiesTotal: 0,
      description: null,
      photosCount: o.photosCount,
      coverPhotoUrl: o.coverPhotoUrl === "" ? null : o.coverPhotoUrl,
    },
    reviews: { rating: o.rating, count: o.reviewsCount, quotes: [] },
  };
}

function hotelFacts(h: ProviderHotel, feed: HotelFacts, trustedOrigin: string): HotelFacts {
  const amenities = groupedAmenities(h.amenities ?? []);
  return {
    name: providerTextOrNull(h.name, "name") ?? feed.name,
    address: providerTextOrNull(h.address, "address") ?? feed.address,
    stars: h.stars,
    checkinTime: clockTime(h.checkinTime),
    checkoutTime: clockTime(h.checkoutTime),
    amenities: withinBudget(amenities),
    amenitiesTotal: amenities.length,
    description: h.description === undefined ? null : shortText(providerText(h.description, "description"), 2, DESCRIPTION_MAX),
    photosCount: h.photos.length,
    coverPhotoUrl: providerUrl(h.photos[0], trustedOrigin) ?? feed.coverPhotoUrl,
  };
}

const TIME = /^([01]?\d|2[0-3]):[0-5]\d$/;

function clockTime(value: string | undefined): string | null {
  const t = value?.trim();
  return t !== undefined && TIME.test(t) ? t : null;
}

// Grouped, groups in the order guests ask about them; within a group the provider's order.
function groupedAmenities(raw: readonly string[]): string[] {
  const names = [...new Set(raw.map((a) => providerText(a, "label")).filter((a) => a !== ""))];
  return groupAmenities(names).flatMap((g) => g.names);
}

function withinBudget(names: readonly string[]): string[] {
  let left = AMENITIES_TEXT_MAX;
  const kept: string[] = [];
  for (const name of names.slice(0, MAX_AMENITIES)) {
    left -= Array.from(name).length;
    if (left < 0) break;
    kept.push(name);
  }
  return kept;
}

/** The first `sentences` sentences, cut at `max` code points with an ellipsis; null for nothing left. */
export function shortText(text: string, sentences: number, max: number): string | null {
  // A stop ends a sentence only before a space: "2.3 км" stays whole.
  const cut = text.split(/(?<=[.!?…])\s+/u).slice(0, sentences).join(" ").trim();
  const points = Array.from(cut);
  const out = points.length <= max ? cut : `${points.slice(0, max - 1).join("").trimEnd()}…`;
  return out === "" ? null : out;
}
