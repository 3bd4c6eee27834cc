import { randomBytes } from "node:crypto";
import { newRef } from "../../../shared/refs.js";
import type { RandomBytes } from "../../../shared/refs.js";
import { breakfastEvidence, cancellationFacts, priceFacts } from "./facts.js";
import type { BreakfastEvidence, CancellationFacts, PriceFacts } from "./facts.js";
import type { CollectedItem } from "./collect.js";
import { cheapestBookable, type LoadedRates, type PublicRate } from "./rates.js";
import { DEFAULT_LANG, type Lang } from "../../../shared/locale.js";
import { divideDecimal, type Decimal } from "../../../shared/money.js";
import { distanceKm, type Coordinates } from "./geo.js";

// optionIds survive re-ranking and continuation because they are keyed by the dedupe key, not by
// position: the same hotel collected again gets the same id.
export class OptionIdRegistry {
  private readonly ids = new Map<string, string>();
  private readonly random: RandomBytes;

  constructor(random: RandomBytes = randomBytes) {
    this.random = random;
  }

  idFor(dedupeKey: string): string {
    let id = this.ids.get(dedupeKey);
    if (id === undefined) {
      // Frozen = shared between calls (stored-journey-repo.ts): its Map would still take the id, silently.
      if (Object.isFrozen(this)) throw new TypeError("this optionId registry is shared and frozen: copy() it to add ids");
      id = newRef("optionId", this.random);
      this.ids.set(dedupeKey, id);
    }
    return id;
  }

  get size(): number {
    return this.ids.size;
  }

  /** [dedupeKey, optionId] pairs: journeys kept in a shared store carry them (journey/codec.ts). */
  entries(): [string, string][] {
    return [...this.ids];
  }

  /** A registry of its own to add ids to, leaving the journey's as it was. */
  copy(): OptionIdRegistry {
    return OptionIdRegistry.fromEntries(this.ids, this.random);
  }

  static fromEntries(entries: Iterable<readonly [string, string]>, random: RandomBytes = randomBytes): OptionIdRegistry {
    const registry = new OptionIdRegistry(random);
    for (const [key, id] of entries) registry.ids.set(key, id);
    return registry;
  }
}

export interface PublicOption extends PriceFacts, CancellationFacts {
  /**
   * "search": the feed's price at search time (its cheapest rate then; shown as «от»). "rates": the
   * cheapest bookable rate loaded for this option since, which every later listing, ranking and
   * comparison uses instead.
   */
  priceSource: "search" | "rates";
  /**
   * What the band, the price filter and lowest_price compare: the nightly price of one room (the
   * nightly total split evenly over the rooms searched; the same as per night for one room).
   */
  pricePerRoomNightDecimal: Decimal;
  /** Set when the priced room (the search's, or the loaded rate's) holds fewer guests than one room of the search. */
  roomHolds: number | null;
  /** Whether a room for one room of the party exists, as far as the search or the loaded rates say. */
  roomFit: RoomFit;
  optionId: string;
  // 1-based position in the collected provider order (what provider_order ranking shows).
  providerPosition: number;
  name: string;
  stars: number | null;
  rating: number | null;
  reviewsCount: number;
  address: string;
  distanceToCenterKm: number;
  /** Set when the journey has a near point: the distance to it (NaN without the hotel's coordinates). */
  distanceToNearKm?: number;
  coverPhotoUrl: string;
  photosCount: number;
  /** Where the feed puts the hotel, when it does: for the view's map (tools/view-meta.ts), never in a card. */
  coordinates?: Coordinates;
  mealName: string | null;
  breakfastEvidence: BreakfastEvidence;
  /** False when the feed says so, or when the rates loaded for it hold nothing bookable. */
  hasRates: boolean;
  /** Known once rates are loaded: the cheapest bookable rate's terms. */
  nonRefundable: boolean;
  penaltyAfter: { amountDecimal: Decimal; currency: string } | null;
  paymentType: string | null;
  cheapestRateNumber: number | null;
}

// Provider identifiers stay beside the public facts, never inside them.
export interface JourneyOption {
  public: PublicOption;
  hotelId: string | null;
  dedupeKey: string;
}

export function buildOptions(collected: readonly CollectedItem[], nights: number, ids: OptionIdRegistry, lang: Lang = DEFAULT_LANG, shape: RoomShape = ONE_GUEST, near?: Coordinates): JourneyOption[] {
  return collected.map(({ dedupeKey, item }, index) => {
    const price = priceFacts(item.shownPrice, nights, lang);
    const fit = searchFit(item, shape.guestsPerRoom);
    return {
    dedupeKey,
    hotelId: item.hotelId ?? null,
    public: {
      optionId: ids.idFor(dedupeKey),
      providerPosition: index + 1,
      name: item.name,
      stars: item.stars,
      rating: item.rating,
      reviewsCount: item.reviewsCount,
      address: item.address,
      distanceToCenterKm: item.distanceToCenterKm,
      ...(near ? { distanceToNearKm: item.coordinates ? distanceKm(item.coordinates, near) : Number.NaN } : {}),
      coverPhotoUrl: item.coverPhotoUrl,
      photosCount: item.photosCount,
      ...(item.coordinates ? { coordinates: { lat: item.coordinates.lat, lon: item.coordinates.lon } } : {}),
      priceSource: "search",
      ...price,
      pricePerRoomNightDecimal: perRoom(price.pricePerNightDecimal, shape.rooms),
      roomHolds: fit === "does_not_fit" ? (item.maxOccupancy ?? null) : null,
      roomFit: fit,
      mealName: item.mealName,
      breakfastEvidence: breakfastEvidence(item.mealName),
      ...cancellationFacts(item.freeCancellationUntil),
      hasRates: item.hasRates,
      nonRefundable: false,
      penaltyAfter: null,
      paymentType: null,
      cheapestRateNumber: null,
    },
  };
  });
}

