import { sha256Hex } from "../../../shared/refs.js";
import type { JourneyHotelItem, JourneySearchPage } from "./provider-shapes.js";

export const SUBSTANTIAL_RATIO = 0.8;

/** What one tool call may spend on the provider: requests, and time from the call's start. */
export interface RunBudget {
  maxRequests: number;
  budgetMs: number;
}

export interface CollectLimits {
  plan: RunBudget;
  // Its own budget: were it shared with the plan, a city the plan could not finish (the sandbox's
  // Москва, 400 hotels, takes 26 requests) would have nothing left to continue with.
  continuation: RunBudget;
  maxExtraPolls: number;
  // Bounds what one journey can make the provider do; only the first is ever recommended.
  maxContinuations: number;
}

export const COLLECT_LIMITS: CollectLimits = {
  plan: { maxRequests: 20, budgetMs: 11_000 },
  continuation: { maxRequests: 20, budgetMs: 11_000 },
  maxExtraPolls: 3,
  maxContinuations: 2,
};

export interface SearchRequest {
  offset: number;
  // Absent only on the very first request, which creates the provider search.
  searchId?: string;
  // What is left of the time budget: the caller's abort timeout for this request.
  remainingMs: number;
}

export type StopReason = "completed" | "request_cap" | "poll_limit" | "budget" | "request_failed";

export interface CollectedItem {
  dedupeKey: string;
  item: JourneyHotelItem;
}

export interface SearchCoverage {
  collectedCount: number;
  requestsMade: number;
  reportedCount: number | null;
  loadingCompleted: boolean;
  providerSort: null;
  truncated: boolean;
  /** reportedCount − collectedCount while truncated; null when complete or nothing was reported. */
  notYetSeen: number | null;
  coverageLevel: "complete" | "substantial" | "partial";
  coverageRatio: number;
  continuationAvailable: boolean;
  continuationRecommended: boolean;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

// hotelId when the provider gives one; otherwise a hash of the whole object, key order ignored.
export function dedupeKey(item: JourneyHotelItem): string {
  return item.hotelId !== undefined && item.hotelId !== "" ? `id:${item.hotelId}` : `hash:${sha256Hex(stableJson(item))}`;
}

/** Everything a Collector knows, as plain data: journeys kept in a shared store carry it (journey/codec.ts). */
export interface CollectorSnapshot {
  limits: CollectLimits;
  items: CollectedItem[];
  offset: number;
  searchId: string | undefined;
  requests: number;
  runRequests: number;
  requestsAtOffset: number;
  pending: SearchRequest | undefined;
  last: JourneySearchPage | undefined;
  stop: StopReason | undefined;
  continuations: number;
}

// The collection policy as a state machine; the caller owns HTTP and the clock:
//   let req; while ((req = c.next(elapsed()))) c.accept(await search(req));   // or c.fail()
// One instance lives as long as the journey, so a continuation resumes at the same offset; each
// run (the plan's collection, each continuation) spends its own budget.
export class Collector {
  readonly limits: CollectLimits;
  private readonly byKey = new Map<string, CollectedItem>();
  private offset = 0;
  private searchId: string | undefined;
  private requests = 0;
  private runRequests = 0;
  private requestsAtOffset = 0;
  private pending: SearchRequest | undefined;
  private last: JourneySearchPage | undefined;
  private stop: StopReason | undefined;
  private continuations = 0;

  constructor(limits: Partial<CollectLimits> = {}) {
    this.limits = { ...COLLECT_LIMITS, ...limits };
  }

  private get budget(): RunBudget {
    return this.continuations === 0 ? this.limits.plan : this.limits.continuation;
  }

  // The next request to make, or null when collection is over. Idempotent while one is pending.
  next(elapsedMs: number): SearchRequest | null {
    if (this.pending) return this.pending;
    if (this.stop) return null;
    const { maxRequests, budgetMs } = this.budget;
    if (this.runRequests >= maxRequests) return this.halt("request_cap");
    if (elapsedMs >= budgetMs) return this.halt("budget");
    this.requests += 1;
    this.runRequests += 1;
    this.requestsAtOffset += 1;
    const request: SearchRequest = { offset: this.offset, remainingMs: budgetMs - elapsedMs };
    if (this.searchId !== undefined) request.searchId = this.searchId;
    this.pending = request;
    return request;
  }

