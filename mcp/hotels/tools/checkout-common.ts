import { z } from "zod";
import type { HotelsContext } from "../context.js";
import type { JourneyOption } from "../journey/options.js";
import type { PrivateRate, PublicRate } from "../journey/rates.js";
import type { JourneyState } from "../journey/state.js";
import type { Room } from "../journey/types.js";
import type { JourneyView } from "../journey/view.js";
import { cancellationDisplay, nightsPhrase, paymentDisplay, priceDisplay as stayPriceDisplay, roomFitDisplay, roomsPhrase } from "../journey/wording.js";
import { mealDisplay, roomDisplay } from "../journey/vocabulary.js";
import type { ToolOutcome } from "./define.js";
import { OptionalAnyValue, AnyObject } from "./schemas.js";
import { langOf, type Lang } from "../../../shared/locale.js";
import { quoted } from "../../../shared/provider-text.js";
import { formatIsoDate } from "../../../shared/time.js";
import { failure } from "../../shared/outcome.js";
import { err, ok, type Result } from "../../../shared/result.js";

// Shared by the rates, checkout and handoff tools: the journey lookup with its failure answers,
// and the stay/rate summaries every answer repeats. Provider ids never leave this layer.

export const JOURNEY_FAILURES = ["journey_not_found", "journey_expired", "selection_required", "rate_selection_required", "provider_auth_rejected"] as const;
export type JourneyFailure = (typeof JOURNEY_FAILURES)[number];

