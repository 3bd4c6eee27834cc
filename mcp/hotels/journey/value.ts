import type { HotelsContext } from "../context.js";
import { decimalFromProviderNumber, isCurrency, type Decimal } from "../../../shared/money.js";
import { CASHBACK_BATCH_MAX, type ProviderInstalmentOffer, type ProviderMoney } from "../provider/index.js";
import type { JourneyOption } from "./options.js";
import type { LoadedRates } from "./rates.js";

// T-Bank's own value on a stay, read beside the journey's main calls: cashback percents for the
// options (batched, once per plan or continuation, plus the search's maximum) and instalment offers for
// a rates load (one call). They decide an answer only when the person asks by them (highest_cashback,
// minCashbackPercent); a failed or slow call leaves the fields out and the answer says "no data".
// Every figure is the provider's; nothing here multiplies a percent by a price.

/** Each extra call waits at most this long: the plan or the rates are the answer, not these. */
export const VALUE_CALL_TIMEOUT_MS = 3_000;

export interface AmountFacts {
  amountDecimal: Decimal;
  currency: string;
}

export interface JourneyCashback {
  /** Percent by optionId, as stated (0 included); options the provider left out have none. */
  percents: Readonly<Record<string, number>>;
  /** The search's highest percent and the per-booking cap, when that call answered. */
  max: { percent: number; cap: AmountFacts | null } | null;
  /** The percents call failed or was refused: cards carry nothing and the plan says "no data". */
  unavailable: boolean;
}

export interface InstalmentFacts {
  paymentsCount: number;
  periodDays: number;
  first: AmountFacts;
  /** Each later payment, when stated. */
  next: AmountFacts | null;
  /** Null when the provider states none; zero is "no overpayment". */
  overpayment: AmountFacts | null;
}

/** After a rates load: offers attached to their rates, none offered, or the call failed. */
export type InstalmentsStatus = "offered" | "none" | "unavailable";

type Ctx = Pick<HotelsContext, "provider">;

/** Money as a fact, or null when the provider's amount or currency cannot be shown as stated. */
function amount(money: ProviderMoney | null | undefined): AmountFacts | null {
  if (!money || !isCurrency(money.currency) || !Number.isFinite(money.value) || money.value < 0) return null;
  return { amountDecimal: decimalFromProviderNumber(money.value), currency: money.currency };
}

/** What one collection's cashback calls answered: percents by hotelId, and the search's maximum. */
interface CollectionEntry {
  byHotel: Map<string, number>;
  max: JourneyCashback["max"];
}

/**
 * Cashback by collection. Journeys that share a collection (the search cache reuses one for 30 s)
 * share its cashback, so a re-ranked or repeated plan makes no call, as it makes no search; a
 * failed ask is not kept. The calls carry no caller signal: the answer is shared, like the collection.
 */
export class CollectionCashback {
  readonly #entries = new WeakMap<object, Promise<CollectionEntry | null>>();

  entry(collection: object, ask: () => Promise<CollectionEntry | null>): Promise<CollectionEntry | null> {
    const known = this.#entries.get(collection);
    if (known) return known;
    const asked = ask();
    this.#entries.set(collection, asked);
    void asked.then((e) => {
      if (e === null) this.#entries.delete(collection);
    });
    return asked;
  }

  peek(collection: object): Promise<CollectionEntry | null> | undefined {
    return this.#entries.get(collection);
  }
}

/**
 * Batches one collection may ask for: highest_cashback ranks the whole collection, so every hotel
 * is asked about, but a provider answering thousands of hotels must not cost a call per page.
 */
export const CASHBACK_MAX_BATCHES = 4;

async function percentsByHotel(ctx: Ctx, hotelIds: readonly string[]): Promise<Map<string, number> | null> {
  if (hotelIds.length === 0) return new Map();
  const batches: string[][] = [];
  for (let i = 0; i < hotelIds.length && batches.length < CASHBACK_MAX_BATCHES; i += CASHBACK_BATCH_MAX) batches.push(hotelIds.slice(i, i + CASHBACK_BATCH_MAX));
  // One failed batch costs only its own hotels (the coverage line counts them); all failed is "no data".
  const settled = await Promise.allSettled(batches.map((batch) => ctx.provider.api.cashbackPercents({ hotelIds: batch }, { timeoutMs: VALUE_CALL_TIMEOUT_MS })));
  const answers = settled.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  if (answers.length === 0) return null;
  return new Map(answers.flatMap((a) => a.items.flatMap((i) => (i.percent === undefined ? [] : [[i.hotelId, i.percent] as const]))));
}

