// Provider failures, reduced to what is safe to show a model or put in a broker error: the kind,
// the HTTP status, the provider's error code when it looks like a code, and the request id.
// Provider error bodies can carry internals, ids and personal data, so their text is never kept,
// not even in `cause`.

import type { HeaderReader } from "./answer.js";

export const PROVIDER_ERROR_KINDS = [
  "auth_rejected",
  "auth_unavailable",
  "rate_limited",
  "unavailable",
  "bad_request",
  "not_found",
  "conflict",
  "gone",
  "too_large",
  "redirect_refused",
  "bad_response",
  "overloaded",
  "aborted",
  "invalid_argument",
] as const;
export type ProviderErrorKind = (typeof PROVIDER_ERROR_KINDS)[number];

/** Why a call counts as `unavailable`; the journey retries a timeout once, nothing else. */
export type UnavailableReason = "timeout" | "network" | "truncated" | "server_error";

// A later identical call may succeed; every other kind needs a change first (config, input, time).
const TRANSIENT: ReadonlySet<ProviderErrorKind> = new Set(["rate_limited", "unavailable", "overloaded"]);

const SUMMARY: Record<ProviderErrorKind, string> = {
  auth_rejected: "the provider rejected the configured credentials",
  auth_unavailable: "the configured auth profile cannot produce credentials",
  rate_limited: "the provider is rate limiting requests",
  unavailable: "the provider is unavailable",
  bad_request: "the provider refused the request",
  not_found: "the provider does not know this resource",
  conflict: "the provider reported a conflict with an earlier request",
  gone: "the provider resource has expired",
  too_large: "the provider response exceeds the 2 MiB limit",
  redirect_refused: "the provider answered with a redirect, which is not followed",
  bad_response: "the provider sent a response of an unexpected form",
  overloaded: "too many provider requests are waiting in this process",
  aborted: "the provider request was cancelled",
  invalid_argument: "the request was refused locally before reaching the provider",
};

export interface ProviderErrorInfo {
  kind: ProviderErrorKind;
  routeId?: string;
  status?: number;
  /** The provider's error code, only when it matches /^[a-z_]{1,64}$/. */
  code?: string;
  requestId?: string;
  retryAfterSeconds?: number;
  reason?: UnavailableReason;
  /** Schema paths that did not match (bad_response) or local argument problems (invalid_argument); never values. */
  issues?: string[];
}

export interface ProviderErrorJson extends ProviderErrorInfo {
  name: "ProviderError";
  message: string;
  retryAllowed: boolean;
}

export class ProviderError extends Error {
  override name = "ProviderError" as const;
  readonly kind: ProviderErrorKind;
  readonly routeId: string | undefined;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly requestId: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly reason: UnavailableReason | undefined;
  readonly issues: string[] | undefined;
  /** True when repeating the same call later may succeed; auth_rejected is always terminal. */
  readonly retryAllowed: boolean;

  /** `cause` is for local transport errors only (e.g. ECONNREFUSED), never provider text. */
  constructor(info: ProviderErrorInfo, cause?: unknown) {
    super(describe(info), cause === undefined ? undefined : { cause });
    this.kind = info.kind;
    this.routeId = info.routeId;
    this.status = info.status;
    this.code = info.code;
    this.requestId = info.requestId;
    this.retryAfterSeconds = info.retryAfterSeconds;
    this.reason = info.reason;
    this.issues = info.issues;
    this.retryAllowed = TRANSIENT.has(info.kind);
  }

  toJSON(): ProviderErrorJson {
    const out: ProviderErrorJson = { name: this.name, kind: this.kind, message: this.message, retryAllowed: this.retryAllowed };
    if (this.routeId !== undefined) out.routeId = this.routeId;
    if (this.status !== undefined) out.status = this.status;
    if (this.code !== undefined) out.code = this.code;
    if (this.requestId !== undefined) out.requestId = this.requestId;
    if (this.retryAfterSeconds !== undefined) out.retryAfterSeconds = this.retryAfterSeconds;
    if (this.reason !== undefined) out.reason = this.reason;
    if (this.issues !== undefined) out.issues = [...this.issues];
    return out;
  }
}

export function isProviderError(value: unknown, kind?: ProviderErrorKind): value is ProviderError {
  return value instanceof ProviderError && (kind === undefined || value.kind === kind);
}

function describe(info: ProviderErrorInfo): string {
  const parts = [SUMMARY[info.kind]];
  if (info.reason !== undefined) parts.push(`(${info.reason.replace("_", " ")})`);
  if (info.status !== undefined) parts.push(`HTTP ${info.status}`);
  if (info.code !== undefined) parts.push(`code ${info.code}`);
  if (info.retryAfterSeconds !== undefined) parts.push(`retry after ${info.retryAfterSeconds} s`);
  if (info.requestId !== undefined) parts.push(`x-request-id ${info.requestId}`);
  return `${info.routeId === undefined ? "" : `${info.routeId}: `}${parts.join(", ")}`;
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
const SAFE_CODE = /^[a-z_]{1,64}$/;

export function safeRequestId(headers: HeaderReader): string | undefined {
  const id = headers.get("x-request-id") ?? undefined;
  return id !== undefined && SAFE_REQUEST_ID.test(id) ? id : undefined;
}

export function safeCode(value: unknown): string | undefined {
  return typeof value === "string" && SAFE_CODE.test(value) ? value : undefined;
}

/** Seconds from a Retry-After header (delta-seconds or HTTP-date), clamped to an hour. */
export function retryAfterSeconds(headers: HeaderReader, now: number): number | undefined {
  const raw = headers.get("retry-after")?.trim();
  if (raw === undefined || raw === "") return undefined;
  const seconds = /^\d{1,9}$/.test(raw) ? Number(raw) : Math.ceil((Date.parse(raw) - now) / 1000);
  if (!Number.isFinite(seconds)) return undefined;
  return Math.min(Math.max(seconds, 0), 3600);
}

export function statusKind(status: number): ProviderErrorKind {
  if (status === 401 || status === 403) return "auth_rejected";
  if (status === 429) return "rate_limited";
  if (status === 404) return "not_found";
  if (status === 409) return "conflict";
  if (status === 410) return "gone";
  if (status >= 500) return "unavailable";
  return "bad_request";
}