  accept(page: JourneySearchPage): void {
    if (!this.pending) throw new Error("accept() without a pending request");
    this.pending = undefined;
    this.last = page;
    this.searchId = page.searchId;
    for (const item of page.items) {
      const key = dedupeKey(item);
      if (!this.byKey.has(key)) this.byKey.set(key, { dedupeKey: key, item });
    }
    if (page.nextOffset !== null) {
      this.offset = page.nextOffset;
      this.requestsAtOffset = 0;
    } else if (page.isLoadingCompleted) {
      this.stop = "completed";
    } else if (this.requestsAtOffset > this.limits.maxExtraPolls) {
      // The page is still loading and has been polled maxExtraPolls times after the first ask.
      this.stop = "poll_limit";
    }
  }

  // The pending request timed out or failed: keep what was collected and stop.
  fail(): void {
    if (!this.pending) throw new Error("fail() without a pending request");
    this.pending = undefined;
    this.stop = "request_failed";
  }

  // Resume a truncated collection in a new tool call; elapsed time is measured from its start.
  beginContinuation(): boolean {
    if (!this.coverage().continuationAvailable) return false;
    this.continuations += 1;
    this.stop = undefined;
    this.runRequests = 0;
    this.requestsAtOffset = 0;
    return true;
  }

  get stopReason(): StopReason | undefined {
    return this.stop;
  }

  get continuationsUsed(): number {
    return this.continuations;
  }

  get pagesReceived(): boolean {
    return this.last !== undefined;
  }

  items(): CollectedItem[] {
    return [...this.byKey.values()];
  }

  coverage(): SearchCoverage {
    const collectedCount = this.byKey.size;
    const reportedCount = this.last ? this.last.totalCount : null;
    const loadingCompleted = this.last?.isLoadingCompleted ?? false;
    const complete = this.stop === "completed";
    const exact = reportedCount === null || reportedCount === 0 ? (complete ? 1 : 0) : Math.min(1, collectedCount / reportedCount);
    const ratio = complete ? 1 : exact;
    const coverageLevel = complete ? "complete" : ratio >= SUBSTANTIAL_RATIO ? "substantial" : "partial";
    // Every stop but "completed" can resume: a continuation brings its own budget.
    const continuationAvailable = !complete && this.stop !== undefined && this.last !== undefined && this.continuations < this.limits.maxContinuations;
    return {
      collectedCount,
      requestsMade: this.requests,
      reportedCount,
      loadingCompleted,
      providerSort: null,
      truncated: !complete,
      notYetSeen: complete || reportedCount === null ? null : Math.max(0, reportedCount - collectedCount),
      coverageLevel,
      // Floored, so a shown 0.8 always means "substantial".
      coverageRatio: Math.floor(ratio * 100) / 100,
      continuationAvailable,
      continuationRecommended: continuationAvailable && coverageLevel === "partial" && this.continuations === 0,
    };
  }

  snapshot(): CollectorSnapshot {
    const { limits, offset, searchId, requests, runRequests, requestsAtOffset, pending, last, stop, continuations } = this;
    return { limits, items: this.items(), offset, searchId, requests, runRequests, requestsAtOffset, pending, last, stop, continuations };
  }

  /** A collector of its own to resume, when the journey's is frozen (read from a shared store). */
  copy(): Collector {
    return Collector.fromSnapshot(this.snapshot());
  }

  static fromSnapshot(s: CollectorSnapshot): Collector {
    const c = new Collector(s.limits);
    for (const item of s.items) c.byKey.set(item.dedupeKey, item);
    // Only the snapshot's own fields, named as snapshot() reads them: a store written by another
    // version may hold more keys, and none of them may land on the collector.
    const { offset, searchId, requests, runRequests, requestsAtOffset, pending, last, stop, continuations } = s;
    Object.assign(c, { offset, searchId, requests, runRequests, requestsAtOffset, pending, last, stop, continuations });
    return c;
  }

  private halt(reason: StopReason): null {
    this.stop = reason;
    return null;
  }
}
