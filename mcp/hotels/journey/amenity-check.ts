import type { HotelsContext } from "../context.js";
import { isProviderError } from "../provider/index.js";
import { providerText } from "../../../shared/provider-text.js";
import { hasAmenity, type Amenity } from "./amenities.js";
import { applyFilters, type HardFilters } from "./filters.js";
import type { JourneyOption, PublicOption } from "./options.js";
import { rankOptions, type RankingParams } from "./ranking.js";

// Amenities the destination's filter catalogue does not offer are checked on the hotels' own cards:
// one hotel read per candidate, in the order the journey ranks them, bounded in count and time.
// A hotel never read is not known to have them, so the filter leaves it out and the answer says how
// many were read.

/** Hotel cards read for one plan: enough to fill a page of answers, few enough to stay one call. */
export const AMENITY_CARDS_MAX = 30;
/** Reads in flight at once: the provider limiter's default, so the check never queues a search out. */
const PARALLEL_READS = 2;
/** No new read starts after this: the plan is the answer, not its amenity check. */
export const AMENITY_CHECK_BUDGET_MS = 8_000;
const READ_TIMEOUT_MS = 3_000;

export interface AmenityCheck {
  /** The amenities checked here, the provider filtering none of them. */
  local: Amenity[];
  /** By optionId: whether the hotel's card lists every local amenity; absent = not read. */
  has: Record<string, boolean>;
}

/**
 * Reads the cards of the first candidates not yet known (at most AMENITY_CARDS_MAX) and records,
 * per option, whether it has every local amenity. A failed read leaves its option unknown.
 */
export async function checkAmenities(
  ctx: Pick<HotelsContext, "provider" | "now">,
  local: readonly Amenity[],
  candidates: readonly JourneyOption[],
  opts: { signal?: AbortSignal; known?: AmenityCheck } = {},
): Promise<AmenityCheck> {
  const has: Record<string, boolean> = { ...(opts.known?.has ?? {}) };
  const check: AmenityCheck = { local: [...local], has };
  if (local.length === 0) return check;
  const queue = candidates.filter((o) => o.hotelId !== null && !(o.public.optionId in has)).slice(0, AMENITY_CARDS_MAX);
  const started = ctx.now();
  const worker = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      if (ctx.now() - started >= AMENITY_CHECK_BUDGET_MS || opts.signal?.aborted) return;
      const names = await cardAmenities(ctx, next.hotelId ?? "", opts.signal);
      if (names !== null) has[next.public.optionId] = local.every((a) => hasAmenity(names, a));
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_READS }, worker));
  return check;
}

/**
 * The options the amenities filter will test, in the order the journey ranks them: what the other
 * hard filters keep. `listed` are the options as listings see them (search or loaded-rate prices).
 */
export function amenityCandidates(options: readonly JourneyOption[], listed: readonly PublicOption[], filters: HardFilters | undefined, params: RankingParams): JourneyOption[] {
  const { kept } = applyFilters(listed, filters, { cashback: params.cashback?.percents });
  const byId = new Map(options.map((o) => [o.public.optionId, o]));
  return rankOptions(listed, params, new Set(kept.map((o) => o.optionId))).orderedIds.flatMap((id) => byId.get(id) ?? []);
}

async function cardAmenities(ctx: Pick<HotelsContext, "provider">, hotelId: string, signal: AbortSignal | undefined): Promise<string[] | null> {
  try {
    const hotel = await ctx.provider.api.hotel(hotelId, { timeoutMs: READ_TIMEOUT_MS, ...(signal ? { signal } : {}) });
    return (hotel.amenities ?? []).map((a) => providerText(a, "label"));
  } catch (err) {
    if (!isProviderError(err)) throw err;
    return null;
  }
}
