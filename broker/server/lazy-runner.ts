import type { RunOperation } from "../types.js";

/** A runner that loads on its first call, or earlier when asked to. */
export interface LazyRunner {
  run: RunOperation;
  /** Starts loading now (a client said hello: its first request is likely near). */
  preload: () => void;
  /** Undefined once loaded; until then, a promise that settles (never rejects) when a load attempt ends. */
  loading: () => Promise<void> | undefined;
}

/**
 * A runner loaded by the first request: the operations, their schemas and what they use are most
 * of the broker's memory, and an idle broker needs none of them. Once loaded, calls go straight
 * through (synchronous answers stay synchronous); a failed load is tried again by the next call.
 */
export function lazyRunner(load: () => Promise<RunOperation>): LazyRunner {
  let run: RunOperation | undefined;
  let loading: Promise<RunOperation> | undefined;
  const loaded = (): Promise<RunOperation> =>
    (loading ??= load().then(
      (r) => (run = r),
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    ));
  return {
    run: (op, rawArgs, req) => (run ? run(op, rawArgs, req) : loaded().then((r) => r(op, rawArgs, req))),
    // A failure here is met again, and answered, by the request that needs the runner.
    preload: () => void loaded().catch(() => undefined),
    loading: () =>
      run
        ? undefined
        : loaded().then(
            () => undefined,
            () => undefined,
          ),
  };
}

export function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function";
}
