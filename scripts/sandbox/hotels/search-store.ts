import { setNewest } from "../../../shared/bounded-map.js";
import { digest } from "../data/prng.js";

/** Hotels the provider "finds" on the first call, and how many more each further call loads. */
export const INITIAL_LOAD = 40;
export const LOAD_STEP = 15;
export const MAX_SEARCHES = 200;

/** A search's results in feed order: an array, or a list that builds each item when a page first shows it. */
export interface SearchResults<T> {
  readonly length: number;
  slice(start: number, end: number): T[];
}

export interface SearchSession<T> {
  searchId: string;
  /** Canonical destination + stay + filters; a searchId only continues the same search. */
  key: string;
  results: SearchResults<T>;
  loaded: number;
}

/**
 * `length` items, each built by `build(i)` the first time a page shows it and kept. A search with no
 * filters finds every hotel of the city, so only the hotels on a page need pricing: priced all at
 * once on a search's first request, a city would hold the sandbox's one thread long enough for the
 * answers due meanwhile to come late, and bench:http would bill the servers for it.
 * `slice` takes the indices pageOf gives (never negative, unlike Array's).
 */
export function lazyResults<T>(length: number, build: (index: number) => T): SearchResults<T> {
  const built: T[] = [];
  return {
    length,
    slice(start, end) {
      const out: T[] = [];
      for (let i = Math.max(0, start); i < Math.min(end, length); i++) out.push((built[i] ??= build(i)));
      return out;
    },
  };
}

export interface SearchPage<T> {
  items: T[];
  offset: number;
  nextOffset: number | null;
  isLoadingCompleted: boolean;
  totalCount: number;
  loadedCount: number;
}

/** Search sessions in a bounded map: the oldest is dropped when a new one would exceed the bound. */
export function createSearchStore<T>(seed: string, max = MAX_SEARCHES) {
  const sessions = new Map<string, SearchSession<T>>();
  let created = 0;
  return {
    create(key: string, results: SearchResults<T>): SearchSession<T> {
      created += 1;
      const session = { searchId: `srch_${digest(seed, "search", created, key).slice(0, 24)}`, key, results, loaded: Math.min(results.length, INITIAL_LOAD) };
      setNewest(sessions, session.searchId, session, max);
      return session;
    },
    get: (searchId: string): SearchSession<T> | undefined => sessions.get(searchId),
    /** Each further call of a search loads more hotels: progress counts calls, not wall time. */
    advance(session: SearchSession<T>): void {
      session.loaded = Math.min(session.results.length, session.loaded + LOAD_STEP);
    },
    size: () => sessions.size,
  };
}

/**
 * One page of a search. Pages whose offset is 6 mod 7 start one item early, so the item at a page
 * boundary appears twice, as the real feed does; clients must dedupe.
 */
export function pageOf<T>(session: SearchSession<T>, offset: number, limit: number): SearchPage<T> {
  const total = session.results.length;
  const start = offset > 0 && offset % 7 === 6 ? offset - 1 : offset;
  const end = Math.min(start + limit, total);
  const complete = session.loaded >= total;
  const base = { offset, totalCount: total, loadedCount: session.loaded, isLoadingCompleted: complete };
  if (start >= total) return { ...base, items: [], nextOffset: null };
  if (session.loaded >= end) return { ...base, items: session.results.slice(start, end), nextOffset: end < total ? end : null };
  // The page is not loaded yet: what there is, and no next offset; the client polls the same offset.
  return { ...base, items: session.results.slice(start, session.loaded), nextOffset: null };
}
