import { createHash } from "node:crypto";
import type { PreparedWrite, WriteKind } from "../protocol/ops-hotels-writes.js";

// One hash, computed the same way by the Hotels MCP (prepare) and the broker (execute): SHA-256 of
// the canonical JSON of the whole prepared write (kind, every request field, preparedAt and
// expiresAt). Changing any field, or either timestamp, gives another hash, which nobody approved.

/** JSON with object keys sorted at every level, so equal values always hash the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") {
    if (typeof value === "number" && !Number.isFinite(value)) throw new TypeError("not a finite number");
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

export function requestHashOf(prepared: PreparedWrite): string {
  return createHash("sha256").update(canonicalJson(prepared)).digest("hex");
}

const PHRASE_WORDS: Readonly<Record<WriteKind, string>> = {
  booking: "book",
  ls_booking: "book",
  cancellation: "cancel",
  payment_setup: "set up payment",
  promo_code: "apply promo code",
  extra_services: "add services",
};

/**
 * The exact phrase the person's consent is recorded with: the action and the hash's first 8 hex
 * digits, e.g. `confirm book 3f9a2c71`. It proves the model carried the prepared answer forward; it
 * does not approve anything (only the person does, through the broker's own channels).
 */
export function confirmationPhraseOf(kind: WriteKind, requestHash: string): string {
  return `confirm ${PHRASE_WORDS[kind]} ${requestHash.slice(0, 8)}`;
}

/** The provider idempotency key sent with the write and used to reconcile an unknown outcome. */
export function clientRequestIdOf(requestHash: string): string {
  return `mcp-${requestHash.slice(0, 32)}`;
}

/** Preparations live five minutes (the seed's confirmation TTL). */
export const PREPARATION_TTL_MS = 5 * 60_000;
