// /readyz and the landing page's health line: is the store answering, is the provider reachable.
// One check serves every caller for a few seconds, so a load balancer probing each instance every
// second costs the provider one cheap request per instance per CACHE_MS, not one per probe.

export type Reachability = "ok" | "unreachable";

export interface ReadinessReport {
  ready: boolean;
  store: Reachability;
  provider: Reachability;
  checkedAt: string;
}

export interface ReadinessDeps {
  pingStore(): Promise<void>;
  /** One cheap provider request that rejects when the provider cannot be reached in time. */
  probeProvider(timeoutMs: number): Promise<void>;
  now?: () => number;
}

const CACHE_MS = 5000;
// Short enough that a probe with a 5 s timeout (Kubernetes' default is 1 s) gets an answer.
export const PROVIDER_PROBE_TIMEOUT_MS = 2000;

export class Readiness {
  private last: { at: number; report: ReadinessReport } | undefined;
  private running: Promise<ReadinessReport> | undefined;
  private readonly now: () => number;

  constructor(private readonly deps: ReadinessDeps) {
    this.now = deps.now ?? Date.now;
  }

  check(): Promise<ReadinessReport> {
    if (this.last && this.now() - this.last.at < CACHE_MS) return Promise.resolve(this.last.report);
    return (this.running ??= this.run().finally(() => (this.running = undefined)));
  }

  private async run(): Promise<ReadinessReport> {
    const reach = (p: Promise<void>): Promise<Reachability> => p.then(() => "ok" as const, () => "unreachable" as const);
    const storePing = Promise.race([this.deps.pingStore(), new Promise<void>((_, reject) => setTimeout(() => reject(new Error("store ping timed out")), PROVIDER_PROBE_TIMEOUT_MS).unref())]);
    const [store, provider] = await Promise.all([reach(storePing), reach(this.deps.probeProvider(PROVIDER_PROBE_TIMEOUT_MS))]);
    const at = this.now();
    const report = { ready: store === "ok" && provider === "ok", store, provider, checkedAt: new Date(at).toISOString() };
    this.last = { at, report };
    return report;
  }
}
