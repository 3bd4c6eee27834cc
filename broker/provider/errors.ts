import { BodyTooLarge } from "../../shared/http/capped-body.js";
import { ProviderError } from "../../shared/http/provider-error.js";
import { MAX_RESPONSE_BYTES } from "../../shared/http/provider-http.js";
import { BrokerError } from "../../shared/protocol/broker-error.js";

// Provider failures as broker errors. Messages carry only the HTTP status, a fixed text and the
// provider's request id: provider bodies can hold internals, ids and personal data, and the shared
// core never keeps their text.

function suffix(requestId: string | undefined): string {
  return requestId === undefined ? "" : ` (x-request-id ${requestId})`;
}

export function tooLarge(maxBytes: number): BrokerError {
  return new BrokerError("too_large", `the provider response exceeds the ${maxBytes}-byte limit`);
}

const BAD_RESPONSE: Record<string, string> = { content_type: "an unexpected content type", json: "malformed JSON" };

/** The one conversion from the shared core's ProviderError to the broker's error codes; others pass. */
export function brokerError(err: unknown): unknown {
  if (!(err instanceof ProviderError)) return err;
  const where = `HTTP ${err.status}${suffix(err.requestId)}`;
  switch (err.kind) {
    case "auth_rejected":
      return new BrokerError("provider_auth_rejected", err.status === 401 ? `the provider rejected the refreshed session: ${where}` : `the provider refused access: ${where}`);
    case "redirect_refused":
      return new BrokerError("provider_error", `the provider answered with a redirect, which is not followed: ${where}`);
    case "rate_limited":
    case "unavailable":
      if (err.status !== undefined) return new BrokerError("provider_unavailable", `the provider is unavailable: ${where}`, { retryAllowed: true });
      return new BrokerError("provider_unavailable", `the provider could not be reached or the response broke off${suffix(err.requestId)}`, { retryAllowed: true, cause: err });
    case "overloaded":
      return new BrokerError("busy", "too many provider requests are waiting in the broker; try again shortly", { retryAllowed: true });
    case "aborted":
      return new BrokerError("timeout", "the provider request was aborted at the deadline", { cause: err });
    case "too_large":
      return tooLarge(MAX_RESPONSE_BYTES);
    case "bad_response":
      return new BrokerError("provider_error", `the provider sent ${BAD_RESPONSE[err.issues?.[0] ?? ""] ?? "a response of an unexpected shape"}${suffix(err.requestId)}`, { cause: err });
    default:
      return new BrokerError("provider_error", err.status === undefined ? "the provider call failed" : `the provider returned an error: ${where}`, { cause: err });
  }
}

/** A failed read of a body the broker streams itself (a voucher): its cap, the deadline, or the network. */
export function streamError(err: unknown, signal: AbortSignal, requestId: string | undefined): BrokerError {
  if (err instanceof BrokerError) return err;
  if (err instanceof BodyTooLarge) return tooLarge(err.maxBytes);
  if (signal.aborted) return new BrokerError("timeout", "the provider request was aborted at the deadline", { cause: err });
  return new BrokerError("provider_unavailable", `the provider could not be reached or the response broke off${suffix(requestId)}`, {
    retryAllowed: true,
    cause: err,
  });
}
