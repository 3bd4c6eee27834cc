import { z } from "zod";

// The two languages answers are written in. Provider text (hotel, room and meal names) is shown as
// the provider sent it; everything the toolkit writes itself (labels, money, dates) follows this.
export const LANGS = ["ru", "en"] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = "ru";

// "ru", "en", or either with a region ("ru-RU", "en-US", "en-GB"): the seed's examples use ru-RU.
export const LANGUAGE_TAG = /^(ru|en)(-[A-Z]{2})?$/;
export const LanguageInput = z.string().regex(LANGUAGE_TAG, "ru or en (ru-RU, en-US also accepted)");

export function langOf(tag: string | undefined): Lang {
  return tag?.startsWith("en") === true ? "en" : DEFAULT_LANG;
}

/** What a missing fact reads as: never a guess such as "non-refundable" or "free cancellation". */
export function missing(lang: Lang): string {
  return lang === "en" ? "no data" : "нет данных";
}
