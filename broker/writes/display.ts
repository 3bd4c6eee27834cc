import { compareDecimal, decimalFromProviderNumber, formatMoney, isCurrency } from "../../shared/money.js";
import type { z } from "zod";
import type { MoneyFactSchema } from "../../shared/protocol/common.js";
import type { ApprovalDisplay, BookingRoom, PreparedWrite } from "../../shared/protocol/ops-hotels-writes.js";
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

type Cancellation = { freeCancellationUntil?: string | null; penalties?: readonly { from?: string | null; amount?: ProviderMoney | null }[] | null } | null | undefined;

/** "free cancellation until …, then ₽4,500" / "non-refundable: ₽18,450 from …", or null with no facts. */
export function cancellationText(c: Cancellation): string | null {
  const free = typeof c?.freeCancellationUntil === "string" && isOffsetDateTime(c.freeCancellationUntil) ? c.freeCancellationUntil : null;
  const first = (c?.penalties ?? [])
    .map((p) => ({ from: typeof p.from === "string" && isOffsetDateTime(p.from) ? p.from : null, amount: moneyFact(p.amount) }))
    .find((p) => p.from !== null && p.amount !== null);
  if (free !== null) return `free cancellation until ${when(free)}${first?.amount ? `, then a penalty of ${show(first.amount)}` : ""}`;
  if (first?.amount && first.from) return `penalty of ${show(first.amount)} from ${when(first.from)}`;
  return null;
}

/** "Room 1 (2 adults, child 7): Ivan Petrov" — one entry per guest, so no name that will be sent is cut. */
export function guestLines(room: BookingRoom, index: number): string[] {
  const parts = [`${room.adults} ${room.adults === 1 ? "adult" : "adults"}`];
  if (room.childrenAges.length > 0) parts.push(`${room.childrenAges.length === 1 ? "child" : "children"} ${room.childrenAges.join(", ")}`);
  return room.guests.map((g) => `Room ${index + 1} (${parts.join(", ")}): ${g.firstName} ${g.lastName}`);
}

function rateOf(room: string | null | undefined, meal: string | null | undefined): string | null {
  const parts = [providerTextOrNull(room, "room"), providerTextOrNull(meal, "meal")].filter((p): p is string => p !== null);
  return parts.length === 0 ? null : parts.join(", ");
}

export function bookingDisplay(prepared: PreparedWrite & { kind: "booking" | "ls_booking" }, checkout: ProviderCheckout, hotel: ProviderHotelCard): ApprovalDisplay {
  const r = prepared.request;
  const current = moneyFact(checkout.currentPrice);
  const effects = [`creates a${prepared.kind === "ls_booking" ? "n LS" : ""} booking under your account; payment follows the rate's terms`];
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
    guests: r.rooms.flatMap(guestLines),
    contacts: `${r.contacts.email}, ${r.contacts.phone}`,
    rate: rateOf(checkout.roomName, checkout.mealName),
    price: r.expectedPrice,
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

function orderEffects(prepared: PreparedWrite & { kind: keyof typeof ORDER_ACTIONS }): string[] {
  switch (prepared.kind) {
    case "cancellation":
      return ["cancels the booking; the provider computes the penalty"];
    case "payment_setup":
      return ["opens a hosted payment page; no money moves until you pay there"];
    case "promo_code":
      return [`applies promo code ${prepared.request.promoCode}`];
    case "extra_services":
      return prepared.request.services.map((s) => `adds ${SERVICE_NAMES[s]}; the price grows by the provider's charge`);
  }
}

export function orderDisplay(prepared: PreparedWrite & { kind: keyof typeof ORDER_ACTIONS }, order: ProviderOrderV1): ApprovalDisplay {
  const payment = order.rateData?.paymentData;
  return {
    kind: prepared.kind,
    action: ORDER_ACTIONS[prepared.kind],
    hotel: providerTextOrNull(order.hotel?.name, "name"),
    checkinDate: isoDateOrNull(order.checkinDate),
    checkoutDate: isoDateOrNull(order.checkoutDate),
    guests: [],
    contacts: null,
    rate: rateOf(order.room?.roomName, order.room?.mealName),
    price: typeof payment?.paymentPrice === "number" ? moneyFact({ value: payment.paymentPrice, currency: payment.currency ?? "" }) : null,
    cancellation: cancellationText(order.rateData?.cancellation),
    effects: orderEffects(prepared),
  };
}
