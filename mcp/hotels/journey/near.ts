import type { HotelsContext } from "../context.js";
import { isProviderError, type ProviderPointOfInterest } from "../provider/index.js";
import { providerText } from "../../../shared/provider-text.js";
import type { Coordinates } from "./geo.js";
import { normalizeName } from "./text.js";

export const MAX_NEAR_CANDIDATES = 5;

/** The point a journey measures distances from: a landmark or address plan_stay was given as `near`. */
export interface NearPoint {
  name: string;
  coordinates: Coordinates;
}

export interface NearCandidate {
  name: string;
  /** "landmark", "station", ...: as the provider says. */
  type?: string;
  distanceToCenterKm?: number;
}

export type NearResolution =
  | { status: "resolved"; point: NearPoint }
  | { status: "clarification_required"; reason: "landmark_ambiguous" | "landmark_not_found"; candidates: NearCandidate[] };

/**
 * `near` against the destination's points of interest: one match, or one whose name is exactly the
 * text, resolves; several are a question; none is a question listing the destination's best-known
 * points (a second call). Points without coordinates cannot measure anything and are left out.
 * Rejects with the ProviderError of the first call.
 */
export async function resolveNear(ctx: Pick<HotelsContext, "provider">, destinationId: string, query: string, signal?: AbortSignal): Promise<NearResolution> {
  const found = await ctx.provider.api.pointsOfInterest({ destinationId, query, limit: MAX_NEAR_CANDIDATES }, { signal });
  const points = usable(found.items);
  const exact = points.filter((p) => normalizeName(p.name) === normalizeName(query));
  const only = points.length === 1 ? points[0] : exact.length === 1 ? exact[0] : undefined;
  if (only) return { status: "resolved", point: { name: only.name, coordinates: only.coordinates } };
  if (points.length > 1) return { status: "clarification_required", reason: "landmark_ambiguous", candidates: points.map(candidate) };
  let known: Usable[] = [];
  try {
    known = usable((await ctx.provider.api.pointsOfInterest({ destinationId, limit: MAX_NEAR_CANDIDATES }, { signal })).items);
  } catch (err) {
    // The candidates are a courtesy: "not found" stands without them.
    if (!isProviderError(err)) throw err;
  }
  return { status: "clarification_required", reason: "landmark_not_found", candidates: known.map(candidate) };
}

type Usable = { name: string; coordinates: Coordinates; type?: string; distanceToCenterKm?: number };

// A point's type is a code of the contract (landmark, street, station ...), shown unquoted beside
// its name: a type of any other shape (a comma, a distance, a separator) is dropped, not shown.
const POI_TYPE = /^[a-z][a-z_]{0,31}$/;

function usable(items: readonly ProviderPointOfInterest[]): Usable[] {
  return items.flatMap((p) => {
    const name = providerText(p.name, "place");
    if (!p.coordinates || name === "") return [];
    const { lat, lon } = p.coordinates;
    return [{ name, coordinates: { lat, lon }, ...(p.type === undefined || !POI_TYPE.test(p.type) ? {} : { type: p.type }), ...(p.distanceToCenterKm === undefined ? {} : { distanceToCenterKm: p.distanceToCenterKm }) }];
  });
}

function candidate(p: Usable): NearCandidate {
  return { name: p.name, ...(p.type === undefined ? {} : { type: p.type }), ...(p.distanceToCenterKm === undefined ? {} : { distanceToCenterKm: p.distanceToCenterKm }) };
}
