import { randomBytes } from "node:crypto";
import { newRef } from "../../../shared/refs.js";
import type { RandomBytes } from "../../../shared/refs.js";
import { breakfastEvidence, cancellationFacts, priceFacts } from "./facts.js";
import type { BreakfastEvidence, CancellationFacts, PriceFacts } from "./facts.js";
import type { CollectedItem } from "./collect.js";

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
      id = newRef("optionId", this.random);
      this.ids.set(dedupeKey, id);
    }
    return id;
  }

  get size(): number {
    return this.ids.size;
  }
}

export interface PublicOption extends PriceFacts, CancellationFacts {
  optionId: string;
  // 1-based position in the collected provider order (what provider_order ranking shows).
  providerPosition: number;
  name: string;
  stars: number | null;
  rating: number | null;
  reviewsCount: number;
  address: string;
  distanceToCenterKm: number;
  coverPhotoUrl: string;
  photosCount: number;
  mealName: string | null;
  breakfastEvidence: BreakfastEvidence;
  hasRates: boolean;
}

// Provider identifiers stay beside the public facts, never inside them.
export interface JourneyOption {
  public: PublicOption;
  hotelId: string | null;
  dedupeKey: string;
}

export function buildOptions(collected: readonly CollectedItem[], nights: number, ids: OptionIdRegistry): JourneyOption[] {
  return collected.map(({ dedupeKey, item }, index) => ({
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
      coverPhotoUrl: item.coverPhotoUrl,
      photosCount: item.photosCount,
      ...priceFacts(item.shownPrice, nights),
      mealName: item.mealName,
      breakfastEvidence: breakfastEvidence(item.mealName),
      ...cancellationFacts(item.freeCancellationUntil),
      hasRates: item.hasRates,
    },
  }));
}

export function publicOptions(options: readonly JourneyOption[]): PublicOption[] {
  return options.map((o) => o.public);
}

export function findOption(options: readonly JourneyOption[], optionId: string): JourneyOption | undefined {
  return options.find((o) => o.public.optionId === optionId);
}
