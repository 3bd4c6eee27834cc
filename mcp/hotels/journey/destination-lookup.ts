import { catalogFor } from "./catalog.js";
import type { HotelsContext } from "../context.js";
import { resolveDestination, type DestinationResolution } from "./destination.js";
import { staySearchFor, type StaySearch } from "./stay-search.js";

/**
 * A city name (or a destinationId from an earlier clarification) against the cached catalog.
 * Rejects with the catalog's ProviderError when the catalog cannot be read.
 */
export async function lookupDestination(ctx: HotelsContext, query: string): Promise<DestinationResolution> {
  const catalog = await catalogFor(ctx.provider, ctx.config.hotels.timeoutMs, ctx.now).get();
  const byId = catalog.find((l) => l.id === query.trim());
  if (byId) return { status: "resolved", destination: { destinationId: byId.id, name: byId.name, region: byId.region, country: byId.country } };
  return resolveDestination(query, catalog);
}

export function staySearch(ctx: HotelsContext): StaySearch {
  return staySearchFor(ctx.provider, { timeoutMs: ctx.config.hotels.timeoutMs, now: ctx.now });
}
