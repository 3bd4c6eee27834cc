import { z } from "zod";
import { ProviderRateSchema } from "./contract-checkout.js";
import { ProviderIdSchema, ProviderMoneySchema, ProviderStayShape } from "./contract-common.js";
import { ProviderHotelItemSchema, ProviderSearchFilterSchema } from "./contract-search.js";

// The reads only the integrator (`lowlevel`) toolset makes. Every shape here is inferred: the seed
// names the tools, not the routes (see docs/provider-contract.md).

/** The seed's contract versions (orders, rates, SEO, URLs); v3 unless the caller picks another. */
export const ProviderApiVersionSchema = z.enum(["v1", "v2", "v3"]);
export type ProviderApiVersion = z.infer<typeof ProviderApiVersionSchema>;

const CoordinatesSchema = z.looseObject({ lat: z.number(), lon: z.number() });

export const ProviderFilterAvailabilityRequestSchema = z.strictObject({
  destinationId: z.string().min(1).max(64),
  ...ProviderStayShape,
  filters: z.array(ProviderSearchFilterSchema).max(20).optional(),
});
export type ProviderFilterAvailabilityRequest = z.infer<typeof ProviderFilterAvailabilityRequestSchema>;

/** What each filter value would leave, given the other filters of the request. */
export const ProviderFilterAvailabilitySchema = z.looseObject({
  destinationId: z.string(),
  totalCount: z.number().int().min(0),
  filters: z.array(z.looseObject({ $objectType: z.string(), filterId: z.string() })),
});
export type ProviderFilterAvailability = z.infer<typeof ProviderFilterAvailabilitySchema>;

export const ProviderBoundingBoxSchema = z.strictObject({
  south: z.number().min(-90).max(90),
  west: z.number().min(-180).max(180),
  north: z.number().min(-90).max(90),
  east: z.number().min(-180).max(180),
});

export const ProviderMapRequestSchema = z.strictObject({
  destinationId: z.string().min(1).max(64),
  ...ProviderStayShape,
  filters: z.array(ProviderSearchFilterSchema).max(20).optional(),
  bbox: ProviderBoundingBoxSchema.optional(),
  limit: z.number().int().min(1).max(500).optional(),
});
export type ProviderMapRequest = z.infer<typeof ProviderMapRequestSchema>;

export const ProviderMapSchema = z.looseObject({
  destinationId: z.string(),
  center: CoordinatesSchema.optional(),
  totalCount: z.number().int().min(0),
  points: z.array(z.looseObject({ hotelId: z.string(), coordinates: CoordinatesSchema, shownPrice: ProviderMoneySchema })),
});
export type ProviderMap = z.infer<typeof ProviderMapSchema>;

export const ProviderMapHotelsRequestSchema = z.strictObject({
  hotelIds: z.array(ProviderIdSchema).min(1).max(20),
  ...ProviderStayShape,
  filters: z.array(ProviderSearchFilterSchema).max(20).optional(),
});
export type ProviderMapHotelsRequest = z.infer<typeof ProviderMapHotelsRequestSchema>;

export const ProviderMapHotelsSchema = z.looseObject({ items: z.array(ProviderHotelItemSchema) });
export type ProviderMapHotels = z.infer<typeof ProviderMapHotelsSchema>;

export const ProviderRateRequestSchema = z.strictObject(ProviderStayShape);
export type ProviderRateRequest = z.infer<typeof ProviderRateRequestSchema>;

export const ProviderSingleRateSchema = z.looseObject({
  hotelId: z.string(),
  checkinDate: z.string(),
  checkoutDate: z.string(),
  rate: ProviderRateSchema,
});
export type ProviderSingleRate = z.infer<typeof ProviderSingleRateSchema>;

export const ProviderReviewOrderStatusSchema = z.looseObject({
  orderId: z.string(),
  canLeaveReview: z.boolean(),
  status: z.string(),
});
export type ProviderReviewOrderStatus = z.infer<typeof ProviderReviewOrderStatusSchema>;
