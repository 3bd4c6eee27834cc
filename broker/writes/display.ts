import { compareDecimal, decimalFromProviderNumber, formatMoney, isCurrency } from "../../shared/money.js";
import type { z } from "zod";
import type { MoneyFactSchema } from "../../shared/protocol/common.js";
import type { ApprovalDisplay, ApprovalRoom, BookingRoom, PreparedWrite } from "../../shared/protocol/ops-hotels-writes.js";
import { providerTextOrNull } from "../../shared/provider-text.js";
import { formatOffsetDateTime, isOffsetDateTime } from "../../shared/time.js";
import { isoDateOrNull } from "../operations/sanitize.js";
import type { ProviderOrderV1 } from "../provider/hotels-schemas.js";
import type { ProviderCheckout, ProviderHotelCard, ProviderMoney } from "../provider/hotels-writes.js";

type MoneyFact = z.infer<typeof MoneyFactSchema>;

// What the person is asked to approve. Built only from the request the broker will send and from
// the broker's own provider reads, never from text a model wrote; provider text goes through the
// same neutraliser as every other provider string. Guest names appear here because the person is
// the reader (their terminal, their loopback page); this object is never logged.

/** The provider's {value, currency} as a protocol money fact, or null when either part fails its check. */
export function moneyFact(money: ProviderMoney | null | undefined): MoneyFact | null {
  if (!money || !isCurrency(money.currency)) return null;
  try {
    return { amountDecimal: decimalFromProviderNumber(money.value), currency: money.currency };
  } catch {
    return null;
  }
}

const cut = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
const show = (m: MoneyFact): string => formatMoney(m.amountDecimal, m.currency, "en");
const when = (ts: string): string => formatOffsetDateTime(ts, "en");

type Penalties = readonly { from?: string | null; amount?: ProviderMoney | null }[] | null | undefined;
type Cancellation = { freeCancellationUntil?: string | null; penalties?: Penalties } | null | undefined;

/** The provider's penalty stages that can be ordered (an explicit offset and a usable amount), earliest first. */
function stagesOf(penalties: Penalties): { from: string; at: number; amount: MoneyFact }[] {
  return (penalties ?? [])
    .flatMap((p) => {
      const amount = moneyFact(p.amount);
      return typeof p.from === "string" && isOffsetDateTime(p.from) && amount !== null ? [{ from: p.from, at: Date.parse(p.from), amount }] : [];
    })
    .sort((a, b) => a.at - b.at);
}

const freeDeadline = (c: Cancellation): string | null => (typeof c?.freeCancellationUntil === "string" && isOffsetDateTime(c.freeCancellationUntil) ? c.freeCancellationUntil : null);

/** A rate's terms before booking: "free cancellation until …, then a penalty of ₽4,500" / "penalty of ₽18,450 from …", or null with no facts. */
export function cancellationText(c: Cancellation): string | null {
  const free = freeDeadline(c);
  const first = stagesOf(c?.penalties)[0];
  if (free !== null) return `free cancellation until ${when(free)}${first ? `, then a penalty of ${show(first.amount)}` : ""}`;
  if (first) return `penalty of ${show(first.amount)} from ${when(first.from)}`;
  return null;
}

type CancellingNow = { free: true; until: string | null; next: { from: string; amount: MoneyFact } | null } | { free: false; penalty: MoneyFact; since: string; freeEnded: string | null } | null;

/**
 * What cancelling an existing booking costs at `now` by the provider's stages: the latest stage
 * that has started is the penalty in force; none started and a stage or a free deadline ahead is
 * free now. Null when the provider states neither.
 */
export function cancellingAt(c: Cancellation, now: number): CancellingNow {
  const free = freeDeadline(c);
  const stages = stagesOf(c?.penalties);
  const inForce = stages.filter((s) => s.at <= now).at(-1);
  if (inForce) return { free: false, penalty: inForce.amount, since: inForce.from, freeEnded: free !== null && Date.parse(free) <= now ? free : null };
  const next = stages[0] ?? null;
  if (next === null && (free === null || Date.parse(free) <= now)) return null;
  return { free: true, until: free !== null && Date.parse(free) > now ? free : null, next: next && { from: next.from, amount: next.amount } };
}

export function cancellingText(c: CancellingNow): string | null {
  if (c === null) return null;
  if (!c.free) return `not free now: a penalty of ${show(c.penalty)} applies since ${when(c.since)}${c.freeEnded === null ? "" : ` (free cancellation ended ${when(c.freeEnded)})`}`;
  const until = c.until ?? c.next?.from;
  const then = c.next === null ? "" : `; a penalty of ${show(c.next.amount)} after ${when(c.next.from)}`;
  return `free now${until === undefined ? "" : ` (until ${when(until)})`}${then}`;
}

/** "Ivan Petrov" per guest of each room, in the order the request sends them. */
export function roomsOf(rooms: readonly BookingRoom[]): ApprovalRoom[] {
  return rooms.map((r) => ({ adults: r.adults, childrenAges: [...r.childrenAges], guests: r.guests.map((g) => `${g.firstName} ${g.lastName}`) }));
}

const PAYMENT_TYPES: Readonly<Record<string, string>> = { prepay: "paid in advance, online", pay_at_hotel: "paid at the hotel" };
const BOOKING_PAYMENT: Readonly<Record<string, string>> = {
  prepay: "the booking then awaits payment on the provider's page; approving it moves no money",
  pay_at_hotel: "nothing is charged online",
};

