import type { Booking, OrderStatus } from "../data/customer.js";
import type { Money } from "../data/pricing.js";

export const EXTRA_SERVICES = ["early_checkin", "late_checkout"] as const;
export type ExtraService = (typeof EXTRA_SERVICES)[number];

/** What the write routes changed in an order: fields the reads show, and add-ons the writes check. */
export interface OrderChange {
  status?: OrderStatus;
  paymentStatus?: string;
  paymentPrice?: Money;
  promoCode?: string;
  extras?: ExtraService[];
}

/** A committed write: what `write_request` reports and what a repeat of its clientRequestId gets again. */
export interface CommittedWrite {
  routeId: string;
  orderId: string;
  committedAt: string;
  status: number;
  body: unknown;
}

export interface PaymentPage {
  orderId: string;
  amount: Money;
  expiresAt: number;
}

/**
 * One sandbox instance's writes. Seeded orders are rebuilt from the seed on every read (their dates
 * follow the clock), so what a write changed is kept by orderId and laid over them on read; orders
 * booked here are kept whole.
 */
export interface OrderState {
  readonly booked: Booking[];
  /** Orders whose booking task nobody has read yet: that first read sees it still running. */
  readonly unreadTasks: Set<string>;
  readonly paymentPages: Map<string, PaymentPage>;
  /** Commits per route id (replays not counted), cleared by `control.resetCounters()`. */
  readonly commitCounts: Map<string, number>;
  changeOf(orderId: string): OrderChange;
  change(orderId: string, patch: OrderChange): void;
  /** What the person may do in the bank's own app: every promo code and extra service taken off the orders (prices left as they are). */
  dropAddOns(): void;
  /** The order as the reads show it, with every change applied. */
  current(b: Booking): Booking;
  committed(subject: string, clientRequestId: string): CommittedWrite | undefined;
  commit(subject: string, clientRequestId: string, write: CommittedWrite): void;
}

export function createOrderState(): OrderState {
  const changes = new Map<string, OrderChange>();
  const writes = new Map<string, CommittedWrite>();
  const commitCounts = new Map<string, number>();
  // clientRequestIds are the customer's own: another customer's equal id is another write.
  const key = (subject: string, clientRequestId: string): string => JSON.stringify([subject, clientRequestId]);
  return {
    booked: [],
    unreadTasks: new Set(),
    paymentPages: new Map(),
    commitCounts,
    changeOf: (orderId) => changes.get(orderId) ?? {},
    change: (orderId, patch) => void changes.set(orderId, { ...changes.get(orderId), ...patch }),
    dropAddOns: () => {
      for (const [orderId, { promoCode: _promo, extras: _extras, ...rest }] of changes) changes.set(orderId, rest);
    },
    current: (b) => {
      const c = changes.get(b.orderId);
      if (!c) return b;
      return {
        ...b,
        status: c.status ?? b.status,
        paymentStatus: c.paymentStatus ?? b.paymentStatus,
        paymentPrice: c.paymentPrice ?? b.paymentPrice,
        ...(c.promoCode === undefined ? {} : { promoCode: c.promoCode }),
        ...(c.extras === undefined ? {} : { extraServices: c.extras }),
      };
    },
    committed: (subject, clientRequestId) => writes.get(key(subject, clientRequestId)),
    commit: (subject, clientRequestId, write) => {
      writes.set(key(subject, clientRequestId), write);
      commitCounts.set(write.routeId, (commitCounts.get(write.routeId) ?? 0) + 1);
    },
  };
}
