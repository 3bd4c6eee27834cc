import type { z } from "zod";
import { ORDER_LIST_MAX } from "../../shared/protocol/ops-hotels-orders.js";
import { toIsoTimestamp } from "../../shared/time.js";
import type { ProviderAnswer } from "../provider/hotels.js";
import type { RequestContext } from "../types.js";
import { throughAllowlist } from "./allowlist.js";
import type { OperationDeps } from "./deps.js";

export type OrderReadDeps = Pick<OperationDeps, "hotels" | "refs" | "session" | "now">;

/**
 * The shared body of the low-level order reads: the bookingRef is resolved in this session and
 * role (invalid_ref / ref_expired otherwise), the provider is read with the session, and its answer
 * is copied through the operation's allowlist, which drops the order id wherever it appears.
 */
export async function readOrder<S extends z.ZodType>(
  deps: OrderReadDeps,
  bookingRef: string,
  req: RequestContext,
  read: (orderId: string, signal: AbortSignal) => Promise<ProviderAnswer>,
  allowlist: S,
): Promise<{ answer: z.infer<S>; observedAt: string }> {
  const orderId = deps.refs.resolve(bookingRef, deps.session.sessionId(), req.role);
  const raw = await read(orderId, req.signal);
  return { answer: throughAllowlist(allowlist, raw, { secrets: [orderId], maxItems: ORDER_LIST_MAX }), observedAt: toIsoTimestamp(deps.now()) };
}
