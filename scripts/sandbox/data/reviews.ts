import { addDays, dateAtOffset } from "./dates.js";
import type { Hotel } from "./hotels.js";
import { createRng } from "./prng.js";

export interface Review {
  reviewId: string;
  /** 1..10, scattered around the hotel's rating. */
  rating: number;
  /** An instant at the destination's offset; newest first. */
  createdAt: string;
  /** Real reviews carry the author's first name; the MCP must not repeat it. */
  authorName: string;
  /** May be empty: some guests only rate, and a review with pros or cons may have no general text. */
  text: string;
  /** What the guest liked and disliked, when the review form asked for them apart. */
  pros?: string;
  cons?: string;
}

const AUTHORS = ["Анна", "Игорь К.", "Мария", "Дмитрий", "Елена С.", "Алексей", "Ольга", "Сергей В.", "Наталья", "Павел"] as const;
const GOOD = [
  "Отличное расположение, до центра пешком.",
  "Чистый номер и удобная кровать.",
  "Вежливый персонал, заселили раньше времени.",
  "Вкусный завтрак, большой выбор.",
  "Тихо, хорошо выспались.",
  "Красивый вид из окна.",
  "Всё соответствует фотографиям.",
] as const;
const BAD = [
  "Слышно соседей через стены.",
  "Маленький номер, негде разложить вещи.",
  "Wi-Fi работал с перебоями.",
  "Долго ждали заселения.",
  "Завтрак однообразный.",
] as const;

// Days between two neighbouring reviews of a hotel: few-review hotels are reviewed rarely.
const spacing = (hotel: Hotel): number => Math.max(1, Math.min(30, Math.round(2000 / Math.max(1, hotel.reviewsCount))));

/**
 * Review `index` (0 = newest) of a hotel, relative to today at the destination's offset, so the
 * newest are always recent. Deterministic from the seed, the hotel, the index and the date.
 */
export function reviewAt(seed: string, hotel: Hotel, index: number, nowMs: number, utcOffset: string): Review {
  const rng = createRng(seed, "review", hotel.hotelId, index);
  const gap = spacing(hotel);
  const daysAgo = 1 + index * gap + rng.int(0, gap - 1);
  const base = hotel.rating ?? 8;
  const rating = Math.max(1, Math.min(10, Math.round(base + rng.float(-1.5, 1.5))));
  const sentences = rng.chance(0.1) ? [] : [...rng.sample(rating >= 7 ? GOOD : BAD, rng.int(1, 3)), ...(rng.chance(0.3) ? [rng.pick(rating >= 7 ? BAD : GOOD)] : [])];
  const hostile = index === 0 ? hotel.hostileText?.review : undefined;
  const review: Review = {
    reviewId: `${hotel.hotelId}-r${index + 1}`,
    rating,
    createdAt: `${addDays(dateAtOffset(nowMs, utcOffset), -daysAgo)}T${String(rng.int(8, 22)).padStart(2, "0")}:${String(rng.int(0, 59)).padStart(2, "0")}:00${utcOffset}`,
    authorName: rng.pick(AUTHORS),
    text: hostile ?? sentences.join(" "),
  };
  // Drawn last, so the reviews written as one text stay what they were. About a third come from a
  // form with separate "liked" and "disliked" boxes: the same sentences, sorted into the two.
  if (hostile !== undefined || sentences.length === 0 || !rng.chance(0.35)) return review;
  const pros = sentences.filter((s) => (GOOD as readonly string[]).includes(s)).join(" ");
  const cons = sentences.filter((s) => (BAD as readonly string[]).includes(s)).join(" ");
  return { ...review, text: "", ...(pros === "" ? {} : { pros }), ...(cons === "" ? {} : { cons }) };
}

/** One page of a hotel's reviews, newest first; the hotel's reviewsCount is the total. */
export function reviewsPage(seed: string, hotel: Hotel, offset: number, limit: number, nowMs: number, utcOffset: string): Review[] {
  const end = Math.min(hotel.reviewsCount, offset + limit);
  return Array.from({ length: Math.max(0, end - offset) }, (_, i) => reviewAt(seed, hotel, offset + i, nowMs, utcOffset));
}
