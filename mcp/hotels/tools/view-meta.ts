import type { NearPoint } from "../journey/near.js";
import type { PublicOption } from "../journey/options.js";
import { VIEW_META_KEY, type ViewExtrasT } from "../views/model/extras.js";

// The result `_meta` the hotel view (mcp/hotels/views) reads beside structuredContent: each shown
// option's cover photo and position, and the near point. Cards leave photos out on purpose (a
// sixth of a list's tokens, and no answer quotes them); `_meta` is for the host and its view, so
// the model's two channels stay as they are.

/** The view's extras for the options shown, in their order; options without a photo or a position still say their id. */
export function viewMeta(options: readonly PublicOption[], shownIds: readonly string[], near?: NearPoint): Record<string, unknown> {
  const byId = new Map(options.map((o) => [o.optionId, o]));
  const shown = shownIds.flatMap((id) => {
    const o = byId.get(id);
    if (!o) return [];
    return [{ optionId: id, ...(/^https?:\/\//i.test(o.coverPhotoUrl) ? { coverPhotoUrl: o.coverPhotoUrl } : {}), ...(o.coordinates ? { point: o.coordinates } : {}) }];
  });
  const extras: ViewExtrasT = { options: shown, ...(near ? { near: { name: near.name, ...near.coordinates } } : {}) };
  return { [VIEW_META_KEY]: extras };
}
