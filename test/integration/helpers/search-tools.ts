import { addDays } from "../../../shared/time.js";
import type { FetchLike } from "../../../mcp/hotels/provider/index.js";

export const CANARY = "CANARY-search-7f3a";

/** Stay dates inside the harness calendar (today is 2027-03-01); `n` keeps searches apart in the 30 s cache. */
export function stay(n: number, nights = 2): { checkinDate: string; checkoutDate: string } {
  const checkinDate = addDays("2027-03-02", n);
  return { checkinDate, checkoutDate: addDays(checkinDate, nights) };
}

/** Real fetch that remembers every provider id the sandbox's search answers carried. */
export function recordingFetch(ids: Set<string>, inner: (url: URL, init: RequestInit) => Promise<Response> = (url, init) => fetch(url, init)): FetchLike {
  return async (url, init) => {
    const res = await inner(url, init);
    if (url.pathname.endsWith("/v3/search") && res.ok) {
      const page = (await res.clone().json()) as { searchId?: string; items?: { hotelId?: string }[] };
      if (page.searchId) ids.add(page.searchId);
      for (const item of page.items ?? []) if (item.hotelId) ids.add(item.hotelId);
    }
    return res;
  };
}

/**
 * The structured content with every coverPhotoUrl removed: a provider's photo URLs may embed the
 * hotelId in their path (a public asset URL, kept on purpose; the sandbox's are opaque), so they are checked separately.
 */
export function withoutPhotoUrls(value: unknown): string {
  return JSON.stringify(value, (key, v: unknown) => (key === "coverPhotoUrl" ? undefined : v));
}