async function maxOf(ctx: Ctx, query: { destinationId: string; checkinDate: string; checkoutDate: string }): Promise<JourneyCashback["max"]> {
  try {
    const answer = await ctx.provider.api.maxCashback(query, { timeoutMs: VALUE_CALL_TIMEOUT_MS });
    return { percent: answer.maxPercent, cap: amount(answer.maxAmount) };
  } catch {
    return null;
  }
}

const hotelIdsOf = (options: readonly JourneyOption[]): string[] => [...new Set(options.flatMap((o) => (o.hotelId === null ? [] : [o.hotelId])))];

/** The journey's percents: by its own optionIds, for the options whose hotel has a stated percent. */
function byOption(options: readonly JourneyOption[], byHotel: ReadonlyMap<string, number>): Record<string, number> {
  const percents: Record<string, number> = {};
  for (const o of options) {
    const percent = o.hotelId === null ? undefined : byHotel.get(o.hotelId);
    if (percent !== undefined) percents[o.public.optionId] = percent;
  }
  return percents;
}

/** A plan's cashback: the collection's percents and the search's maximum, two calls side by side, once per collection. */
export async function planCashback(
  ctx: Ctx & Pick<HotelsContext, "collectionCashback">,
  collection: object,
  options: readonly JourneyOption[],
  search: { destinationId: string; checkinDate: string; checkoutDate: string },
): Promise<JourneyCashback> {
  const entry = await ctx.collectionCashback.entry(collection, async () => {
    const [byHotel, max] = await Promise.all([percentsByHotel(ctx, hotelIdsOf(options)), maxOf(ctx, search)]);
    return byHotel === null ? null : { byHotel, max };
  });
  return entry === null ? { percents: {}, max: null, unavailable: true } : { percents: byOption(options, entry.byHotel), max: entry.max, unavailable: false };
}

/**
 * After a continuation: one call for the hotels no earlier call covered (the collection's answer is
 * extended for the journeys sharing it); a failure keeps what was known.
 */
export async function moreCashback(
  ctx: Ctx & Pick<HotelsContext, "collectionCashback">,
  collection: object,
  known: JourneyCashback | undefined,
  options: readonly JourneyOption[],
): Promise<JourneyCashback | undefined> {
  if (!known || known.unavailable) return known;
  const entry = await ctx.collectionCashback.peek(collection);
  const covered = new Map([...(entry?.byHotel ?? [])]);
  const unseen = hotelIdsOf(options.filter((o) => !(o.public.optionId in known.percents))).filter((id) => !covered.has(id));
  const asked = await percentsByHotel(ctx, unseen);
  if (asked === null) return known;
  for (const [hotelId, percent] of asked) {
    covered.set(hotelId, percent);
    entry?.byHotel.set(hotelId, percent);
  }
  return { ...known, percents: { ...known.percents, ...byOption(options, covered) } };
}

function instalmentFacts(offer: ProviderInstalmentOffer): InstalmentFacts | null {
  const first = amount(offer.firstPayment);
  if (!first) return null;
  return { paymentsCount: offer.paymentsCount, periodDays: offer.periodDays, first, next: amount(offer.nextPayment), overpayment: amount(offer.overpayment) };
}

/**
 * The rates with the provider's instalment offers attached, by rateId: one call per rates load,
 * only when something is bookable. A failure leaves the rates as they were, marked `unavailable`.
 */
export async function withInstalments(
  ctx: Ctx,
  hotelId: string,
  stay: { checkinDate: string; checkoutDate: string; guests: { adultsCount: number; childrenAges: number[] }[] },
  loaded: LoadedRates,
  signal: AbortSignal,
): Promise<LoadedRates> {
  if (loaded.status !== "ready") return loaded;
  let offers: readonly ProviderInstalmentOffer[];
  try {
    offers = (await ctx.provider.api.bnplOffer(hotelId, stay, { signal, timeoutMs: VALUE_CALL_TIMEOUT_MS })).offers;
  } catch {
    return { ...loaded, instalments: "unavailable" };
  }
  const byRateId = new Map(offers.map((o) => [o.rateId, o]));
  const rateIds = new Map(loaded.private.map((p) => [p.rateNumber, p.rateId]));
  let offered = false;
  const rates = loaded.rates.map((r) => {
    const offer = byRateId.get(rateIds.get(r.rateNumber) ?? "");
    const facts = offer && r.bookable ? instalmentFacts(offer) : null;
    if (!facts) return r;
    offered = true;
    return { ...r, instalment: facts };
  });
  return { ...loaded, rates, instalments: offered ? "offered" : "none" };
}
