import { z } from "zod";
import { quoted } from "../../../../shared/provider-text.js";
import { formatIsoDate } from "../../../../shared/time.js";
import { failure } from "../../../shared/outcome.js";
import type { BookingDraft } from "../../booking/draft.js";
import { draftView } from "../../booking/draft.js";
import type { DraftRecord } from "../../booking/store.js";
import type { HotelsContext } from "../../context.js";
import { cancellationDisplay, nightsPhrase, paymentDisplay } from "../../journey/wording.js";
import { mealDisplay, roomDisplay } from "../../journey/vocabulary.js";
import { maskContacts } from "../../writes/prepare.js";
import { guestsDisplay } from "../checkout-common.js";
import { checkoutView } from "../checkout-view.js";
import type { ToolOutcome } from "../define.js";
import { OptionalAnyValue } from "../schemas.js";
import { err, ok, type Result } from "../../../../shared/result.js";

// Shared by the four booking tools: the draft lookup with its refusals, and the one summary of what
// the draft would book (hotel, dates, guests, rate, price, cancellation) in the journey's language.

// Checked by the store lookup, not advertised: the bounds of an opaque id tell a model nothing.
export const DraftIdInput = z.string().min(1).max(64).meta({ minLength: undefined, maxLength: undefined });

export const DRAFT_FAILURES = ["draft_not_found", "draft_expired", "in_progress", "awaiting_approval", "outcome_unknown", "already_confirmed"] as const;

export interface DraftFailure {
  status: (typeof DRAFT_FAILURES)[number];
  retryAllowed: false;
  nextStep: string;
  message: string;
  state?: BookingDraft["phase"];
  bookingRef?: string;
}

/** The fields a booking tool's answer has besides its own: status, the draft's state, the next step. */
export function draftOutput<S extends readonly [string, ...string[]]>(statuses: S) {
  return { status: z.enum(statuses), retryAllowed: z.boolean().optional(), nextStep: z.string().optional(), message: OptionalAnyValue, state: OptionalAnyValue };
}

export const NEW_DRAFT = "tbank_hotels_create_booking_draft from the journey (tbank_hotels_plan_stay if the journey expired)";
const HEAR_DECISION =
  "the person has this request to approve; call tbank_hotels_confirm_booking again with the same arguments (bookingDraftId, the preparedRequestHash and confirmationPhrase you confirmed with) to hear their decision. Do not check, prepare or create a new draft meanwhile";
export const RECONCILE =
  "call tbank_hotels_confirm_booking again later with the same bookingDraftId, preparedRequestHash and confirmationPhrase: it reconciles through the broker. Do not create a new draft or book again";

function refused(fields: DraftFailure): ToolOutcome<DraftFailure> {
  return failure(fields, { isError: fields.status === "draft_not_found" || fields.status === "draft_expired" });
}

export function draftGone(status: "expired" | "not_found"): ToolOutcome<DraftFailure> {
  if (status === "expired") return refused({ status: "draft_expired", retryAllowed: false, nextStep: NEW_DRAFT, message: "The booking draft expired (drafts live 60 minutes)." });
  return refused({ status: "draft_not_found", retryAllowed: false, nextStep: NEW_DRAFT, message: "Unknown bookingDraftId (drafts do not survive a restart)." });
}

/** A live draft, or the answer for a missing or expired one. */
export function loadDraft(ctx: HotelsContext, bookingDraftId: string): Result<DraftRecord, ToolOutcome<DraftFailure>> {
  const lookup = ctx.bookingDrafts.get(bookingDraftId);
  return lookup.status === "found" ? ok(lookup.record) : err(draftGone(lookup.status));
}

/** The answer for a draft that is not `ready`: a confirm is running, awaits approval, its outcome is unknown, or it is booked. */
export function notReady(draft: BookingDraft): ToolOutcome<DraftFailure> {
  const state = draft.phase;
  if (state === "confirming") {
    return refused({ status: "in_progress", retryAllowed: false, state, nextStep: "wait for the running tbank_hotels_confirm_booking to answer; call nothing else for this draft", message: "A confirmation of this draft is running; nothing more was sent." });
  }
  if (state === "pending") {
    return refused({ status: "awaiting_approval", retryAllowed: false, state, nextStep: HEAR_DECISION, message: "This draft's booking request awaits the person's approval; nothing was changed." });
  }
  if (state === "outcome_unknown") {
    return refused({ status: "outcome_unknown", retryAllowed: false, state, nextStep: RECONCILE, message: "The last confirmation's outcome is unknown; the draft cannot change until it is reconciled." });
  }
  const bookingRef = draft.booked?.bookingRef;
  return refused({
    status: "already_confirmed",
    retryAllowed: false,
    state,
    ...(bookingRef ? { bookingRef } : {}),
    nextStep: "tbank_hotels_get_booking with the bookingRef",
    message: "This draft is already booked; do not book it again.",
  });
}

export interface DraftSummary {
  hotel: string;
  checkinDate: string;
  checkoutDate: string;
  dates: string;
  /** Per room: the names given and the guests the room was searched for. */
  guests: string[];
  rate: string;
  price: string;
  cancellation: string;
  /** Masked: the full email and phone never leave the draft. */
  contacts: { email: string; phone: string };
}

/** What the draft would book, with the last validation's price and terms when there is one. */
export function draftSummary(draft: BookingDraft, nowMs: number): DraftSummary {
  const { stay, validation } = draft;
  const { lang } = stay;
  const checked = validation ? checkoutView(validation.checkout, lang) : null;
  const meal = stay.rate.mealName ? mealDisplay(stay.rate.mealName, lang) : "";
  return {
    hotel: stay.hotelName,
    checkinDate: stay.checkinDate,
    checkoutDate: stay.checkoutDate,
    dates: `${formatIsoDate(stay.checkinDate, lang)} → ${formatIsoDate(stay.checkoutDate, lang)}, ${nightsPhrase(stay.nights, lang)}`,
    guests: stay.rooms.map((room, i) => `${(draft.guests[i] ?? []).map((g) => `${g.firstName} ${g.lastName}`).join(", ")} (${guestsDisplay([room], lang)})`),
    rate: [`#${stay.rate.rateNumber} ${roomDisplay(stay.rate.roomName, lang)}`, meal, paymentDisplay(stay.rate.paymentType, lang)].filter((p) => p !== "").join(", "),
    price: validation ? validation.checkout.currentPrice.display : stay.rate.price.display,
    cancellation: checked ? checked.cancellation : cancellationDisplay(stay.rate.cancellation, draftView(stay, nowMs)),
    contacts: maskContacts(draft.contacts),
  };
}

const LABELS = {
  ru: { guests: "Гости", price: "Цена", contacts: "Контакты" },
  en: { guests: "Guests", price: "Price", contacts: "Contacts" },
} as const;

/** The summary as text lines: the same facts as the structured summary. */
export function summaryLines(s: DraftSummary, lang: BookingDraft["stay"]["lang"]): string[] {
  const w = LABELS[lang];
  return [
    `${quoted(s.hotel)}, ${s.dates}`,
    `${w.guests}: ${s.guests.join("; ")}`,
    s.rate,
    `${w.price}: ${s.price}`,
    s.cancellation,
    `${w.contacts}: ${s.contacts.email}, ${s.contacts.phone}`,
  ];
}
