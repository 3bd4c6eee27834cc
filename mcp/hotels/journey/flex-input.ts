import { z } from "zod";
import { LanguageInput } from "../../../shared/locale.js";
import { addDays, isIsoDate, nightsBetween, type IsoDate } from "../../../shared/time.js";
import { hardFiltersShape, pickFilters, type HardFilters } from "./filters.js";
import { DEFAULT_MAX_OPTIONS, issuesToErrors, MAX_ROOMS, RoomSchema, type PlanStayRequest } from "./input.js";
import type { FieldError, Room } from "./types.js";
import { err, ok, type Result } from "../../../shared/result.js";

// Each check-in date is one provider search: the window and the stay are bounded so one call
// cannot ask for more than a month of searches, and a stay stays one a person would move.
export const MAX_WINDOW_DAYS = 31;
export const MAX_FLEX_NIGHTS = 14;

/** Weekends: check in Friday for two nights (Fri–Sun), or Saturday for one (Sat–Sun). */
export const WEEKENDS = { fri_sun: { weekday: 5, nights: 2 }, sat_sun: { weekday: 6, nights: 1 } } as const;
export type Weekend = keyof typeof WEEKENDS;

const StayDate = z.string().refine(isIsoDate, "not a real calendar date (YYYY-MM-DD)");

export const FlexInputSchema = z.strictObject({
  destination: z.string().trim().min(1).max(200),
  rooms: z.array(RoomSchema).min(1, "at least one room").max(MAX_ROOMS, `at most ${MAX_ROOMS} rooms`),
  checkinFrom: StayDate,
  checkinTo: StayDate,
  nights: z.int().min(1).max(MAX_FLEX_NIGHTS).optional(),
  weekend: z.enum(Object.keys(WEEKENDS) as [Weekend, ...Weekend[]]).optional(),
  language: LanguageInput.optional(),
  breakfastIncluded: z.boolean().optional(),
  maxPricePerNight: hardFiltersShape.maxPricePerNight,
  minRating: hardFiltersShape.minRating,
  minStars: hardFiltersShape.minStars,
});
export type FlexInput = z.infer<typeof FlexInputSchema>;

export interface FlexRequest {
  destination: string;
  rooms: Room[];
  checkinFrom: IsoDate;
  checkinTo: IsoDate;
  nights: number;
  weekend?: Weekend;
  /** The check-in dates to search, in order. */
  checkins: IsoDate[];
  language?: string;
  breakfastIncluded?: boolean;
  filters?: HardFilters;
}

/** Every problem at once, before any HTTP; `today` is injected (the caller's clock, never the machine's). */
export function parseFlexInput(raw: unknown, today: IsoDate): Result<FlexRequest, FieldError[]> {
  const parsed = FlexInputSchema.safeParse(raw);
  if (!parsed.success) return err(issuesToErrors(parsed.error.issues));
  const input = parsed.data;
  const errors = windowErrors(input, today);
  if (errors.length > 0) return err(errors);
  const nights = input.weekend ? WEEKENDS[input.weekend].nights : (input.nights ?? 0);
  const request: FlexRequest = {
    destination: input.destination,
    rooms: input.rooms.map((r) => ({ adults: r.adults, childrenAges: r.childrenAges ?? [] })),
    checkinFrom: input.checkinFrom,
    checkinTo: input.checkinTo,
    nights,
    checkins: checkinDates(input.checkinFrom, input.checkinTo, input.weekend),
  };
  if (input.weekend) request.weekend = input.weekend;
  if (input.language !== undefined) request.language = input.language;
  if (input.breakfastIncluded !== undefined) request.breakfastIncluded = input.breakfastIncluded;
  const filters = pickFilters(input);
  if (filters) request.filters = filters;
  if (request.checkins.length === 0) return err([{ field: "checkinTo", message: `the window holds no ${input.weekend === "sat_sun" ? "Saturday" : "Friday"}` }]);
  return ok(request);
}

function windowErrors(input: FlexInput, today: IsoDate): FieldError[] {
  const errors: FieldError[] = [];
  if ((input.nights === undefined) === (input.weekend === undefined)) errors.push({ field: "nights", message: "give nights or weekend, exactly one" });
  if (input.checkinFrom < today) errors.push({ field: "checkinFrom", message: `is in the past (today is ${today})` });
  const days = nightsBetween(input.checkinFrom, input.checkinTo) + 1;
  if (days < 1) errors.push({ field: "checkinTo", message: "must not be before checkinFrom" });
  else if (days > MAX_WINDOW_DAYS) errors.push({ field: "checkinTo", message: `the window is at most ${MAX_WINDOW_DAYS} days (got ${days})` });
  return errors;
}

function checkinDates(from: IsoDate, to: IsoDate, weekend: Weekend | undefined): IsoDate[] {
  const dates: IsoDate[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    if (weekend === undefined || weekdayOf(d) === WEEKENDS[weekend].weekday) dates.push(d);
  }
  return dates;
}

/** 0 = Sunday … 6 = Saturday, of a calendar date (no time zone: a date has none). */
export function weekdayOf(date: IsoDate): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** One date of the window as a plan_stay request: the same search a plan for that date makes. */
export function planRequestFor(request: FlexRequest, checkinDate: IsoDate): PlanStayRequest {
  const plan: PlanStayRequest = { destination: request.destination, checkinDate, checkoutDate: addDays(checkinDate, request.nights), nights: request.nights, rooms: request.rooms, maxOptions: DEFAULT_MAX_OPTIONS };
  if (request.language !== undefined) plan.language = request.language;
  if (request.breakfastIncluded !== undefined) plan.breakfastIncluded = request.breakfastIncluded;
  if (request.filters) plan.filters = request.filters;
  return plan;
}