const perRoom = (perNight: Decimal, rooms: number): Decimal => (rooms > 1 ? divideDecimal(perNight, rooms, 2) : perNight);

/** The search's room shape, which a rate's room must fit. */
export interface RoomShape {
  rooms: number;
  guestsPerRoom: number;
}

const ONE_GUEST: RoomShape = { rooms: 1, guestsPerRoom: 1 };

export type RoomFit = "fits" | "does_not_fit" | "unknown";

// The provider is asked with the party and prices the cheapest room that holds it; a search item
// whose priced room is too small therefore has none that fits (docs/provider-contract.md, search).
function searchFit(item: CollectedItem["item"], guestsPerRoom: number): RoomFit {
  if (!item.hasRates || item.maxOccupancy === undefined) return "unknown";
  return item.maxOccupancy >= guestsPerRoom ? "fits" : "does_not_fit";
}

/** Fit by the loaded rates: a bookable room known to hold the party, else one of unknown size, else none. */
export function ratesFit(rates: readonly PublicRate[], guestsPerRoom: number): RoomFit {
  const bookable = rates.filter((r) => r.bookable);
  if (bookable.some((r) => r.maxOccupancy !== null && r.maxOccupancy >= guestsPerRoom)) return "fits";
  return bookable.some((r) => r.maxOccupancy === null) || bookable.length === 0 ? "unknown" : "does_not_fit";
}

export function publicOptions(options: readonly JourneyOption[]): PublicOption[] {
  return options.map((o) => o.public);
}

/**
 * The option as it stands once its rates are loaded: the cheapest bookable rate's price, meal and
 * terms replace the search price; a hotel whose rates hold nothing bookable is marked so.
 */
export function withLoadedRates(o: PublicOption, loaded: LoadedRates | undefined, shape: RoomShape = ONE_GUEST): PublicOption {
  if (!loaded || loaded.status === "rates_temporarily_unavailable") return o;
  const cheapest = cheapestBookable(loaded.rates, shape.guestsPerRoom);
  if (!cheapest) return { ...o, hasRates: false, roomFit: "unknown", roomHolds: null };
  const { totalPriceDecimal, currency, stayNights, pricePerNightDecimal, totalPriceDisplay, pricePerNightDisplay } = cheapest;
  return {
    ...o,
    priceSource: "rates",
    totalPriceDecimal,
    currency,
    stayNights,
    pricePerNightDecimal,
    pricePerRoomNightDecimal: perRoom(pricePerNightDecimal, shape.rooms),
    roomHolds: cheapest.maxOccupancy !== null && cheapest.maxOccupancy < shape.guestsPerRoom ? cheapest.maxOccupancy : null,
    roomFit: ratesFit(loaded.rates, shape.guestsPerRoom),
    totalPriceDisplay,
    pricePerNightDisplay,
    mealName: cheapest.mealName,
    breakfastEvidence: cheapest.breakfastEvidence,
    freeCancellationUntil: cheapest.freeCancellationUntil,
    freeCancellationUntilDisplay: cheapest.freeCancellationUntilDisplay,
    cancellationDisplay: cheapest.cancellationDisplay,
    hasRates: true,
    nonRefundable: cheapest.nonRefundable,
    penaltyAfter: cheapest.penaltyAfter,
    paymentType: cheapest.paymentType,
    cheapestRateNumber: cheapest.rateNumber,
  };
}

/** The options every listing, ranking and comparison of a journey uses. */
export function journeyOptions(state: { options: readonly JourneyOption[]; loadedRates: Readonly<Record<string, LoadedRates>>; request: { rooms: readonly { adults: number; childrenAges: readonly number[] }[] } }): PublicOption[] {
  const shape = roomShape(state.request.rooms);
  return state.options.map((o) => withLoadedRates(o.public, state.loadedRates[o.public.optionId], shape));
}

export function roomShape(rooms: readonly { adults: number; childrenAges: readonly number[] }[]): RoomShape {
  return { rooms: rooms.length, guestsPerRoom: Math.max(1, ...rooms.map((r) => r.adults + r.childrenAges.length)) };
}

export function findOption(options: readonly JourneyOption[], optionId: string): JourneyOption | undefined {
  return options.find((o) => o.public.optionId === optionId);
}
