import { z } from "zod";
import { RANKINGS } from "../journey/types.js";

// Output schema pieces shared by the journey tools. Every byte here is paid for in tools/list
// tokens, so the wire schemas name the top-level fields and leave nested objects open; the
// TypeScript types below keep their content exact.

export const JourneyIdInput = z.string().min(1).max(64);
export const RankingInput = z.enum(RANKINGS);

// `{"type":"object"}` on the wire and `unknown` to the SDK's parse: nested payloads are typed by
// the functions that build them, and each open object costs four tokens instead of a full schema.
export const Obj = z.unknown().meta({ type: "object" });
/** `{}` on the wire: an optional scalar the result builder types (the name carries the meaning). */
export const Field = z.unknown().optional();
/** `{"type":"array"}` on the wire: a list whose items the building functions type. */
export const List = z.unknown().meta({ type: "array" });

/** The tool's root schema without the `$schema` URL, which tools/list would repeat for every schema. */
export function wire<T extends z.ZodObject>(schema: T): T {
  return schema.meta({ $schema: undefined });
}

export const Base = { retryAllowed: z.boolean(), nextStep: z.string().optional() };
export const Failure = { ...Base, errors: List.optional(), provider: Obj.optional() };

export const Page = { options: List.optional(), total: Field, hasMore: Field };

export const RankingFields = {
  ranking: Field,
  preferencesApplied: Obj.optional(),
  preferenceAlternatives: Obj.optional(),
  currencyNote: Field,
};

export const Coverage = { searchCoverage: Obj.optional() };
export const Candidates = { destination: Obj.optional(), candidates: List.optional() };

export type BreakfastEvidence = "confirmed_by_meal_name" | "excluded_by_meal_name" | "not_confirmed_for_displayed_price";

export interface OptionCardT {
  optionId: string;
  name: string;
  stars: number | null;
  rating: number | null;
  reviewsCount: number;
  distanceKm: number | null;
  totalPriceDisplay: string;
  pricePerNightDisplay: string;
  currency: string;
  stayNights: number;
  mealName: string | null;
  breakfastEvidence: BreakfastEvidence;
  cancellationDisplay: string;
  coverPhotoUrl: string | null;
  photosCount: number;
  hasRates: boolean;
  bandPosition?: "inside" | "below" | "above";
}

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
