import { z } from "zod";
import { CurrencySchema, EmptyArgsSchema, PAYMENT_HANDOFF_FACTS, PaymentHandoffRefSchema, TimestampSchema } from "./common.js";

export const GetHotelPreferencesArgsSchema = EmptyArgsSchema;

// Soft preferences in the exact shape the hotels journey accepts (seed: passed on unchanged).
// Whole currency units per night, derived from past stays; no accounts, categories or totals.
export const HotelPreferencesSchema = z.strictObject({
  pricePerNight: z
    .strictObject({
      min: z.int().min(0),
      max: z.int().min(0),
      currency: CurrencySchema,
    })
    .refine((band) => band.min <= band.max, "min must not exceed max"),
  ranking: z.literal("best_value"),
  showAlternativesOutsideBand: z.boolean(),
});
export type HotelPreferences = z.infer<typeof HotelPreferencesSchema>;

export const GetHotelPreferencesResultSchema = z.strictObject({
  hotelPreferences: HotelPreferencesSchema,
  basis: z.strictObject({
    staysCount: z.int().min(0),
    periodMonths: z.int().min(1).max(120),
  }),
});
export type GetHotelPreferencesResult = z.infer<typeof GetHotelPreferencesResultSchema>;

export const ConsumePaymentHandoffArgsSchema = z.strictObject({ paymentHandoffRef: PaymentHandoffRefSchema });
export type ConsumePaymentHandoffArgs = z.infer<typeof ConsumePaymentHandoffArgsSchema>;

// The facts bound into the capability when it was minted; the booking itself never crosses over.
export const ConsumePaymentHandoffResultSchema = z.strictObject({
  ...PAYMENT_HANDOFF_FACTS,
  consumedAt: TimestampSchema,
});
export type ConsumePaymentHandoffResult = z.infer<typeof ConsumePaymentHandoffResultSchema>;
