import type { Expect, Step } from "./types.js";

// How scenarios write their steps, once: a call is its tool, its arguments, what must hold, and
// what to save. The journey prefix most rates and checkout scenarios share is defined here too.

type Args = Record<string, unknown>;
type Extra = Pick<Step, "faults" | "save" | "server" | "person">;

/** Any tool call. */
export function step(tool: string, args: Args | undefined, expect: Expect, extra: Extra = {}): Step {
  return { tool, ...(args === undefined ? {} : { args }), expect, ...extra };
}

/** Two adults in one room: what most scenarios search for. */
export const TWO_ADULTS = [{ adults: 2, childrenAges: [] }];

/** plan_stay; `rooms` defaults to two adults in one room. */
export function planStay(args: Args, expect: Expect, extra: Extra = {}): Step {
  return step("tbank_hotels_plan_stay", { ...args, rooms: args.rooms ?? TWO_ADULTS }, expect, extra);
}

/** A call on the journey saved as `$journeyId` (select, rates, compare, inspect, handoff, ...). */
export function journeyStep(tool: string, args: Args, expect: Expect, extra: Extra = {}): Step {
  return step(tool, { journeyId: "$journeyId", ...args }, expect, extra);
}

/** Plans Казань 12–14 March 2027 for 2 adults; saves journeyId and the second option (it has bookable rates). */
export const PLAN_KAZAN_WEEKEND: Step = planStay(
  { checkinDate: "2027-03-12", checkoutDate: "2027-03-14", destination: "Казань" },
  { isError: false, status: "ok", text: ["₽", "за ночь"], textMatches: ["journeyId=jrn_"] },
  { save: { journeyId: "journeyId", optionId: "options.1.optionId" } },
);

/** Selects the saved option (a hotel with rates: the next step is to load them, not to look elsewhere). */
export const SELECT_SAVED_OPTION: Step = journeyStep(
  "tbank_hotels_select_stay_option",
  { optionId: "$optionId" },
  { nextStep: ["Load its bookable rates with tbank_hotels_get_selected_stay_rates"], notText: ["no bookable rates"], status: "ok" },
);

/** Loads the selected option's rates, expecting the numbered table. */
export const RATES_READY: Step = journeyStep(
  "tbank_hotels_get_selected_stay_rates",
  {},
  { nextStep: ["tbank_hotels_select_stay_rate"], status: "ready", text: ["status=ready", "| # | Номер", "За ночь", "₽"] },
);

/** Selects rate #1. */
export const SELECT_FIRST_RATE: Step = journeyStep(
  "tbank_hotels_select_stay_rate",
  { rateNumber: 1 },
  { isError: false, nextStep: ["tbank_hotels_create_checkout_handoff"], status: "rate_selected", text: ["rateNumber=1", "#1 ", "за ночь", "₽"] },
);

/** Lists the person's bookings and saves the bookingRef of the one in each named city, e.g. `{ spb: "Санкт-Петербург" }`. */
export function listBookings(args: Args | undefined, expect: Expect, refsByCity: Record<string, string> = {}): Step {
  const save = Object.fromEntries(Object.entries(refsByCity).map(([name, city]) => [name, `bookings[city=${city}].bookingRef`]));
  return step("tbank_hotels_list_bookings", args, expect, Object.keys(save).length > 0 ? { save } : {});
}

/** The Казань weekend with its second option selected, its rates loaded and rate #1 chosen: where checkout scenarios start. */
export const KAZAN_RATE_ONE_SELECTED: readonly Step[] = [PLAN_KAZAN_WEEKEND, SELECT_SAVED_OPTION, RATES_READY, SELECT_FIRST_RATE];
