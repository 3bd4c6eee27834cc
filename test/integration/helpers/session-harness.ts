import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSessionManager, type BrokerSessionManager, type CreateSessionManagerOptions } from "../../../broker/session/index.js";
import type { Cancel, Scheduler } from "../../../shared/scheduler.js";
import { createLogger, SecretRegistry } from "../../../shared/logger.js";
import { startSandbox, type Sandbox, type SandboxOptions } from "../../../scripts/sandbox/index.js";

export const CANARY = "CANARY-7f3e9d";

interface FakeTimer {
  fn: () => void;
  ms: number;
  state: "waiting" | "fired" | "cancelled";
}

/**
 * Timers on the sandbox clock. `auto(ms)` decides per timer: a number fires it on the next turn after
 * moving the sandbox clock by that much (so polls see time pass without sleeping); undefined holds it
 * for the test to fire.
 */
export class FakeScheduler implements Scheduler {
  readonly timers: FakeTimer[] = [];
  constructor(
    private readonly sandbox: Sandbox,
    private readonly auto: (ms: number, index: number) => number | undefined = () => undefined,
  ) {}

  schedule(fn: () => void, ms: number): Cancel {
    const timer: FakeTimer = { fn, ms, state: "waiting" };
    const advance = this.auto(ms, this.timers.length);
    this.timers.push(timer);
    if (advance !== undefined) {
      setImmediate(() => {
        if (timer.state !== "waiting") return;
        this.sandbox.control.advanceClock(advance);
        this.fire(timer);
      });
    }
    return () => {
      if (timer.state === "waiting") timer.state = "cancelled";
    };
  }

  waiting(): FakeTimer[] {
    return this.timers.filter((t) => t.state === "waiting");
  }

  fire(timer: FakeTimer): void {
    timer.state = "fired";
    timer.fn();
  }
}

export interface Harness {
  sandbox: Sandbox;
  dir: string;
  lines: string[];
  secrets: SecretRegistry;
  /** Every token-endpoint form the broker sent. */
  tokenForms: URLSearchParams[];
  manager(overrides?: Partial<CreateSessionManagerOptions>): Promise<BrokerSessionManager>;
  persistedRefreshToken(): Promise<string>;
  close(): Promise<void>;
}

export async function harness(sandboxOptions: SandboxOptions = {}, defaults: Partial<CreateSessionManagerOptions> = {}): Promise<Harness> {
  const sandbox = await startSandbox({ seed: "broker-session", canary: CANARY, deviceIntervalSeconds: 0, ...sandboxOptions });
  const dir = await mkdtemp(join(tmpdir(), "broker-session-"));
  const stateDir = join(dir, "state");
  const lines: string[] = [];
  const secrets = new SecretRegistry();
  const logger = createLogger({ destination: { write: (line: string) => void lines.push(line) }, level: "debug", secrets });
  const tokenForms: URLSearchParams[] = [];
  const recordingFetch: typeof fetch = (input, init) => {
    if (String(input instanceof Request ? input.url : input).endsWith("/oauth/token") && typeof init?.body === "string") tokenForms.push(new URLSearchParams(init.body));
    return fetch(input, init);
  };
  const managers: BrokerSessionManager[] = [];
  return {
    sandbox,
    dir: stateDir,
    lines,
    secrets,
    tokenForms,
    async manager(overrides = {}) {
      const m = await createSessionManager({
        stateDir,
        sessionStore: "file",
        issuerUrl: sandbox.urls.authIssuerUrl,
        timeoutMs: 10_000,
        now: () => sandbox.control.now(),
        fetch: recordingFetch,
        logger,
        secrets,
        tuning: { minPollIntervalMs: 5, retryBaseMs: 20, retryMaxMs: 200 },
        ...defaults,
        ...overrides,
      });
      managers.push(m);
      return m;
    },
    async persistedRefreshToken() {
      return (JSON.parse(await readFile(join(stateDir, "session.json"), "utf8")) as { refreshToken: string }).refreshToken;
    },
    async close() {
      await Promise.all(managers.map((m) => m.close()));
      await sandbox.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export const signal = (): AbortSignal => AbortSignal.timeout(15_000);

/** Device login through the control API; resolves once the broker reports it approved. */
export async function loginWith(manager: BrokerSessionManager, sandbox: Sandbox): Promise<void> {
  const start = await manager.loginStart(signal());
  sandbox.control.approveDevice(start.userCode);
  await waitFor(async () => (await manager.loginPoll(start.loginId, signal())).state === "approved");
}
