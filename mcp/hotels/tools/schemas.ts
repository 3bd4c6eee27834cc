import { z } from "zod";
import { RANKINGS, type Ranking } from "../journey/types.js";

// Output schema pieces shared by the journey tools. Every byte here is paid for in tools/list
// tokens, so the advertised schemas name the top-level fields and leave nested objects open; the
// TypeScript types below keep their content exact.

// Checked, not advertised: the bounds of an opaque id tell a model nothing, and this schema is
// repeated in every journey tool of tools/list.
export const JourneyIdInput = z.string().min(1).max(64).meta({ minLength: undefined, maxLength: undefined });
export const OptionIdInput = z.string().min(1).max(40).meta({ minLength: undefined, maxLength: undefined });
export const RankingInput = z.enum(RANKINGS);

// `{"type":"object"}` in tools/list and `unknown` to the SDK's parse: nested payloads are typed by
// the functions that build them, and each open object costs four tokens instead of a full schema.
export const AnyObject = z.unknown().meta({ type: "object" });
/** `{}` in tools/list: an optional field (usually a scalar) that the result builder types. */
export const OptionalAnyValue = z.unknown().optional();
/** `{"type":"array"}` in tools/list: a list whose items the building functions type. */
export const AnyArray = z.unknown().meta({ type: "array" });

/** The tool's root schema without the `$schema` URL, which tools/list would repeat for every schema. */
export function withoutSchemaUrl<T extends z.ZodObject>(schema: T): T {
  return schema.meta({ $schema: undefined });
}

// retryAllowed is said on failures and refusals only: on a successful answer `false` reads like an error.
export const Base = { retryAllowed: z.boolean().optional(), nextStep: z.string().optional() };
export const Failure = { ...Base, errors: AnyArray.optional(), provider: AnyObject.optional() };

export const Page = { options: AnyArray.optional(), total: OptionalAnyValue, hasMore: OptionalAnyValue };

export const RankingFields = {
  ranking: OptionalAnyValue,
  priceBand: OptionalAnyValue,
  preferencesNotApplied: OptionalAnyValue,
  currencyNote: OptionalAnyValue,
  alternatives: AnyArray.optional(),
};
/** Listings and comparisons; a plan says it inside its `cashback` line instead (one field fewer in tools/list). */
export const CashbackCoverageField = { cashbackCoverage: OptionalAnyValue };

export interface RankingFieldsT {
  ranking: Ranking;
  /** The hotelPreferences band, whether ranking used it, and where the options shown sit against it. */
  priceBand?: string;
  preferencesNotApplied?: "ranking_not_best_value" | "currency_mismatch";
  currencyNote?: string;
  /** highest_cashback: how many options have a stated percent, and that the others are listed last. */
  cashbackCoverage?: string;
}

/** An option just outside the band with a good rating: offered apart from the recommendation, by name. */
export interface AlternativeT {
  optionId: string;
  name: string;
  /** The card's price phrase: the total for the stay and the price per night. */
  price: string;
  side: "below" | "above";
  /** How far outside the band its per-night price is, in whole percent (at least 1). */
  deviationPercent: number;
  /** "на 12 % выше диапазона, рейтинг 9,1/10": why it is offered. */
  why: string;
}

export const Coverage = { searchCoverage: AnyObject.optional() };
/** What a checkout read with timeout retries reports (journey/checkout-retry.ts `AttemptSummary`). */
export const AttemptFields = { attempts: OptionalAnyValue, durationMs: OptionalAnyValue, failureKind: OptionalAnyValue };
export const Candidates = { destination: AnyObject.optional(), candidates: AnyArray.optional() };

export interface CoverageT {
  coverageLevel: "complete" | "substantial" | "partial";
  coverageRatio: number;
  collectedCount: number;
  reportedCount?: number;
  requestsMade: number;
  truncated?: true;
  /** reportedCount − collectedCount: hotels the provider reported that no page has shown yet. */
  notYetSeen?: number;
  continuationAvailable?: true;
  continuationRecommended?: true;
}

/** One option as both channels show it: display strings an answer can quote as they are. */
export interface OptionCardT {
  optionId: string;
  name: string;
  stars?: number;
  /** "9,9/10 (2344 отз.)"; absent when the provider has no rating. */
  rating?: string;
  /** Kilometres to the city centre, as the provider measures it. */
  distanceToCenterKm?: number;
  /** "0,4 км до "Казанский Кремль"": the distance to the journey's near point, when it has one. */
  near?: string;
  /** "от 15 585,50 ₽ за 2 ночи, 7 792,75 ₽ за ночь": «от» while it is the search price, not a loaded rate's. */
  price: string;
  /** "завтрак в цене" only when the meal name confirms it for the shown price. */
  breakfast: string;
  /** Read against now: a deadline already past is "ended", a penalty equal to the price "non-refundable". */
  cancellation: string;
  /** The total as a decimal string and its ISO currency, beside the display. */
  totalDecimal: string;
  currency: string;
  /** Prepay or pay at the hotel, once the option's rates are loaded. */
  payment?: string;
  /** Whether a room holds one room of the party (every card for more than two a room, else only "does_not_fit"). */
  roomFit?: "fits" | "does_not_fit" | "unknown";
  /** roomFit in words: "есть номер на 3 гостей", "no room for 3 guests (price is for a room for 2 guests)". */
  roomFitNote?: string;
  /** Where the per-night price sits against the hotelPreferences band. */
  band?: string;
  hasRates?: false;
  /** T-Bank cashback percent as the provider states it, only when above zero: "5 %". */
  cashback?: string;
}

/** A compared option: the card's facts plus the address and the meal name; its rank is its position. */
export type ComparisonRowT = OptionCardT & { address: string; meal: string };

/**
 * Accepts any object at the SDK boundary but advertises `schema` in tools/list, so the handler
 * parses once and reports every problem together as a structured invalid_input (the SDK would
 * stop at the first failing field with an unstructured error text).
 */
export function advertise(schema: z.ZodType, edit: (json: Record<string, unknown>) => void = () => undefined): z.ZodObject {
  const { $schema: _drop, ...json } = z.toJSONSchema(schema, { target: "draft-7", io: "input" });
  edit(json);
  return z.looseObject({}).meta({ ...json, $schema: undefined });
}

const BOUNDS = ["minLength", "maxLength", "minimum", "maximum", "exclusiveMinimum", "minItems", "maxItems", "pattern"];

/** Drops the bounds of an advertised schema and of everything inside it: for a handler that checks them all and names the field. */
export function unbound(schema: Record<string, unknown>): void {
  for (const key of BOUNDS) delete schema[key];
  for (const child of [schema.items, ...Object.values((schema.properties ?? {}) as Record<string, unknown>)]) {
    if (typeof child === "object" && child !== null) unbound(child as Record<string, unknown>);
  }
}
