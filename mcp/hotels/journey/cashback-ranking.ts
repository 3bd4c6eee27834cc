import type { PublicOption } from "./options.js";

// highest_cashback: the collection ordered by the percent the provider states for each hotel, as
// stated (a percent is never turned into a sum: the cap makes any such sum wrong past it).

/** What the ranking reads of the journey's cashback (journey/value.ts). */
export interface CashbackPercents {
  /** Percent by optionId; an option missing here has no stated percent. */
  percents: Readonly<Record<string, number>>;
  /** The percents call failed: nothing is known, the order stays the provider's. */
  unavailable: boolean;
}

export interface CashbackCoverage {
  /** Options of the collection with a stated percent (0 included), of all the collection's options. */
  stated: number;
  of: number;
  /** The options without one, listed after every option with one. */
  unstatedIds: string[];
  /** How many of them the listing still holds (hard filters may have removed some). */
  unstatedListed: number;
  unavailable: boolean;
}

/**
 * Highest stated percent first; ties keep the provider's order (sort is stable). Options with no
 * stated percent come after all the others, and the coverage says how many there are. `usableFirst`
 * orders each part as every ranking does: options that can be booked for the party before the rest.
 */
export function rankByCashback(
  options: readonly PublicOption[],
  cashback: CashbackPercents | undefined,
  usableFirst: (part: readonly PublicOption[]) => PublicOption[],
): { orderedIds: string[]; coverage: CashbackCoverage } {
  const ids = (list: readonly PublicOption[]) => list.map((o) => o.optionId);
  if (!cashback || cashback.unavailable) {
    return { orderedIds: ids(options), coverage: { stated: 0, of: options.length, unstatedIds: ids(options), unstatedListed: options.length, unavailable: true } };
  }
  const percent = (o: PublicOption) => cashback.percents[o.optionId];
  const stated = options.filter((o) => percent(o) !== undefined).sort((a, b) => (percent(b) ?? 0) - (percent(a) ?? 0));
  const unstated = options.filter((o) => percent(o) === undefined);
  return {
    orderedIds: ids([...usableFirst(stated), ...usableFirst(unstated)]),
    coverage: { stated: stated.length, of: options.length, unstatedIds: ids(unstated), unstatedListed: unstated.length, unavailable: false },
  };
}
