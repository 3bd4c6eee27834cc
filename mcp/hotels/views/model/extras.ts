import { z } from "zod";

// What a view needs beyond the facts a model reads: cover photos and coordinates. The tools put it
// in the result's `_meta` under this key, which hosts hand to the view and keep out of the model's
// context, so tool text and structuredContent stay as they are for every client.
export const VIEW_META_KEY = "tbank-hotels/view";

const Point = z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) });

export const ViewExtras = z.object({
  options: z.array(z.object({ optionId: z.string(), coverPhotoUrl: z.string().optional(), point: Point.optional() })).max(100).optional(),
  centre: Point.optional(),
  near: Point.extend({ name: z.string() }).optional(),
});
export type ViewExtrasT = z.infer<typeof ViewExtras>;
export type PointT = z.infer<typeof Point>;

/** Only absolute http(s) URLs become an <img src>: no javascript:, data: or relative paths. */
export function safePhotoUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The extras of a result's `_meta`, or empty ones when absent or malformed (the view still shows the facts). */
export function extrasOf(meta: unknown): ViewExtrasT {
  const raw = meta !== null && typeof meta === "object" ? (meta as Record<string, unknown>)[VIEW_META_KEY] : undefined;
  const parsed = ViewExtras.safeParse(raw);
  return parsed.success ? parsed.data : {};
}

/** optionId → its cover photo, http(s) only. */
export function photosOf(extras: ViewExtrasT): Map<string, string> {
  const out = new Map<string, string>();
  for (const o of extras.options ?? []) {
    const url = safePhotoUrl(o.coverPhotoUrl);
    if (url) out.set(o.optionId, url);
  }
  return out;
}
