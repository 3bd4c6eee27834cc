import { z } from "zod";
import type { HotelsContext } from "../context.js";
import type { JourneyOption } from "../journey/options.js";
import type { PrivateRate, PublicRate } from "../journey/rates.js";
import type { JourneyState } from "../journey/state.js";
import type { Room } from "../journey/types.js";
import type { ToolOutcome } from "./define.js";
import { cancellationText, priceDisplay } from "./present.js";
import { Field, Obj } from "./schemas.js";
import { MISSING } from "../../../shared/time.js";
import { failure } from "../../shared/outcome.js";

// Shared by the rates, checkout and handoff tools: the journey lookup with its failure answers,
// and the stay/rate summaries every answer repeats. Provider ids never leave this layer.

export const JOURNEY_FAILURES = ["journey_not_found", "journey_expired", "selection_required", "rate_selection_required", "provider_auth_rejected"] as const;
export type JourneyFailure = (typeof JOURNEY_FAILURES)[number];

/** The fields every answer of these tools has, whatever its status. */
export function baseOutput<S extends readonly [string, ...string[]]>(statuses: S) {
  // retryAllowed only on failures and refusals: on a successful answer `false` reads like an error.
  return { status: z.enum(statuses), retryAllowed: z.boolean().optional(), nextStep: z.string().optional(), message: Field };
}

export interface FailureOut {
  status: JourneyFailure;
  retryAllowed: false;
  nextStep: string;
  message: string;
}

function journeyFailure(status: JourneyFailure, message: string, nextStep: string): ToolOutcome<FailureOut> {
  return failure({ status, retryAllowed: false, nextStep, message });
}

export function authRejected(status: number | undefined): ToolOutcome<FailureOut> {
  return journeyFailure(
    "provider_auth_rejected",
    `The provider rejected the configured credentials${status === undefined ? "" : ` (HTTP ${status})`}. Do not retry and do not switch to other tools: the auth profile must be fixed outside this dialog.`,
    "stop; show tbank_hotels_connection_status at most once",
  );
}

export type Loaded<T> = ({ ok: true } & T) | { ok: false; outcome: ToolOutcome<FailureOut> };

export function loadSelectedStay(ctx: HotelsContext, journeyId: string): Loaded<{ state: JourneyState; option: JourneyOption }> {
  const lookup = ctx.journeys.get(journeyId);
  if (lookup.status === "not_found") return { ok: false, outcome: journeyFailure("journey_not_found", "Unknown journeyId.", "tbank_hotels_plan_stay") };
  if (lookup.status === "expired") return { ok: false, outcome: journeyFailure("journey_expired", "The journey expired (journeys live 60 minutes).", "tbank_hotels_plan_stay") };
  const state = lookup.journey.state;
  const option = state.selectedOptionId === null ? undefined : state.options.find((o) => o.public.optionId === state.selectedOptionId);
  if (!option) return { ok: false, outcome: journeyFailure("selection_required", "No hotel is selected in this journey.", "tbank_hotels_select_stay_option") };
  return { ok: true, state, option };
}

export interface SelectedRate {
  state: JourneyState;
  option: JourneyOption;
  rate: PublicRate;
  privateRate: PrivateRate & { bookHash: string };
}

export function loadSelectedRate(ctx: HotelsContext, journeyId: string): Loaded<SelectedRate> {
  const stay = loadSelectedStay(ctx, journeyId);
  if (!stay.ok) return stay;
  const { state } = stay;
  const n = state.selectedRateNumber;
  const rate = n === null ? undefined : state.rates?.rates.find((r) => r.rateNumber === n);
  const privateRate = n === null ? undefined : state.rates?.private.find((r) => r.rateNumber === n);
  if (!rate || !privateRate || privateRate.bookHash === null) {
    const next = state.rates?.status === "ready" ? "tbank_hotels_select_stay_rate" : "tbank_hotels_get_selected_stay_rates, then tbank_hotels_select_stay_rate";
    return { ok: false, outcome: journeyFailure("rate_selection_required", "No bookable rate is selected in this journey.", next) };
  }
  return { ...stay, rate, privateRate: { ...privateRate, bookHash: privateRate.bookHash } };
}

export function guestsDisplay(rooms: readonly Room[]): string {
  const room = (r: Room) => `${r.adults} взр.${r.childrenAges.length > 0 ? `, дети: ${r.childrenAges.join(", ")} лет` : ""}`;
  const [first] = rooms;
  return rooms.length === 1 && first ? room(first) : `номеров: ${rooms.length} (${rooms.map(room).join("; ")})`;
}

// Nested objects in output schemas name only the fields a client acts on; the rest is display
// text. Every tools/list schema costs context in every session, so they stay loose.
export const StaySchema = Obj;

export function staySummary(state: JourneyState, option: JourneyOption) {
  const { checkinDate, checkoutDate, nights, rooms } = state.request;
  return { hotelName: option.public.name, checkinDate, checkoutDate, nights, guests: guestsDisplay(rooms) };
}

export type Stay = ReturnType<typeof staySummary>;

// The chosen hotel's stay (hotel, dates, guests per room); the search before a choice is
// searchLine in present.ts.
export function stayLine(stay: Stay): string {
  return `«${stay.hotelName}», ${stay.checkinDate} → ${stay.checkoutDate} (ночей: ${stay.nights}), ${stay.guests}`;
}

export const RateSummarySchema = Obj;

/**
 * One rate as both channels show it: display strings only. Left out on purpose: decimal amounts
 * beside their displays, the composed rateLabel (the same facts again), breakfastEvidence (the meal
 * name says it), and paymentType and the penalty amount (tbank_hotels_inspect_checkout states the
 * current penalties; the seller's page states the payment terms).
 */
export interface RateSummary {
  rateNumber: number;
  room: string;
  meal: string;
  price: string;
  cancellation: string;
  bookable?: false;
}

export function rateSummary(r: PublicRate): RateSummary {
  return {
    rateNumber: r.rateNumber,
    room: r.roomName,
    meal: r.mealName && r.mealName.trim() !== "" ? r.mealName.trim() : MISSING,
    price: priceDisplay(r),
    cancellation: cancellationText(r.cancellationDisplay),
    ...(r.bookable ? {} : { bookable: false as const }),
  };
}

/** The text line of a rate: the same facts as its summary, in the words of the rates table. */
export function rateLine(r: PublicRate): string {
  return `${r.rateLabel} (за ночь ${r.pricePerNightDisplay}; отмена: ${r.cancellationDisplay})`;
}
