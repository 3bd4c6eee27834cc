import { BrokerError } from "../../shared/protocol/errors.js";

// Provider failures as broker errors. Messages carry only the HTTP status, a fixed code and the
// provider's request id: provider bodies can hold internals, ids and personal data, so they are
// never read on an error path, and the local `cause` keeps whatever else a log may need.

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function safeRequestId(headers: Headers): string | undefined {
  const id = headers.get("x-request-id") ?? undefined;
  return id !== undefined && SAFE_REQUEST_ID.test(id) ? id : undefined;
}

function suffix(requestId: string | undefined): string {
  return requestId === undefined ? "" : ` (x-request-id ${requestId})`;
}

export function statusError(status: number, requestId: string | undefined): BrokerError {
  const where = `HTTP ${status}${suffix(requestId)}`;
  if (status === 401) return new BrokerError("provider_auth_rejected", `the provider rejected the refreshed session: ${where}`);
  if (status === 403) return new BrokerError("provider_auth_rejected", `the provider refused access: ${where}`);
  if (status >= 300 && status < 400) return new BrokerError("provider_error", `the provider answered with a redirect, which is not followed: ${where}`);
  if (status === 429 || status >= 500) return new BrokerError("provider_unavailable", `the provider is unavailable: ${where}`, { retryAllowed: true });
  return new BrokerError("provider_error", `the provider returned an error: ${where}`);
}

/** A thrown fetch or body read: the request's own deadline, or the network. */
export function transportError(err: unknown, signal: AbortSignal, requestId?: string): BrokerError {
  if (err instanceof BrokerError) return err;
  if (signal.aborted) return new BrokerError("timeout", "the provider request was aborted at the deadline", { cause: err });
  return new BrokerError("provider_unavailable", `the provider could not be reached or the response broke off${suffix(requestId)}`, {
    retryAllowed: true,
    cause: err,
  });
}

export function badResponse(what: string, requestId: string | undefined, cause?: unknown): BrokerError {
  return new BrokerError("provider_error", `the provider sent ${what}${suffix(requestId)}`, { cause });
}
