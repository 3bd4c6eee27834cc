import type { CardT } from "./schemas.js";
import { WORDS, type ViewLang } from "./words.js";

// What one card shows, in reading order. Every fact is the tool's display string as stated; the
// view only formats the one number a card carries (kilometres to the centre) in the reader's locale.

export interface CardFacts {
  optionId: string;
  name: string;
  /** "★★★★" with its words for screen readers; absent without stars. */
  stars?: { glyphs: string; label: string };
  rating: string;
  /** The near point's phrase when the journey has one, else the distance to the centre. */
  distance?: string;
  price: string;
  /** Breakfast, cancellation, payment, fit, band, cashback: short lines under the price. */
  facts: string[];
  bookable: boolean;
}

export function distanceText(card: Pick<CardT, "near" | "distanceToCenterKm">, lang: ViewLang): string | undefined {
  if (card.near !== undefined) return card.near;
  if (card.distanceToCenterKm === undefined) return undefined;
  // Up to three decimals: the provider's figure as it is, never rounded to a different one.
  const km = new Intl.NumberFormat(lang === "ru" ? "ru-RU" : "en-GB", { maximumFractionDigits: 3 }).format(card.distanceToCenterKm);
  return WORDS[lang].fromCentre(km);
}

function fitText(card: CardT, lang: ViewLang): string | undefined {
  if (card.roomFitNote !== undefined) return card.roomFitNote;
  return card.roomFit === "fits" ? WORDS[lang].roomFits : undefined;
}

export function cardFacts(card: CardT, lang: ViewLang): CardFacts {
  const w = WORDS[lang];
  const distance = distanceText(card, lang);
  const facts = [
    card.breakfast,
    card.cancellation,
    card.payment,
    fitText(card, lang),
    card.band,
    card.hasRates === false ? w.noRates : undefined,
    card.cashback === undefined ? undefined : `${w.cashback} ${card.cashback}`,
  ].filter((f): f is string => f !== undefined && f !== "");
  return {
    optionId: card.optionId,
    name: card.name,
    ...(card.stars === undefined || card.stars <= 0 ? {} : { stars: { glyphs: "★".repeat(Math.min(5, Math.round(card.stars))), label: w.stars(card.stars) } }),
    rating: card.rating ?? w.noRating,
    ...(distance === undefined ? {} : { distance }),
    price: card.price,
    facts,
    bookable: card.hasRates !== false,
  };
}
