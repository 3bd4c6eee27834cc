import { z } from "zod";
import { ProviderMoneySchema, ProviderStayShape } from "./contract-common.js";

/** `filters` is an unconfirmed pass-through in the spec: journey code should leave it out. */
export const ProviderRatesRequestSchema = z.strictObject({
  ...ProviderStayShape,
  filters: z.array(z.unknown()).max(20).optional(),
});
export type ProviderRatesRequest = z.infer<typeof ProviderRatesRequestSchema>;

export const ProviderRateSchema = z.looseObject({
  rateId: z.string(),
  /** Opaque, bound to hotel, dates and guests; never shown to the model. */
  bookHash: z.string().min(1),
  roomName: z.string(),
  /** Guests the room holds; absent = not known (not a reason to hide the rate). */
  maxOccupancy: z.number().int().min(1).max(50).optional().catch(undefined),
  mealName: z.string().nullable(),
  price: ProviderMoneySchema,
  cancellation: z.looseObject({
    freeCancellationUntil: z.string().nullable(),
    penaltyAfter: ProviderMoneySchema.nullable().optional(),
  }),
  paymentType: z.string(),
});
export type ProviderRate = z.infer<typeof ProviderRateSchema>;

export const ProviderRatesSchema = z.looseObject({
  hotelId: z.string(),
  checkinDate: z.string(),
  checkoutDate: z.string(),
  /** Empty for hotels without bookable rates. */
  rates: z.array(ProviderRateSchema),
});
export type ProviderRates = z.infer<typeof ProviderRatesSchema>;

export const ProviderCheckoutInspectRequestSchema = z.strictObject({
  bookHash: z.string().min(1).max(4096),
  ...ProviderStayShape,
});
export type ProviderCheckoutInspectRequest = z.infer<typeof ProviderCheckoutInspectRequestSchema>;

export const ProviderExtraServiceSchema = z.looseObject({
  extraServiceId: z.string(),
  type: z.string(),
  time: z.string(),
  price: ProviderMoneySchema,
});
export type ProviderExtraService = z.infer<typeof ProviderExtraServiceSchema>;

export const ProviderCheckoutSchema = z.looseObject({
  checkOutId: z.string().min(1),
  hotelId: z.string(),
  roomName: z.string(),
  mealName: z.string().nullable(),
  searchPrice: ProviderMoneySchema,
  currentPrice: ProviderMoneySchema,
  priceChanged: z.boolean(),
  cancellation: z.looseObject({
    freeCancellationUntil: z.string().nullable(),
    penalties: z.array(z.looseObject({ from: z.string(), amount: ProviderMoneySchema })),
  }),
  extraServices: z.array(ProviderExtraServiceSchema),
  upgradeAvailable: z.boolean(),
  expiresAt: z.string(),
});
export type ProviderCheckout = z.infer<typeof ProviderCheckoutSchema>;

export const ProviderPromoValidationSchema = z.discriminatedUnion("valid", [
  z.looseObject({
    valid: z.literal(true),
    promoCode: z.string(),
    discount: z.looseObject({ type: z.string(), percent: z.number().optional(), amount: ProviderMoneySchema }),
    priceAfterDiscount: ProviderMoneySchema,
  }),
  z.looseObject({ valid: z.literal(false), promoCode: z.string(), reason: z.string() }),
]);
export type ProviderPromoValidation = z.infer<typeof ProviderPromoValidationSchema>;

export const ProviderUpgradeOfferSchema = z.looseObject({
  upgradeId: z.string(),
  roomName: z.string(),
  mealName: z.string().nullable(),
  priceDifference: ProviderMoneySchema,
  totalPrice: ProviderMoneySchema,
});
export type ProviderUpgradeOffer = z.infer<typeof ProviderUpgradeOfferSchema>;

export const ProviderUpgradeSchema = z.looseObject({ offer: ProviderUpgradeOfferSchema.nullable() });
export type ProviderUpgrade = z.infer<typeof ProviderUpgradeSchema>;
