import { decimalFromProviderNumber } from "../../shared/money.js";
import type { BookingDetails } from "../../shared/protocol/ops-hotels.js";
import { BrokerError } from "../../shared/protocol/broker-error.js";
import { parseOffsetDateTime, toIsoTimestamp } from "../../shared/time.js";
import type { ProviderOrderV1 } from "../provider/hotels-schemas.js";
import { providerTextOrNull } from "../../shared/provider-text.js";
import { countOrNull, currencyOrNull, isoDateOrNull, offsetTimestampOrNull } from "./sanitize.js";

type Penalty = NonNullable<NonNullable<NonNullable<ProviderOrderV1["rateData"]>["cancellation"]>["penalties"]>[number];

function amountOrNull(value: number | null | undefined): string | null {
  return typeof value === "number" && Number.isFinite(value) ? decimalFromProviderNumber(value) : null;
}

// The first penalty stage (earliest start): what cancelling costs once any free window is over.
// Stages whose start has no explicit offset cannot be ordered safely and are skipped.
function firstPenalty(penalties: readonly Penalty[] | null | undefined): BookingDetails["cancellation"]["penalty"] {
  let first: { at: number; amountDecimal: string; currency: string } | undefined;
  for (const p of penalties ?? []) {
    const at = typeof p.from === "string" ? parseOffsetDateTime(p.from)?.epochMs : undefined;
    const currency = currencyOrNull(p.amount?.currency);
    const amountDecimal = amountOrNull(p.amount?.value);
    if (at === undefined || currency === null || amountDecimal === null) continue;
    if (!first || at < first.at) first = { at, amountDecimal, currency };
  }
  return first ? { amountDecimal: first.amountDecimal, currency: first.currency } : null;
}

/** Booking v1 → the sanitized card: no orderId, guest names or contacts; payment facts as observed. */
export function toBookingDetails(order: ProviderOrderV1, bookingRef: string, observedAt: number): BookingDetails {
  const payment = order.rateData?.paymentData;
  const cancellation = order.rateData?.cancellation;
  const freeUntil = offsetTimestampOrNull(cancellation?.freeCancellationUntil);
  const stars = order.hotel?.stars;
  return {
    bookingRef,
    status: order.status,
    hotel: {
      name: providerTextOrNull(order.hotel?.name, "name"),
      city: providerTextOrNull(order.hotel?.city, "place"),
      address: providerTextOrNull(order.hotel?.address, "address"),
      stars: typeof stars === "number" && Number.isInteger(stars) && stars >= 0 && stars <= 5 ? stars : null,
    },
    room: { name: providerTextOrNull(order.room?.roomName, "room"), mealName: providerTextOrNull(order.room?.mealName, "meal") },
    checkinDate: isoDateOrNull(order.checkinDate),
    checkoutDate: isoDateOrNull(order.checkoutDate),
    // Booking v1 gives bare "14:00" times; without an offset they are not passed on as instants.
    checkinFrom: offsetTimestampOrNull(order.hotel?.checkinTime),
    checkoutUntil: offsetTimestampOrNull(order.hotel?.checkoutTime),
    guestsCount: countOrNull(order.guests?.length),
    payment: {
      amountDecimal: amountOrNull(payment?.paymentPrice),
      currency: currencyOrNull(payment?.currency),
      paymentStatus: order.paymentStatus ?? null,
    },
    cancellation: {
      freeCancellationUntil: freeUntil,
      // A free-cancellation deadline says the booking is refundable; its absence proves nothing.
      refundable: freeUntil === null ? null : true,
      penalty: firstPenalty(cancellation?.penalties),
    },
    observedAt: toIsoTimestamp(observedAt),
  };
}

/** The payment facts a handoff binds; all three must be present, or there is nothing to hand off. */
export function paymentFacts(order: ProviderOrderV1): { amountDecimal: string; currency: string; paymentStatus: string } {
  const amountDecimal = amountOrNull(order.rateData?.paymentData?.paymentPrice);
  const currency = currencyOrNull(order.rateData?.paymentData?.currency);
  const paymentStatus = order.paymentStatus ?? null;
  if (amountDecimal === null || currency === null || paymentStatus === null) {
    throw new BrokerError("provider_error", "the booking has no paymentPrice, currency or paymentStatus to hand off");
  }
  return { amountDecimal, currency, paymentStatus };
}
