import type { HotelsContext } from "../context.js";
import { resolveDestination, type DestinationResolution } from "./destination.js";

/**
 * A city name (or a destinationId from an earlier clarification) against the cached catalog.
 * Rejects with the catalog's ProviderError when the catalog cannot be read.
 */
export async function lookupDestination(ctx: Pick<HotelsContext, "catalog">, query: string): Promise<DestinationResolution> {
  const catalog = await ctx.catalog.get();
  const byId = catalog.find((l) => l.id === query.trim());
  if (byId) return { status: "resolved", destination: { destinationId: byId.id, name: byId.name, region: byId.region, country: byId.country } };
  return resolveDestination(query, catalog);
}
