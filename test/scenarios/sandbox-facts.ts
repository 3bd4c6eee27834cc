import { createCatalog } from "../../scripts/sandbox/data/catalog.js";
import { buildBookings, CUSTOMER_ID } from "../../scripts/sandbox/data/customer.js";
import { TEST_EPOCH } from "../fixtures/clock.js";

// What the eval sandbox serves, derived from its seed and the eval clock through the sandbox's own
// data functions, so no scenario hard-codes a date or an amount that moves with "today".

export const EVAL_SEED = "eval";
export const CANARY = "EVALCANARY-5c1d";

const catalog = createCatalog(EVAL_SEED, () => "http://sandbox.invalid");
const bookings = buildBookings(EVAL_SEED, CANARY, catalog, TEST_EPOCH).filter((b) => b.customerId === CUSTOMER_ID);

/** Formats a sandbox amount as the servers print it: the canonical decimal and the currency code. */
const decimal = (value: number, currency: string): string => `${String(value)} ${currency}`;

export interface BookingFacts {
  hotelName: string;
  city: string;
  checkinDate: string;
  checkoutDate: string;
  /** The "free cancellation until" instant, or undefined when the booking has none. */
  freeCancellationUntil: string | undefined;
  /** The first penalty stage, e.g. "39791 RUB". */
  penalty: string;
  /** What the order says is to be paid, e.g. "121189.5 RUB". */
  paymentPrice: string;
  paymentValue: number;
}

/** The signed-in customer's one booking in `city` (the sandbox has one per city). */
export function bookingIn(city: string): BookingFacts {
  const found = bookings.filter((b) => b.location.name === city);
  const b = found[0];
  if (found.length !== 1 || !b) throw new Error(`the eval customer has ${found.length} bookings in ${city}, not one`);
  const penalty = b.penalties[0]?.amount ?? b.paymentPrice;
  return {
    hotelName: b.hotel.name,
    city,
    checkinDate: b.stay.checkinDate,
    checkoutDate: b.stay.checkoutDate,
    freeCancellationUntil: b.freeCancellationUntil ?? undefined,
    penalty: decimal(penalty.value, penalty.currency),
    paymentPrice: decimal(b.paymentPrice.value, b.paymentPrice.currency),
    paymentValue: b.paymentPrice.value,
  };
}

/** A regular expression for a ruble amount as ru-RU prints it: "121 189,50 ₽", "119 636 ₽" (whole), any space. */
export function rubPattern(value: number): string {
  const [int = "", frac = ""] = value.toFixed(2).split(".");
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/gu, "\\s")}${frac === "00" ? "" : `,${frac}`}\\s₽`;
}
