export interface Room {
  adults: number;
  childrenAges: number[];
}

export const RANKINGS = ["provider_order", "lowest_price", "highest_rating", "best_value", "highest_cashback"] as const;
export type Ranking = (typeof RANKINGS)[number];

export interface PriceBand {
  min: number;
  max: number;
  currency: string;
}

export interface HotelPreferencesInput {
  pricePerNight: PriceBand;
  ranking?: "best_value";
  showAlternativesOutsideBand?: boolean;
}

// Every local validation problem names the field a caller has to change.
export interface FieldError {
  field: string;
  message: string;
}
