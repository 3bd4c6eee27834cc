import { z } from "zod";
import { LanguageInput } from "../../../shared/locale.js";
import { CURRENCY_PATTERN } from "../../../shared/money.js";
import { isIsoDate, nightsBetween } from "../../../shared/time.js";
import type { IsoDate } from "../../../shared/time.js";
import { AMENITIES, type Amenity } from "./amenities.js";
import { hardFiltersShape, pickFilters, type HardFilters } from "./filters.js";
import { RANKINGS } from "./types.js";
import type { FieldError, HotelPreferencesInput, Ranking, Room } from "./types.js";
import { err, ok, type Result } from "../../../shared/result.js";

export const MAX_NIGHTS = 30;
export const MAX_ROOMS = 5;
export const MAX_ADULTS_PER_ROOM = 6;
export const MAX_CHILDREN_PER_ROOM = 4;
export const DEFAULT_MAX_OPTIONS = 10;

const missingOr = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? "required" : message;

// A child without an age is refused rather than guessed: the price depends on it.
const ChildAge = z
  .int({ error: (i) => (i.input === undefined || i.input === null ? "child age is missing: ask for it, do not guess" : "child age must be a whole number of years") })
  .min(0, "child age must be 0..17")
  .max(17, "child age must be 0..17 (an 18-year-old counts as an adult)");
const Adults = z.int({ error: missingOr("adults must be a whole number") }).min(1, "at least 1 adult per room").max(MAX_ADULTS_PER_ROOM, `at most ${MAX_ADULTS_PER_ROOM} adults per room`);
const StayDate = z.string({ error: missingOr("expected a date YYYY-MM-DD") }).refine(isIsoDate, "not a real calendar date (YYYY-MM-DD)");
const Text = z.string().trim().min(1, "must not be empty").max(200);
const MaxOptions = z.int().min(1).max(20);

export const RoomSchema = z.strictObject({
  adults: Adults,
  childrenAges: z.array(ChildAge).max(MAX_CHILDREN_PER_ROOM, `at most ${MAX_CHILDREN_PER_ROOM} children per room`).optional(),
});

export const HotelPreferencesSchema = z.strictObject({
  pricePerNight: z.strictObject({
    min: z.number().min(0),
    max: z.number().min(0),
    currency: z.string().regex(CURRENCY_PATTERN, "not an ISO 4217 currency code"),
  }),
  ranking: z.literal("best_value").optional(),
  showAlternativesOutsideBand: z.boolean().optional(),
});

// A raw shape, because the MCP SDK registers tools from one; wrap it with z.strictObject (below)
// so unknown fields are rejected instead of silently stripped.
export const planStayInputShape = {
  destination: Text.describe("City name, e.g. «Казань»").optional(),
  checkinDate: StayDate.describe("YYYY-MM-DD"),
  checkoutDate: StayDate.describe("YYYY-MM-DD, ≤30 nights"),
  rooms: z.array(RoomSchema).min(1, "at least one room").max(MAX_ROOMS, `at most ${MAX_ROOMS} rooms`).optional(),
  language: LanguageInput.optional(),
  ranking: z.enum(RANKINGS).optional(),
  maxOptions: MaxOptions.describe("Default 10").optional(),
  breakfastIncluded: z.boolean().optional(),
  amenities: z.array(z.enum(AMENITIES)).min(1).max(AMENITIES.length).meta({ minItems: undefined, maxItems: undefined }).optional(),
  hotelName: Text.describe("A hotel among the results").optional(),
  near: Text.describe("Landmark or address").optional(),
  hotelPreferences: HotelPreferencesSchema.describe("From the banking MCP, unchanged").optional(),
  ...hardFiltersShape,
  // Bounded aliases: normalized below, never together with their canonical field.
  // Aliases whose name says what they stand for are advertised without a description.
  location: Text.optional(),
  guests: Adults.describe("Alias of rooms[0].adults").optional(),
  adultsCount: Adults.describe("Alias of rooms[0].adults").optional(),
  childrenAge: z.union([ChildAge, z.array(ChildAge).max(MAX_CHILDREN_PER_ROOM)]).optional(),
  limit: MaxOptions.optional(),
};

export const PlanStayInputSchema = z.strictObject(planStayInputShape);
export type PlanStayInput = z.infer<typeof PlanStayInputSchema>;

export interface PlanStayRequest {
  destination: string;
  checkinDate: IsoDate;
  checkoutDate: IsoDate;
  nights: number;
  rooms: Room[];
  language?: string;
  ranking?: Ranking;
  maxOptions: number;
  breakfastIncluded?: boolean;
  /** Each amenity once, as asked; plan_stay splits them into provider filters and local checks. */
  amenities?: Amenity[];
  /** Set by the plan: the amenities the destination's filter catalogue offers, sent with every search page. */
  providerAmenities?: Amenity[];
  hotelName?: string;
  /** A landmark or address, as given; the journey stores the point it resolved to (destination.near). */
  near?: string;
  hotelPreferences?: HotelPreferencesInput;
  /** Hard filters: stored with the journey, applied locally to the whole collection. */
  filters?: HardFilters;
}

