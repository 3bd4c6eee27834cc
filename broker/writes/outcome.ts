import { ProviderError } from "../../shared/http/provider-error.js";
import type { WRITE_REFUSALS } from "../../shared/protocol/ops-hotels-writes.js";
import type { TryResult } from "../provider/hotels-writes.js";

export type WriteRefusal = (typeof WRITE_REFUSALS)[number];

// The provider's refusal codes, as the safe reasons the protocol names. Anything else a 4xx says
// is `rejected`: the write did not happen, and the provider's own words never reach a model.
const REFUSALS: Readonly<Record<string, WriteRefusal>> = {
  price_changed: "price_changed",
  rate_not_found: "rate_unavailable",
  book_hash_expired: "rate_unavailable",
  not_cancellable: "not_cancellable",
  nothing_to_pay: "nothing_to_pay",
  promo_code_invalid: "promo_code_invalid",
  service_unavailable: "service_unavailable",
  invalid_guests: "invalid_guests",
};

export function refusalOf(code: string | undefined): WriteRefusal {
  return (code !== undefined && Object.hasOwn(REFUSALS, code) ? REFUSALS[code] : undefined) ?? "rejected";
}

/**
 * What one POST did, as far as the broker can know:
 * - answered: 2xx with a readable body: committed
 * - refused: a 4xx refusal: nothing changed
 * - auth_rejected (401/403) and throttled (429): turned away before the write was looked at
 * - not_sent: failed before leaving the broker (no session, queue full): nothing changed
 * - unknown: sent, and then a timeout, a network error, a 5xx or an unreadable 2xx: it may have
 *   been committed, so it must be reconciled before anything is sent for this hash again
 */
export type SendVerdict<T> =
  | { kind: "answered"; value: T }
  | { kind: "refused"; reason: WriteRefusal }
  | { kind: "auth_rejected"; error: unknown }
  | { kind: "throttled"; error: unknown }
  | { kind: "not_sent"; error: unknown }
  | { kind: "unknown"; error: unknown };

export function classifySend<T>(result: TryResult<T>): SendVerdict<T> {
  if (result.ok) return { kind: "answered", value: result.value };
  const { error, sent } = result;
  if (!sent) return { kind: "not_sent", error };
  const status = error instanceof ProviderError ? error.status : undefined;
  if (status === 401 || status === 403) return { kind: "auth_rejected", error };
  if (status === 429) return { kind: "throttled", error };
  if (status !== undefined && status >= 400 && status < 500 && error instanceof ProviderError) return { kind: "refused", reason: refusalOf(error.code) };
  return { kind: "unknown", error };
}

/** A write_request lookup: found (committed), not_found (404: never committed), or failed (still unknown). */
export function classifyLookup<T>(result: TryResult<T>): { kind: "found"; value: T } | { kind: "not_found" } | { kind: "failed"; error: unknown } {
  if (result.ok) return { kind: "found", value: result.value };
  if (result.error instanceof ProviderError && result.error.status === 404) return { kind: "not_found" };
  return { kind: "failed", error: result.error };
}
