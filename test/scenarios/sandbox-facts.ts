import { sandboxBooking, type BookingFacts } from "../fixtures/sandbox-bookings.js";

// The eval sandbox's seed and canary, and its bookings as the eval clock dates them.

export const EVAL_SEED = "eval";
export const CANARY = "EVALCANARY-5c1d";

/** The eval customer's one booking in `city`. */
export function bookingIn(city: string): BookingFacts {
  return sandboxBooking(EVAL_SEED, CANARY, city);
}

/** A regular expression for a ruble amount as ru-RU prints it: "121 189,50 ₽", "119 636 ₽" (whole), any space. */
export function rubPattern(value: number): string {
  const [int = "", frac = ""] = value.toFixed(2).split(".");
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/gu, "\\s")}${frac === "00" ? "" : `,${frac}`}\\s₽`;
}
