// Provider shapes the journey consumes, as docs/provider-contract.md describes them. The provider
// layer parses responses at the edge; these interfaces are structural so its parsed types fit.

export interface ProviderMoney {
  value: number;
  currency: string;
}

export interface ProviderSearchItem {
  hotelId?: string;
  name: string;
  stars: number | null;
  rating: number | null;
  reviewsCount: number;
  address: string;
  distanceToCenterKm: number;
  coverPhotoUrl: string;
  photosCount: number;
  shownPrice: ProviderMoney;
  mealName: string | null;
  freeCancellationUntil: string | null;
  hasRates: boolean;
}

export interface ProviderSearchPage {
  searchId: string;
  items: readonly ProviderSearchItem[];
  offset?: number;
  nextOffset: number | null;
  isLoadingCompleted: boolean;
  totalCount: number;
  loadedCount: number;
}

export interface ProviderLocation {
  id: string;
  name: string;
  fullName: string;
  type: string;
  region: string;
  country: string;
  hotelsCount: number;
}

export interface ProviderRate {
  rateId: string;
  bookHash: string | null;
  roomName: string;
  mealName: string | null;
  price: ProviderMoney;
  // The provider may leave penaltyAfter out entirely; absent reads like null (no fact).
  cancellation: { freeCancellationUntil: string | null; penaltyAfter?: ProviderMoney | null };
  paymentType: string;
}

export interface ProviderCheckoutInspection {
  checkOutId: string;
  hotelId: string;
  roomName: string;
  mealName: string | null;
  searchPrice: ProviderMoney;
  currentPrice: ProviderMoney;
  priceChanged: boolean;
  cancellation: { freeCancellationUntil: string | null; penalties: readonly { from: string; amount: ProviderMoney }[] };
  extraServices: readonly { extraServiceId: string; type: string; time: string; price: ProviderMoney }[];
  upgradeAvailable: boolean;
  expiresAt: string;
}

export type ProviderPromoResult =
  | {
      valid: true;
      promoCode: string;
      // "percent" | "fixed" today; the provider schema keeps it an open string, so does this.
      discount: { type: string; percent?: number; amount: ProviderMoney };
      priceAfterDiscount: ProviderMoney;
    }
  | { valid: false; promoCode: string; reason: string };

export interface ProviderUpgradeOffer {
  upgradeId: string;
  roomName: string;
  mealName: string | null;
  priceDifference: ProviderMoney;
  totalPrice: ProviderMoney;
}

export interface Room {
  adults: number;
  childrenAges: number[];
}

export const RANKINGS = ["provider_order", "lowest_price", "highest_rating", "best_value"] as const;
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
