import type { Expect, Step } from "./types.js";

// How scenarios write their steps, once: a call is its tool, its arguments, what must hold, and
// what to save. The journey prefix most rates and checkout scenarios share is defined here too.

type Args = Record<string, unknown>;
type Extra = Pick<Step, "faults" | "save" | "server" | "person" | "screen" | "personBefore" | "advanceClockMs">;

/** Any tool call. */
export function step(tool: string, args: Args | undefined, expect: Expect, extra: Extra = {}): Step {
  return { tool, ...(args === undefined ? {} : { args }), expect, ...extra };
}

/** resources/read of `uri` (issue 34: the person's trips as resources). */
export function readResource(uri: string, expect: Expect): Step {
  return { tool: "resources/read", resource: uri, expect };
}

/** prompts/get of `name` with string arguments (issue 34: the ready prompts). */
export function getPrompt(name: string, args: Record<string, string>, expect: Expect): Step {
  return { tool: "prompts/get", prompt: name, args, expect };
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

/** The guests and contacts of the write scenarios' bookings (Иван and Анна, two adults in one room). */
export const IVAN_AND_ANNA = [[{ firstName: "Иван", lastName: "Петров" }, { firstName: "Анна", lastName: "Петрова" }]];
export const GUEST_CONTACTS = { email: "ivan.petrov.pii@example.com", phone: "+79161234567" };
/** Once a draft holds the contacts, answers show them masked (i***@example.com, +7 916 ***-**-67), never in full. */
export const CONTACTS_NOT_ECHOED = [GUEST_CONTACTS.email, "ivan.petrov", GUEST_CONTACTS.phone, "123-45-67", "1234567"];

const LISTS = ["text", "textOnly", "textMatches", "notText", "nextStep"] as const;

/** Two expectations as one: the scalar fields of `more` win, the lists are joined. */
function merge(base: Expect, more: Expect): Expect {
  const merged: Expect = { ...base, ...more };
  for (const k of LISTS) if (base[k] && more[k]) merged[k] = [...base[k], ...more[k]];
  return merged;
}

/**
 * Writes on: from the Казань weekend's rate #1 to a prepared booking for Иван and Анна (draft,
 * validate, prepare), saving bookingDraftId, requestHash and phrase for confirm_booking. `more` adds
 * what a scenario pins in the draft, validate and prepare answers.
 */
export function kazanBookingPrepared(more: { draft?: Expect; validate?: Expect; prepare?: Expect } = {}): Step[] {
  return [
    ...KAZAN_RATE_ONE_SELECTED,
    journeyStep(
      "tbank_hotels_create_booking_draft",
      { guests: IVAN_AND_ANNA, contacts: GUEST_CONTACTS },
      merge({ status: "draft_ready", isError: false, nextStep: ["tbank_hotels_validate_checkout"], notText: CONTACTS_NOT_ECHOED, maxTokens: 300 }, more.draft ?? {}),
      { save: { bookingDraftId: "bookingDraftId" } },
    ),
    step("tbank_hotels_validate_checkout", { bookingDraftId: "$bookingDraftId" }, merge({ status: "checkout_validated", nextStep: ["tbank_hotels_prepare_draft_booking"], notText: CONTACTS_NOT_ECHOED, maxTokens: 300 }, more.validate ?? {})),
    step(
      "tbank_hotels_prepare_draft_booking",
      { bookingDraftId: "$bookingDraftId" },
      merge({ status: "prepared", nextStep: ["tbank-mcp approve", "tbank_hotels_confirm_booking"], notText: CONTACTS_NOT_ECHOED, maxTokens: 550 }, more.prepare ?? {}),
      { save: { requestHash: "requestHash", phrase: "confirmationPhrase" } },
    ),
  ];
}

/** confirm_booking with what kazanBookingPrepared saved. */
export const CONFIRM_SAVED_BOOKING = { bookingDraftId: "$bookingDraftId", preparedRequestHash: "$requestHash", confirmationPhrase: "$phrase" };

/** execute_<kind> of a preparation saved as requestHash, phrase, preparedAt and expiresAt: the request's fields plus those. */
export function executeSaved(tool: string, fields: Args, expect: Expect, extra: Extra = {}): Step {
  return step(tool, { ...fields, preparedRequestHash: "$requestHash", preparedAt: "$preparedAt", expiresAt: "$expiresAt", confirmationPhrase: "$phrase" }, expect, extra);
}

/** What a mutations prepare_* answer saves for executeSaved. */
export const SAVE_PREPARED = { requestHash: "requestHash", phrase: "confirmationPhrase", preparedAt: "preparedAt", expiresAt: "expiresAt" };
