import type { ProviderReview, ProviderReviewsPage } from "../provider/index.js";
import { providerTextOrNull } from "../../../shared/provider-text.js";
import { isIsoDate, isoDateAt, parseOffsetDateTime, type IsoDate } from "../../../shared/time.js";

// Reviews as guests wrote them. A summary that keeps one sentence of each review drops the "but"
// that follows the praise: a review is quoted whole, or cut at a word with "…", and the provider's
// separate liked/disliked parts stay apart.

export const MAX_QUOTES = 3;
/** Code points of one part of a review (its text, pros or cons): a long paragraph, not an essay. */
export const REVIEW_PART_MAX = 400;
/** Code points of all quotes together: the details answer's share for reviews. */
export const QUOTES_BUDGET = 1_000;

export interface ReviewQuote {
  /** At the destination; null when the provider gives no readable date. */
  date: IsoDate | null;
  /** The guest's general text. */
  text?: string;
  /** What the guest liked and disliked, when the provider gives them apart. */
  pros?: string;
  cons?: string;
}

export interface ReviewFacts {
  rating: number | null;
  count: number;
  /** Newest first; never the author. */
  quotes: ReviewQuote[];
}

/** The newest reviews with any words, each part whole or cut at a word, within MAX_QUOTES and QUOTES_BUDGET. */
export function reviewFacts(page: ProviderReviewsPage, offsetMinutes: number | null): ReviewFacts {
  const seen = new Set<string>();
  const quotes: ReviewQuote[] = [];
  let used = 0;
  for (const r of page.items) {
    if (quotes.length === MAX_QUOTES) break;
    const parts = reviewParts(r);
    if (parts === null) continue;
    // Short reviews often say the same thing: a summary quotes each once.
    const key = JSON.stringify([parts.text, parts.pros, parts.cons]);
    if (seen.has(key)) continue;
    const size = [parts.text, parts.pros, parts.cons].reduce((n, p) => n + (p === undefined ? 0 : Array.from(p).length), 0);
    // The newest review is always quoted; a later one only when it fits whole in what is left.
    if (quotes.length > 0 && used + size > QUOTES_BUDGET) continue;
    seen.add(key);
    used += size;
    quotes.push({ date: reviewDate(r, offsetMinutes), ...parts });
  }
  return { rating: page.rating, count: page.reviewsCount, quotes };
}

function reviewParts(r: ProviderReview): Omit<ReviewQuote, "date"> | null {
  const part = (value: string | null | undefined) => {
    const text = providerTextOrNull(value, "description");
    return text === null ? undefined : cutAtWord(text, REVIEW_PART_MAX);
  };
  const [text, pros, cons] = [part(r.text), part(r.pros), part(r.cons)];
  if (text === undefined && pros === undefined && cons === undefined) return null;
  return { ...(text === undefined ? {} : { text }), ...(pros === undefined ? {} : { pros }), ...(cons === undefined ? {} : { cons }) };
}

/** The text whole when it fits `max` code points; else cut after its last whole word, with "…". */
export function cutAtWord(text: string, max: number): string {
  const points = Array.from(text);
  if (points.length <= max) return text;
  const head = points.slice(0, max - 1).join("");
  const space = head.search(/\s\S*$/u);
  // One word longer than half the bound (a URL, a run of letters) is cut inside rather than dropped.
  const words = space > head.length / 2 ? head.slice(0, space) : head;
  return `${words.replace(/[\s,;:—–-]+$/u, "")}…`;
}

function reviewDate(r: ProviderReview, offsetMinutes: number | null): IsoDate | null {
  const value = r.createdAt ?? "";
  if (isIsoDate(value)) return value;
  const ts = parseOffsetDateTime(value);
  if (!ts) return null;
  // On the destination's calendar when we know its offset, else as the provider wrote it.
  return offsetMinutes === null ? isoDateAt(() => ts.epochMs, ts.offsetMinutes) : isoDateAt(() => ts.epochMs, offsetMinutes);
}
