import { reviewsPage, type Review } from "../../scripts/sandbox/data/reviews.js";
import { formatIsoDate } from "../../shared/time.js";
import type { Lang } from "../../shared/locale.js";
import { TEST_EPOCH } from "../fixtures/clock.js";
import { EVAL_SEED, kazanHotel } from "./sandbox-facts.js";

// The newest Казань reviews with words, as the sandbox writes them: what a details answer must quote
// whole, with each guest's pros and cons apart when the review gives them so.

const LABELS: Record<Lang, { pros: string; cons: string }> = { ru: { pros: "плюсы", cons: "минусы" }, en: { pros: "pros", cons: "cons" } };

export interface QuotedReviews {
  /** The three newest reviews with any words (the sandbox's are short: all fit the answer whole). */
  reviews: Review[];
  /** What the text channel must show of each: its date, then its text, pros and cons, each whole and labelled. */
  lines: string[];
  /** The facts both channels carry: each part whole (structured content labels them by their keys, pros and cons). */
  parts: string[];
}

export function kazanReviews(position: number, lang: Lang): QuotedReviews {
  const { hotel } = kazanHotel(position);
  const withWords = reviewsPage(EVAL_SEED, hotel, 0, 10, TEST_EPOCH, "+03:00").filter((r) => r.text !== "" || r.pros !== undefined || r.cons !== undefined);
  const reviews = withWords.slice(0, 3);
  const l = LABELS[lang];
  const lines = reviews.map((r) => {
    const parts = [r.text !== "" ? `"${r.text}"` : undefined, r.pros === undefined ? undefined : `${l.pros}: "${r.pros}"`, r.cons === undefined ? undefined : `${l.cons}: "${r.cons}"`];
    return `${formatIsoDate(r.createdAt.slice(0, 10), lang)}: ${parts.filter((p) => p !== undefined).join("; ")}`;
  });
  const parts = reviews.flatMap((r) => [r.text, r.pros ?? "", r.cons ?? ""].filter((p) => p !== "").map((p) => `"${p}"`));
  return { reviews, lines, parts };
}
