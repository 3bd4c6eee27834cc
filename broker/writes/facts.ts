import type { SecretRegistry } from "../../shared/logger.js";
import type { Role } from "../../shared/protocol/common.js";
import { ProviderStatusSchema } from "../../shared/protocol/common.js";
import { BrokerError } from "../../shared/protocol/broker-error.js";
import { EXTRA_SERVICE_TYPES, type CommittedFacts, type PreparedWrite } from "../../shared/protocol/ops-hotels-writes.js";
import type { ProviderAnswer, HotelsCustomerApi } from "../provider/hotels.js";
import type { ProviderOrderV1 } from "../provider/hotels-schemas.js";
import type { WriteAnswer } from "../provider/hotels-writes.js";
import type { RefTable } from "../refs.js";
import { moneyFact } from "./display.js";
import { offsetTimestampOrNull } from "../operations/sanitize.js";
import { isLoopbackHostname } from "../../shared/config/problems.js";

// Committed facts, from the provider's answer to the write or, after a lost answer, from the
// reads that reconcile it. A new order becomes a bookingRef (the orderId stays in the broker and in
// the log scrubber); every other fact passes the same checks as the customer reads.

export interface FactsContext {
  hotels: HotelsCustomerApi;
  refs: RefTable;
  secrets: SecretRegistry;
  sessionId: string;
  role: Role;
  /** Bounds each follow-up read. */
  signal: () => AbortSignal;
}

const statusOr = (value: unknown, fallback: string): string => {
  const parsed = ProviderStatusSchema.safeParse(value);
  return parsed.success ? parsed.data : fallback;
};

async function readOrNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch {
    return null;
  }
}

/** The new order's ref, its orderId registered with the scrubber like every other orderId. */
function refFor(orderId: string, ctx: FactsContext): string {
  ctx.secrets.add(orderId);
  return ctx.refs.mint(orderId, ctx.sessionId, ctx.role).bookingRef;
}

/** A booking or LS booking: one booking_task read (best effort) says how far the asynchronous task got. */
export async function bookingFacts(kind: "booking" | "ls_booking", orderId: string, answeredStatus: string | null | undefined, ctx: FactsContext): Promise<CommittedFacts> {
  const bookingRef = refFor(orderId, ctx);
  const task: ProviderAnswer | null = await readOrNull(() => ctx.hotels.bookingTask(orderId, ctx.signal()));
  return {
    kind,
    bookingRef,
    taskStatus: statusOr(task?.status, statusOr(answeredStatus, "IN_PROGRESS")),
    orderStatus: task === null ? null : statusOr(task.orderStatus, "") || null,
  };
}

function paymentPageUrl(raw: string, orderId: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BrokerError("provider_error", "the provider set up payment but sent no usable page address: open the orders page");
  }
  // The person types card data on this page: https only (plain http only on this machine, the
  // sandbox's), no credentials; and an address that names the order would hand the orderId to the model.
  const secure = url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHostname(url.hostname));
  if (!secure || url.username !== "" || url.password !== "" || raw.includes(orderId) || raw.length > 500) {
    throw new BrokerError("provider_error", "the provider set up payment but sent no usable page address: open the orders page");
  }
  return url.href;
}

/** Facts from the write's own 2xx answer. */
export async function answeredFacts(prepared: PreparedWrite, orderId: string | undefined, answer: WriteAnswer<PreparedWrite["kind"]>, ctx: FactsContext): Promise<CommittedFacts> {
  switch (prepared.kind) {
    case "booking":
    case "ls_booking": {
      const a = answer as WriteAnswer<"booking">;
      return bookingFacts(prepared.kind, a.orderId, a.status, ctx);
    }
    case "cancellation": {
      const a = answer as WriteAnswer<"cancellation">;
      return { kind: "cancellation", bookingRef: prepared.request.bookingRef, status: a.status, penalty: moneyFact(a.penalty), refund: moneyFact(a.refund) };
    }
    case "payment_setup": {
      const a = answer as WriteAnswer<"payment_setup">;
      const amount = moneyFact(a.amount);
      if (amount === null) throw new BrokerError("provider_error", "the provider set up payment without a usable amount: open the orders page");
      return {
        kind: "payment_setup",
        bookingRef: prepared.request.bookingRef,
        paymentPageUrl: paymentPageUrl(a.paymentUrl, orderId ?? ""),
        paymentPageExpiresAt: offsetTimestampOrNull(a.expiresAt),
        amount,
      };
    }
    case "promo_code": {
      const a = answer as WriteAnswer<"promo_code">;
      return { kind: "promo_code", bookingRef: prepared.request.bookingRef, applied: a.applied, priceAfter: moneyFact(a.priceAfter) };
    }
    case "extra_services": {
      const a = answer as WriteAnswer<"extra_services">;
      const added = EXTRA_SERVICE_TYPES.filter((s) => a.added.includes(s));
      return { kind: "extra_services", bookingRef: prepared.request.bookingRef, added, priceAfter: moneyFact(a.priceAfter) };
    }
  }
}

function orderPrice(order: ProviderOrderV1 | null) {
  const p = order?.rateData?.paymentData;
  return typeof p?.paymentPrice === "number" ? moneyFact({ value: p.paymentPrice, currency: p.currency ?? "" }) : null;
}

/**
 * Facts of a write the provider says it committed (write_request found it) whose answer was lost:
 * the order is read back. The ref is the order's live one in this session (the same the request
 * named, or a new one after a restart, which kills refs). Payment setup is not handled here: its page address exists only in the
 * provider's answer (see the executor).
 */
export async function reconciledFacts(prepared: Exclude<PreparedWrite, { kind: "payment_setup" }>, orderId: string, ctx: FactsContext): Promise<CommittedFacts> {
  switch (prepared.kind) {
    case "booking":
      return bookingFacts("booking", orderId, null, ctx);
    case "ls_booking": {
      const bookingRef = refFor(orderId, ctx);
      const check: ProviderAnswer | null = await readOrNull(() => ctx.hotels.lsOrderCheck(orderId, ctx.signal()));
      const status = check === null ? null : statusOr(check.lsOrderStatus, "") || null;
      return { kind: "ls_booking", bookingRef, taskStatus: status ?? "COMMITTED", orderStatus: status };
    }
    case "cancellation": {
      const order = await readOrNull(() => ctx.hotels.orderV1(orderId, ctx.signal()));
      return { kind: "cancellation", bookingRef: refFor(orderId, ctx), status: order?.status ?? "CANCELLED", penalty: null, refund: null };
    }
    case "promo_code": {
      const order = await readOrNull(() => ctx.hotels.orderV1(orderId, ctx.signal()));
      return { kind: "promo_code", bookingRef: refFor(orderId, ctx), applied: true, priceAfter: orderPrice(order) };
    }
    case "extra_services": {
      const order = await readOrNull(() => ctx.hotels.orderV1(orderId, ctx.signal()));
      return { kind: "extra_services", bookingRef: refFor(orderId, ctx), added: [...prepared.request.services], priceAfter: orderPrice(order) };
    }
  }
}
