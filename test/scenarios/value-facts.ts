import { createCatalog } from "../../scripts/sandbox/data/catalog.js";
import { cashbackPercentFor, CASHBACK_CAP, instalmentOfferFor, maxCashbackPercent, type InstalmentOffer } from "../../scripts/sandbox/data/value.js";
import { EVAL_SEED, kazanHotel, type HotelFacts } from "./sandbox-facts.js";

// T-Bank value in the eval sandbox's Казань weekend (12–14 March, two adults): cashback and
// instalment offers as the sandbox states them, for scenarios to expect (journey/value.ts shows them).

const catalog = createCatalog(EVAL_SEED, () => "http://sandbox.invalid");
const kazan = catalog.locations.find((l) => l.name === "Казань");
if (!kazan) throw new Error("value-facts: no Казань");

/** The destination's highest percent and the per-booking cap (cashback_max). */
export const KAZAN_MAX_CASHBACK = { percent: maxCashbackPercent(EVAL_SEED, catalog.hotelsOf(kazan.id)), cap: CASHBACK_CAP.value };

export function cashbackOf(facts: HotelFacts): number {
  return cashbackPercentFor(EVAL_SEED, facts.hotel);
}

/** The rate numbers (1-based, as the tools number them) with an offer, and each offer. */
export function instalmentsOf(facts: HotelFacts): { rateNumber: number; offer: InstalmentOffer }[] {
  return facts.rates.flatMap((r) => {
    const offer = instalmentOfferFor(EVAL_SEED, facts.hotel, r);
    return offer ? [{ rateNumber: r.rateIndex + 1, offer }] : [];
  });
}

/**
 * The first Казань hotel (provider order, among the ten a plan shows) that `accept` takes, with its
 * position: scenarios pick by what the sandbox states, not by a hard-coded name.
 */
export function kazanPick(accept: (facts: HotelFacts) => boolean): { position: number; facts: HotelFacts } {
  for (let position = 0; position < 10; position++) {
    const facts = kazanHotel(position);
    if (facts.hotel.hasRates && !facts.hotel.feedWithoutId && accept(facts)) return { position, facts };
  }
  throw new Error("value-facts: no Казань hotel among the first ten fits");
}
