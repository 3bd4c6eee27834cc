import { BrokerError } from "../../shared/protocol/broker-error.js";
import type { PreparedWrite } from "../../shared/protocol/ops-hotels-writes.js";
import { PREPARATION_TTL_MS } from "../../shared/writes/hash.js";

/** How far in the future a preparation's clock may be from the broker's (two processes, one machine). */
export const CLOCK_SKEW_MS = 30_000;

export const preparationInvalid = (message: string): BrokerError => new BrokerError("preparation_invalid", message);

/** Live at `now`: not expired, no longer than the TTL the MCP gives, and not prepared in the future. */
export function isFresh(prepared: PreparedWrite, now: number): boolean {
  const preparedAt = Date.parse(prepared.preparedAt);
  const expiresAt = Date.parse(prepared.expiresAt);
  return expiresAt > now && expiresAt - preparedAt <= PREPARATION_TTL_MS && preparedAt <= now + CLOCK_SKEW_MS;
}

export function requireFresh(prepared: PreparedWrite, now: number): void {
  if (!isFresh(prepared, now)) throw preparationInvalid(`the preparation expired at ${prepared.expiresAt} (or its times are wrong): prepare again`);
}
