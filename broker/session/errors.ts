import { BrokerError } from "../../shared/protocol/broker-error.js";
import { IdentityProviderError } from "./provider.js";

/** Provider failures as the broker's closed error set; messages stay fixed text, details go to `cause`. */
export function toBrokerError(err: unknown, signal?: AbortSignal): BrokerError {
  if (err instanceof BrokerError) return err;
  if (signal?.aborted) return new BrokerError("timeout", undefined, { cause: err });
  if (err instanceof IdentityProviderError) {
    switch (err.kind) {
      case "unreachable":
      case "unavailable":
      case "indeterminate":
        return new BrokerError("provider_unavailable", "the identity provider is unavailable", { cause: err });
      case "rejected":
      case "protocol":
        return new BrokerError("provider_error", "the identity provider refused the request", { cause: err });
    }
  }
  return new BrokerError("internal", undefined, { cause: err });
}

/** Waits for shared work on behalf of one caller: the caller may give up; the work goes on for the others. */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new BrokerError("timeout"));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new BrokerError("timeout"));
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(err instanceof Error ? err : new BrokerError("internal", undefined, { cause: err }));
      },
    );
  });
}
