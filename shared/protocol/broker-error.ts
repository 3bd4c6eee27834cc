// Broker errors without their zod schemas (errors.ts), so the broker's start path and its light
// modules can throw and convert them without loading zod.

// The closed set of broker error codes. Adding one is a protocol change: update docs/protocol.md.
export const ERROR_CODES = [
  "unsupported_protocol",
  "operation_not_allowed",
  "bad_request",
  "mobile_login_required",
  "session_expired",
  "provider_auth_rejected",
  "provider_unavailable",
  "provider_error",
  "invalid_ref",
  "ref_expired",
  "capability_consumed",
  "too_large",
  "busy",
  "timeout",
  "internal",
  // Writes (issue 16): gates, preparation checks, the person's approval, exactly-once.
  "execution_unavailable",
  "preparation_invalid",
  "approval_denied",
  "approval_timeout",
  "in_progress",
  "outcome_unknown",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

// retryAllowed answers "may the same call, unchanged, succeed later without the user doing
// anything?". Only transient conditions say yes; everything else needs a new ref, a login or a fix.
export const DEFAULT_RETRY_ALLOWED: Readonly<Record<ErrorCode, boolean>> = {
  unsupported_protocol: false,
  operation_not_allowed: false,
  bad_request: false,
  mobile_login_required: false,
  session_expired: false,
  provider_auth_rejected: false,
  provider_unavailable: true,
  provider_error: false,
  invalid_ref: false,
  ref_expired: false,
  capability_consumed: false,
  too_large: false,
  busy: true,
  timeout: true,
  internal: false,
  execution_unavailable: false,
  preparation_invalid: false,
  approval_denied: false,
  // Nothing was sent; the person may approve on a later attempt, but the model must not loop on it.
  approval_timeout: false,
  in_progress: true,
  outcome_unknown: false,
};

export const DEFAULT_ERROR_MESSAGES: Readonly<Record<ErrorCode, string>> = {
  unsupported_protocol: "unsupported broker protocol version",
  operation_not_allowed: "operation is not allowed for this client",
  bad_request: "malformed request",
  mobile_login_required: "not signed in: run `tbank-mcp login`",
  session_expired: "the session has expired: run `tbank-mcp login`",
  provider_auth_rejected: "the provider rejected the session credentials",
  provider_unavailable: "the provider is unavailable",
  provider_error: "the provider returned an error",
  invalid_ref: "unknown reference",
  ref_expired: "the reference has expired: fetch a new one",
  capability_consumed: "the capability has already been used",
  too_large: "message or payload too large",
  busy: "the broker is busy",
  timeout: "the operation timed out",
  internal: "internal broker error",
  execution_unavailable: "writes are not enabled on this broker",
  preparation_invalid: "the prepared request does not match: prepare it again",
  approval_denied: "the person denied this request: nothing was sent",
  approval_timeout: "the person did not approve in time: nothing was sent",
  in_progress: "this request is already being executed",
  outcome_unknown: "the provider's answer was lost after sending: the outcome is being reconciled, do not repeat",
};

export const MAX_ERROR_MESSAGE_LENGTH = 500;

export interface ErrorReply {
  code: ErrorCode;
  message: string;
  retryAllowed: boolean;
}

export interface BrokerErrorOptions {
  retryAllowed?: boolean;
  cause?: unknown;
}

// In-process error. Its message crosses the socket, so it must be written for the other side:
// never put tokens, provider bodies or ids in it. Put those in `cause`, which stays local.
export class BrokerError extends Error {
  override name = "BrokerError";
  readonly code: ErrorCode;
  readonly retryAllowed: boolean;

  constructor(code: ErrorCode, message: string = DEFAULT_ERROR_MESSAGES[code], options: BrokerErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.retryAllowed = options.retryAllowed ?? DEFAULT_RETRY_ALLOWED[code];
  }
}

export function isBrokerError(err: unknown): err is BrokerError {
  return err instanceof BrokerError;
}

// The one conversion to the socket's error reply. Anything that is not a BrokerError is a bug or an
// unexpected library failure whose message may carry secrets, so it becomes a generic `internal`.
export function toErrorReply(err: unknown): ErrorReply {
  if (err instanceof BrokerError) {
    return { code: err.code, message: err.message.slice(0, MAX_ERROR_MESSAGE_LENGTH), retryAllowed: err.retryAllowed };
  }
  return { code: "internal", message: DEFAULT_ERROR_MESSAGES.internal, retryAllowed: DEFAULT_RETRY_ALLOWED.internal };
}

export function fromErrorReply(reply: ErrorReply): BrokerError {
  return new BrokerError(reply.code, reply.message, { retryAllowed: reply.retryAllowed });
}
