import type { IsoDate } from "./time.js";

// Which of the person's bookings are still ahead of them. The broker filters and sorts a listing
// with these rules and the Hotels MCP marks upcoming stays with them, both against the one injected
// clock. "Today" is the UTC calendar date of that clock: booking rows carry no time zone.

export const BOOKING_LISTS = ["active", "past", "all"] as const;
export type BookingList = (typeof BOOKING_LISTS)[number];

/** Provider statuses after which the booking cannot change any more: nothing to cancel or pay. */
export const CLOSED_BOOKING_STATUSES: readonly string[] = ["CANCELLED", "COMPLETED"];

export function isClosedStatus(status: string): boolean {
  return CLOSED_BOOKING_STATUSES.includes(status);
}

/**
 * The one order status with something left to pay. The payment handoff is offered and minted only
 * for it: a paid (CONFIRMED), CANCELLED or COMPLETED booking has nothing to pay, and a handoff would
 * send the person to a payment page for nothing. paymentStatus stays the provider's raw word.
 */
export const AWAITING_PAYMENT_STATUS = "AWAITING_PAYMENT";

export function isAwaitingPayment(status: string): boolean {
  return status === AWAITING_PAYMENT_STATUS;
}

export interface DatedBooking {
  status: string;
  checkinDate: IsoDate | null;
  checkoutDate: IsoDate | null;
}

/** Past: CANCELLED or COMPLETED, or checked out before today. Everything else is active. */
export function isPastBooking(b: DatedBooking, today: IsoDate): boolean {
  return isClosedStatus(b.status) || (b.checkoutDate !== null && b.checkoutDate < today);
}

/** An active booking whose check-in is today or later (a stay starting tonight is upcoming). */
export function isUpcomingBooking(b: DatedBooking, today: IsoDate): boolean {
  return !isPastBooking(b, today) && b.checkinDate !== null && b.checkinDate >= today;
}

export function inBookingList(b: DatedBooking, list: BookingList, today: IsoDate): boolean {
  if (list === "all") return true;
  return isPastBooking(b, today) === (list === "past");
}

/**
 * Active bookings first, nearest check-in first; then past ones, latest check-in first. Undated
 * rows go last in their group; equal keys keep the provider's order (Array.prototype.sort is stable).
 */
export function compareBookings(today: IsoDate): (a: DatedBooking, b: DatedBooking) => number {
  return (a, b) => {
    const pastA = isPastBooking(a, today);
    const pastB = isPastBooking(b, today);
    if (pastA !== pastB) return pastA ? 1 : -1;
    if (a.checkinDate === b.checkinDate) return 0;
    if (a.checkinDate === null) return 1;
    if (b.checkinDate === null) return -1;
    const order = a.checkinDate < b.checkinDate ? -1 : 1;
    return pastA ? -order : order;
  };
}
