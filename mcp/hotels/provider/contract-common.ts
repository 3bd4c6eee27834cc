import { z } from "zod";

// Provider shapes are loose (fields we do not use may come and go); request bodies we send are
// strict, because every sandbox and provider body is strict and an unknown field is a 400.

/** Money as the provider sends it: `value` is a JSON number (kopecks allowed). Convert with decimalFromProviderNumber. */
export const ProviderMoneySchema = z.looseObject({
  value: z.number(),
  currency: z.string().min(1).max(8),
});
export type ProviderMoney = z.infer<typeof ProviderMoneySchema>;

/** A point on the map. Read with `.optional().catch(undefined)`: a bad point is no point, not a failed answer. */
export const ProviderCoordinatesSchema = z.looseObject({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) });
export type ProviderCoordinates = z.infer<typeof ProviderCoordinatesSchema>;

export const IsoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "expected YYYY-MM-DD");

/** One room: `guests` has one element per room. */
export const ProviderGuestsSchema = z.strictObject({
  adultsCount: z.number().int().min(1).max(6),
  childrenAges: z.array(z.number().int().min(0).max(17)).max(4).optional(),
});
export type ProviderGuests = z.infer<typeof ProviderGuestsSchema>;

export const ProviderStayShape = {
  checkinDate: IsoDateSchema,
  checkoutDate: IsoDateSchema,
  guests: z.array(ProviderGuestsSchema).min(1).max(5),
};

/** Provider identifiers end up in URL paths: no separators, no dot segments. */
export const ProviderIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9._:~-]{1,256}$/, "expected a provider identifier")
  .refine((v) => v !== "." && v !== "..", "expected a provider identifier");
