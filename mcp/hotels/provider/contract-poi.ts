import { z } from "zod";
import { ProviderCoordinatesSchema, ProviderIdSchema } from "./contract-common.js";

// Inferred shape (the seed names search_points_of_interest, not its fields):
// docs/provider-contract.md, section points_of_interest.

export const PointsOfInterestQuerySchema = z.strictObject({
  destinationId: ProviderIdSchema,
  query: z.string().trim().min(1).max(200).optional(),
  limit: z.number().int().min(1).max(50).default(10),
});
export type PointsOfInterestQuery = z.input<typeof PointsOfInterestQuerySchema>;

export const ProviderPointOfInterestSchema = z.looseObject({
  poiId: z.string().optional(),
  name: z.string(),
  /** "landmark", "street", "station", "airport", "park"; other values may come. */
  type: z.string().optional(),
  coordinates: ProviderCoordinatesSchema.optional().catch(undefined),
  distanceToCenterKm: z.number().optional(),
});
export type ProviderPointOfInterest = z.infer<typeof ProviderPointOfInterestSchema>;

export const ProviderPointsOfInterestSchema = z.looseObject({
  destinationId: z.string().optional(),
  /** Matches in all, of which `items` are the first `limit`. */
  total: z.number().int().min(0).optional(),
  items: z.array(ProviderPointOfInterestSchema),
});
export type ProviderPointsOfInterest = z.infer<typeof ProviderPointsOfInterestSchema>;