export type PlanStayParse = Result<PlanStayRequest, FieldError[]>;

// [canonical, alias] pairs that must not arrive together; guests/adultsCount are both adult counts.
const CONFLICTS: readonly (readonly [string, string])[] = [
  ["destination", "location"],
  ["maxOptions", "limit"],
  ["rooms", "guests"],
  ["rooms", "adultsCount"],
  ["rooms", "childrenAge"],
  ["adultsCount", "guests"],
];

export function fieldPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) out += typeof part === "number" ? `[${part}]` : `${out ? "." : ""}${String(part)}`;
  return out;
}

export function issuesToErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  const errors: FieldError[] = [];
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        const hint = key === "children" ? "; pass childrenAges with one age (0..17) per child" : "";
        errors.push({ field: fieldPath([...issue.path, key]), message: `unknown field${hint}` });
      }
    } else {
      errors.push({ field: fieldPath(issue.path) || "(input)", message: issue.message });
    }
  }
  return errors;
}

function semanticErrors(raw: Record<string, unknown>, today: IsoDate): FieldError[] {
  const errors: FieldError[] = [];
  const has = (key: string) => raw[key] !== undefined;
  for (const [canonical, alias] of CONFLICTS) {
    if (has(canonical) && has(alias)) {
      errors.push({ field: alias, message: `both ${canonical} and its alias ${alias} were given: pass only ${canonical}` });
    }
  }
  if (!has("destination") && !has("location")) errors.push({ field: "destination", message: "required: a city name" });
  if (!has("rooms") && !has("guests") && !has("adultsCount")) {
    errors.push({ field: "rooms", message: "required: rooms [{ adults, childrenAges }] (or guests: number of adults)" });
  }
  const { checkinDate: inDate, checkoutDate: outDate } = raw;
  if (isIsoDate(inDate) && isIsoDate(outDate)) {
    const nights = nightsBetween(inDate, outDate);
    if (nights < 1) errors.push({ field: "checkoutDate", message: "must be after checkinDate" });
    else if (nights > MAX_NIGHTS) errors.push({ field: "checkoutDate", message: `at most ${MAX_NIGHTS} nights (got ${nights})` });
  }
  if (isIsoDate(inDate) && inDate < today) errors.push({ field: "checkinDate", message: `is in the past (today is ${today})` });
  const band = (raw.hotelPreferences as { pricePerNight?: { min?: unknown; max?: unknown } } | undefined)?.pricePerNight;
  if (typeof band?.min === "number" && typeof band.max === "number" && band.min > band.max) {
    errors.push({ field: "hotelPreferences.pricePerNight", message: "min must not exceed max" });
  }
  return errors;
}

function dedupe(errors: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = `${e.field}\u0000${e.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function toRequest(input: PlanStayInput): PlanStayRequest {
  const ages = input.childrenAge === undefined ? [] : Array.isArray(input.childrenAge) ? input.childrenAge : [input.childrenAge];
  const adults = input.guests ?? input.adultsCount ?? 0;
  const rooms = input.rooms?.map((r) => ({ adults: r.adults, childrenAges: r.childrenAges ?? [] })) ?? [{ adults, childrenAges: ages }];
  const request: PlanStayRequest = {
    destination: input.destination ?? input.location ?? "",
    checkinDate: input.checkinDate,
    checkoutDate: input.checkoutDate,
    nights: nightsBetween(input.checkinDate, input.checkoutDate),
    rooms,
    maxOptions: input.maxOptions ?? input.limit ?? DEFAULT_MAX_OPTIONS,
  };
  if (input.language !== undefined) request.language = input.language;
  if (input.ranking !== undefined) request.ranking = input.ranking;
  if (input.breakfastIncluded !== undefined) request.breakfastIncluded = input.breakfastIncluded;
  if (input.amenities !== undefined) request.amenities = [...new Set(input.amenities)];
  if (input.hotelName !== undefined) request.hotelName = input.hotelName;
  if (input.near !== undefined) request.near = input.near;
  if (input.hotelPreferences !== undefined) request.hotelPreferences = input.hotelPreferences;
  const filters = pickFilters(input);
  if (filters) request.filters = filters;
  return request;
}

// Structural (zod) and semantic problems are collected together, so one answer lists them all.
// `today` is the caller's calendar date (e.g. isoDateAt(now, 180) for Moscow), injected for tests.
export function parsePlanStayInput(raw: unknown, today: IsoDate): PlanStayParse {
  const parsed = PlanStayInputSchema.safeParse(raw);
  const record = typeof raw === "object" && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const errors = dedupe([...(parsed.success ? [] : issuesToErrors(parsed.error.issues)), ...semanticErrors(record, today)]);
  if (errors.length > 0 || !parsed.success) return err(errors);
  return ok(toRequest(parsed.data));
}