/** Whether a new booking is paid in advance or at the hotel; null when the provider stated no known payment type. */
function paymentText(paymentType: string | null | undefined): string | null {
  if (typeof paymentType !== "string") return null;
  const type = PAYMENT_TYPES[paymentType];
  const then = BOOKING_PAYMENT[paymentType];
  return type === undefined || then === undefined ? null : `${type}: ${then}`;
}

function rateOf(room: string | null | undefined, meal: string | null | undefined): string | null {
  const parts = [providerTextOrNull(room, "room"), providerTextOrNull(meal, "meal")].filter((p): p is string => p !== null);
  return parts.length === 0 ? null : parts.join(", ");
}

export function bookingDisplay(prepared: PreparedWrite & { kind: "booking" | "ls_booking" }, checkout: ProviderCheckout, hotel: ProviderHotelCard, paymentType: string | null): ApprovalDisplay {
  const r = prepared.request;
  const current = moneyFact(checkout.currentPrice);
  const payment = paymentText(paymentType);
  const terms = paymentType === "pay_at_hotel" ? "you pay at the hotel" : paymentType === "prepay" ? "it then awaits payment online" : "payment follows the rate's terms";
  const effects = [`creates a${prepared.kind === "ls_booking" ? "n LS" : ""} booking under your account; ${terms}`];
  if (current === null || current.currency !== r.expectedPrice.currency || compareDecimal(current.amountDecimal, r.expectedPrice.amountDecimal) !== 0) {
    effects.push(`the provider now quotes ${current === null ? "no price" : show(current)}: it will refuse unless the price matches ${show(r.expectedPrice)}`);
  }
  const name = providerTextOrNull(hotel.name, "name");
  const city = providerTextOrNull(hotel.city?.name, "place");
  return {
    kind: prepared.kind,
    action: prepared.kind === "ls_booking" ? "Book a stay (LS booking)" : "Book a stay",
    hotel: name === null ? null : city === null ? name : cut(`${name}, ${city}`, 200),
    checkinDate: r.checkinDate,
    checkoutDate: r.checkoutDate,
    guests: [],
    rooms: roomsOf(r.rooms),
    contacts: `${r.contacts.email}, ${r.contacts.phone}`,
    rate: rateOf(checkout.roomName, checkout.mealName),
    price: r.expectedPrice,
    payment,
    cancellation: cancellationText(checkout.cancellation),
    effects,
  };
}

const ORDER_ACTIONS = {
  cancellation: "Cancel a booking",
  payment_setup: "Set up payment for a booking",
  promo_code: "Apply a promo code to a booking",
  extra_services: "Add services to a booking",
} as const;

export const SERVICE_NAMES = { early_checkin: "early check-in", late_checkout: "late check-out" } as const;

// The provider states the refund only in its answer to the cancellation; no read before it does.
const REFUND = "the provider states the refund in its answer";

function orderEffects(prepared: PreparedWrite & { kind: keyof typeof ORDER_ACTIONS }, cancelling: CancellingNow): string[] {
  switch (prepared.kind) {
    case "cancellation":
      if (cancelling === null) return [`cancels the booking; the provider computes the penalty and ${REFUND}`];
      return [cancelling.free ? `cancels the booking free of charge by the provider's terms; ${REFUND}` : `cancels the booking with a penalty of ${show(cancelling.penalty)} by the provider's terms; ${REFUND}`];
    case "payment_setup":
      return ["opens a hosted payment page; no money moves until you pay there"];
    case "promo_code":
      return [`applies promo code ${prepared.request.promoCode}`];
    case "extra_services":
      return prepared.request.services.map((s) => `adds ${SERVICE_NAMES[s]}; the price grows by the provider's charge`);
  }
}

/** "paid in advance, online; payment status PAID": the order's payment type and its raw status word. */
function orderPayment(order: ProviderOrderV1): string | null {
  const raw = order.rateData?.paymentData?.paymentType;
  const parts = [typeof raw === "string" ? PAYMENT_TYPES[raw] : undefined, order.paymentStatus == null ? undefined : `payment status ${order.paymentStatus}`];
  const known = parts.filter((p): p is string => p !== undefined);
  return known.length === 0 ? null : known.join("; ");
}

export function orderDisplay(prepared: PreparedWrite & { kind: keyof typeof ORDER_ACTIONS }, order: ProviderOrderV1, now: number): ApprovalDisplay {
  const payment = order.rateData?.paymentData;
  const cancelling = cancellingAt(order.rateData?.cancellation, now);
  return {
    kind: prepared.kind,
    action: ORDER_ACTIONS[prepared.kind],
    hotel: providerTextOrNull(order.hotel?.name, "name"),
    checkinDate: isoDateOrNull(order.checkinDate),
    checkoutDate: isoDateOrNull(order.checkoutDate),
    guests: [],
    rooms: [],
    contacts: null,
    rate: rateOf(order.room?.roomName, order.room?.mealName),
    price: typeof payment?.paymentPrice === "number" ? moneyFact({ value: payment.paymentPrice, currency: payment.currency ?? "" }) : null,
    payment: orderPayment(order),
    cancellation: cancellingText(cancelling),
    effects: orderEffects(prepared, cancelling),
  };
}