/** The fields every answer of these tools has, whatever its status. */
export function baseOutput<S extends readonly [string, ...string[]]>(statuses: S) {
  // retryAllowed only on failures and refusals: on a successful answer `false` reads like an error.
  return { status: z.enum(statuses), retryAllowed: z.boolean().optional(), nextStep: z.string().optional(), message: OptionalAnyValue };
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

export type Loaded<T> = Result<T, ToolOutcome<FailureOut>>;

export async function loadSelectedStay(ctx: HotelsContext, journeyId: string): Promise<Loaded<{ state: JourneyState; option: JourneyOption }>> {
  const lookup = await ctx.journeys.get(journeyId);
  if (lookup.status === "not_found") return err(journeyFailure("journey_not_found", "Unknown journeyId.", "tbank_hotels_plan_stay"));
  if (lookup.status === "expired") return err(journeyFailure("journey_expired", "The journey expired (journeys live 60 minutes).", "tbank_hotels_plan_stay"));
  const state = lookup.journey.state;
  const option = state.selectedOptionId === null ? undefined : state.options.find((o) => o.public.optionId === state.selectedOptionId);
  if (!option) return err(journeyFailure("selection_required", "No hotel is selected in this journey.", "tbank_hotels_select_stay_option"));
  return ok({ state, option });
}

export interface SelectedRate {
  state: JourneyState;
  option: JourneyOption;
  rate: PublicRate;
  privateRate: PrivateRate & { bookHash: string };
}

export async function loadSelectedRate(ctx: HotelsContext, journeyId: string): Promise<Loaded<SelectedRate>> {
  const stay = await loadSelectedStay(ctx, journeyId);
  if (!stay.ok) return stay;
  const { state } = stay.value;
  const n = state.selectedRateNumber;
  const rate = n === null ? undefined : state.rates?.rates.find((r) => r.rateNumber === n);
  const privateRate = n === null ? undefined : state.rates?.private.find((r) => r.rateNumber === n);
  if (!rate || !privateRate || privateRate.bookHash === null) {
    const next = state.rates?.status === "ready" ? "tbank_hotels_select_stay_rate" : "tbank_hotels_get_selected_stay_rates, then tbank_hotels_select_stay_rate";
    return err(journeyFailure("rate_selection_required", "No bookable rate is selected in this journey.", next));
  }
  return ok({ ...stay.value, rate, privateRate: { ...privateRate, bookHash: privateRate.bookHash } });
}

const ROOM_GUESTS: Record<Lang, (r: Room) => string> = {
  ru: (r) => `${r.adults} взр.${r.childrenAges.length > 0 ? `, дети: ${r.childrenAges.join(", ")} лет` : ""}`,
  en: (r) => {
    const kids = r.childrenAges.length === 0 ? "" : `, ${r.childrenAges.length === 1 ? "child" : "children"} aged ${r.childrenAges.join(", ")}`;
    return `${r.adults} adult${r.adults === 1 ? "" : "s"}${kids}`;
  },
};

/** "2 взр., дети: 7 лет", "2 rooms (2 adults; 2 adults)". */
export function guestsDisplay(rooms: readonly Room[], lang: Lang): string {
  const room = ROOM_GUESTS[lang];
  const [first] = rooms;
  return rooms.length === 1 && first ? room(first) : `${roomsPhrase(rooms.length, lang)} (${rooms.map(room).join("; ")})`;
}

// Nested objects in output schemas name only the fields a client acts on; the rest is display
// text. Every tools/list schema costs context in every session, so they stay loose.
export const StaySchema = AnyObject;

/** ISO dates and the night count for a client to act on, `dates` and `guests` in the journey's language. */
export function staySummary(state: JourneyState, option: JourneyOption) {
  const { checkinDate, checkoutDate, nights, rooms } = state.request;
  const lang = langOf(state.request.language);
  const dates = `${formatIsoDate(checkinDate, lang)} → ${formatIsoDate(checkoutDate, lang)}, ${nightsPhrase(nights, lang)}`;
  return { hotelName: option.public.name, checkinDate, checkoutDate, nights, dates, guests: guestsDisplay(rooms, lang) };
}

export type Stay = ReturnType<typeof staySummary>;

// The chosen hotel's stay (hotel, dates, guests per room); the search before a choice is
// searchLine in present.ts.
export function stayLine(stay: Stay): string {
  return `${quoted(stay.hotelName)}, ${stay.dates}, ${stay.guests}`;
}

export const RateSummarySchema = AnyObject;

/**
 * One rate as both channels show it: display strings only, in the journey's language. Left out on
 * purpose: decimal amounts beside their displays, the composed rateLabel (the same facts again) and
 * breakfastEvidence (the meal name says it).
 */
export interface RateSummary {
  rateNumber: number;
  room: string;
  meal: string;
  price: string;
  cancellation: string;
  /** Prepay or pay at the hotel. */
  payment?: string;
  /** Said only when the room is known to hold fewer guests than the search puts in one. */
  roomFit?: string;
  bookable?: false;
}

/** A rate in the journey's language: money and words in it, cancellation read against now. */
export function rateSummary(r: PublicRate, view: JourneyView): RateSummary {
  const { lang } = view;
  const roomFit = roomFitDisplay(r.maxOccupancy, view.guestsPerRoom, lang);
  return {
    rateNumber: r.rateNumber,
    room: roomDisplay(r.roomName, lang),
    meal: mealDisplay(r.mealName, lang),
    price: stayPriceDisplay(r, view.rooms, lang, false),
    cancellation: cancellationDisplay({ freeCancellationUntil: r.freeCancellationUntil, nonRefundable: r.nonRefundable, penaltyAfter: r.penaltyAfter }, view),
    payment: paymentDisplay(r.paymentType, lang),
    ...(roomFit ? { roomFit } : {}),
    ...(r.bookable ? {} : { bookable: false as const }),
  };
}

/** The text line of a rate: the same facts as its summary. */
export function rateLine(r: PublicRate, view: JourneyView): string {
  return summaryLine(rateSummary(r, view));
}

/** The text line of a rate already summarised. */
export function summaryLine(s: RateSummary): string {
  // Room and meal are our words or the provider's marked «…»: one field each already.
  return [`#${s.rateNumber} ${s.room}, ${s.meal}, ${s.price}`, s.cancellation, s.payment, s.roomFit].filter(Boolean).join("; ");
}
