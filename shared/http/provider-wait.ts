import type { Clock } from "../time.js";
// How long a process waited on its provider: the union of its requests' intervals (from sending a
// request to its answer's headers), overlapping requests counted once. The remote mode publishes it
// as a Prometheus counter, the provider latency its own overhead is judged against (bench:http):
// unlike time measured inside the provider, it includes the network and the provider's HTTP stack.

export class ProviderWaitMeter {
  #inFlight = 0;
  #since = 0;
  #totalMs = 0;
  #requests = 0;
  readonly #now: Clock;

  constructor(now: Clock = () => performance.now()) {
    this.#now = now;
  }

  /** Marks a request sent; the function returned marks its answer (once, however often it is called). */
  begin(): () => void {
    this.#requests += 1;
    if (this.#inFlight++ === 0) this.#since = this.#now();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      if (--this.#inFlight === 0) this.#totalMs += this.#now() - this.#since;
    };
  }

  /** Milliseconds with at least one request in flight, the one in progress included. */
  get busyMs(): number {
    return this.#totalMs + (this.#inFlight > 0 ? this.#now() - this.#since : 0);
  }

  get requests(): number {
    return this.#requests;
  }
}
