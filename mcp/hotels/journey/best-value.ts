import type { PublicOption } from "./options.js";
import type { PriceBand } from "./types.js";

// best_value_v2: score = 0.6·rating/10 + 0.2·log(1+reviews)/log(1+maxReviews) + 0.2·priceUtility.
// An MCP-derived score, not a provider rating. Inputs must share one currency (ranking.ts ensures it).
export const BEST_VALUE_WEIGHTS = { rating: 0.6, reviews: 0.2, price: 0.2 } as const;

// Up to 20 % outside the band counts as "slightly" outside: still useful, offered as an alternative.
export const SLIGHTLY_OUTSIDE = 0.2;
// Far outside, the utility goes negative, so a price far from the band costs score instead of
// merely earning nothing: a very cheap hotel is no longer "the best value" for someone who pays more.
export const FAR_OUTSIDE_UTILITY = -0.5;

export type BandPosition = "inside" | "below" | "above";

export interface BandFit {
  position: BandPosition;
  // Relative distance outside the band: (min − p)/min below, (p − max)/max above, 0 inside.
  deviation: number;
}

export function bandFit(perNight: number, band: PriceBand): BandFit {
  if (perNight < band.min) return { position: "below", deviation: band.min > 0 ? (band.min - perNight) / band.min : 0 };
  if (perNight > band.max) return { position: "above", deviation: band.max > 0 ? (perNight - band.max) / band.max : Infinity };
  return { position: "inside", deviation: 0 };
}

// 1.0 inside; falls linearly to 0.7 at 20 % outside; then steeply (−4 per unit) to −0.5 by 50 %.
export function bandPriceUtility(fit: BandFit): number {
  const d = fit.deviation;
  if (d === 0) return 1;
  if (d <= SLIGHTLY_OUTSIDE) return 1 - 1.5 * d;
  return Math.max(FAR_OUTSIDE_UTILITY, 0.7 - 4 * (d - SLIGHTLY_OUTSIDE));
}

// Without a band: the cheapest per-night price gets 1, others min/price (a normalized inverse).
export function inversePriceUtility(perNight: number, minPerNight: number): number {
  if (perNight <= 0) return 1;
  return Math.max(0, minPerNight) / perNight;
}

export interface BestValueDetail {
  score: number;
  priceUtility: number;
  bandPosition: BandPosition | null;
  bandDeviation: number | null;
}

// With a band the options inside it are the recommendation and lead, those slightly outside follow
// (the alternatives come from them), then the rest: the score alone can put a well-rated hotel
// above the band ahead of every one inside it.
export function bandTier(d: BestValueDetail | undefined): 0 | 1 | 2 {
  const position = d?.bandPosition ?? "inside";
  if (position === "inside") return 0;
  return (d?.bandDeviation ?? Infinity) <= SLIGHTLY_OUTSIDE ? 1 : 2;
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

export function bestValueScores(options: readonly PublicOption[], band?: PriceBand): Map<string, BestValueDetail> {
  const perNight = options.map((o) => Number(o.pricePerRoomNightDecimal));
  const minPerNight = Math.min(...perNight);
  const maxReviews = Math.max(0, ...options.map((o) => o.reviewsCount));
  const scores = new Map<string, BestValueDetail>();
  options.forEach((o, i) => {
    const price = perNight[i] ?? 0;
    const fit = band ? bandFit(price, band) : null;
    const priceUtility = fit ? bandPriceUtility(fit) : inversePriceUtility(price, minPerNight);
    const rating = Math.min(1, Math.max(0, (o.rating ?? 0) / 10));
    const reviews = maxReviews > 0 ? Math.log1p(Math.max(0, o.reviewsCount)) / Math.log1p(maxReviews) : 0;
    const score = BEST_VALUE_WEIGHTS.rating * rating + BEST_VALUE_WEIGHTS.reviews * reviews + BEST_VALUE_WEIGHTS.price * priceUtility;
    scores.set(o.optionId, {
      score: round4(score),
      priceUtility: round4(priceUtility),
      bandPosition: fit?.position ?? null,
      bandDeviation: fit ? round4(fit.deviation) : null,
    });
  });
  return scores;
}
