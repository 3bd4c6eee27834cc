import { spawn } from "node:child_process";
import { closeSync, constants, existsSync, openSync } from "node:fs";
import type { Socket } from "node:net";
import { join } from "node:path";
import { brokerChildEnv } from "./child-env.js";
import { ensurePrivateDir, verifyPrivateDir } from "./paths.js";
import { lockWithHolderPid, type LockFn } from "./pid-lock.js";
import { BrokerUnavailableError, connectBroker } from "./protocol/client.js";
import { isBrokerError } from "./protocol/broker-error.js";
import { BrokerUntrustedError } from "./protocol/socket-trust.js";
import { TOOLKIT_VERSION } from "./version.js";

export type { LockFn };

// gpg-agent's bound: a broker that has not answered by then is stuck, and the caller should say so.
export const READY_TIMEOUT_MS = 8000;
const LAUNCHER_CLIENT_VERSION = `launcher-${TOOLKIT_VERSION}`;

export type LauncherProblem = "not_set_up" | "state_dir_refused" | "broker_bin_missing" | "broker_exited" | "not_ready" | "socket_unusable" | "socket_untrusted" | "lock_failed";

/** The broker could not be reached or started; `problem` lets callers decide how loudly to say so. */
export class LauncherError extends Error {
  override readonly name = "LauncherError";
  constructor(
    readonly problem: LauncherProblem,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface EnsureBrokerOptions {
  socketPath: string;
  stateDir: string;
  /** The environment the broker child is derived from (through the allowlist). */
  env: Readonly<Record<string, string | undefined>>;
  /** Path of the built `tbank-auth-broker.js`. */
  brokerBin: string;
  timeoutMs?: number;
  lock?: LockFn;
  /**
   * Whether a missing state directory may be created. An agent-spawned MCP passes false: it must
   * not create directories in a home that was never set up, so it fails with `not_set_up` instead.
   */
  createStateDir?: boolean;
  /** Where a compromised spawn lock is reported; the launch continues. */
  warn?: (message: string) => void;
  /** Only the broker bin moving itself to the background sets this (shared/child-env.ts). */
  passWriteGates?: boolean;
}

// "slow": something accepted the connection but did not finish the hello in time, most likely a
// broker still starting on a loaded machine. Spawning another would only race it: wait for it.
type ProbeResult = "live" | "absent" | "slow";

/** Anything but a broker, nobody, or a slow hello is not ours to fix. */
async function probe(socketPath: string, timeoutMs: number): Promise<ProbeResult> {
  try {
    const conn = await connectBroker({ socketPath, role: "toolkit", clientVersion: LAUNCHER_CLIENT_VERSION, timeoutMs });
    conn.close();
    return "live";
  } catch (err) {
    if (err instanceof BrokerUnavailableError) return "absent";
    // Never "absent": spawning a broker would not make the path ours, and the person must fix it.
    if (err instanceof BrokerUntrustedError) throw new LauncherError("socket_untrusted", err.message, { cause: err });
    // At the connection limit it is still a live broker.
    if (isBrokerError(err) && err.code === "busy") return "live";
    if (isBrokerError(err) && err.code === "timeout") return "slow";
    throw new LauncherError("socket_unusable", `something answers at ${socketPath} but not as a usable broker: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}

/**
 * gpg-agent style auto-start: connect → take the spawn lock → connect again → spawn detached →
 * wait for the hello (≤ timeoutMs) → release. Concurrent callers serialise on the lock, so only the
 * first one spawns; the others find it running on their second connect.
 */
export async function ensureBroker(opts: EnsureBrokerOptions): Promise<"already_running" | "started"> {
  const timeoutMs = opts.timeoutMs ?? READY_TIMEOUT_MS;
  if ((await probe(opts.socketPath, 1000)) === "live") return "already_running";

  const dir = opts.createStateDir === false ? await verifyPrivateDir(opts.stateDir) : await ensurePrivateDir(opts.stateDir);
  if (!dir.ok) {
    if (dir.error.problem === "missing") throw new LauncherError("not_set_up", `the broker state directory ${opts.stateDir} does not exist yet (tbank-mcp setup or tbank-mcp login creates it)`);
    throw new LauncherError("state_dir_refused", `broker state directory refused: ${dir.error.message}`);
  }
  if (!existsSync(opts.brokerBin)) throw new LauncherError("broker_bin_missing", `the broker program ${opts.brokerBin} is missing (npm run build)`);

  let release: () => Promise<void>;
  let compromised = false;
  try {
    release = await (opts.lock ?? lockWithHolderPid)(opts.stateDir, {
      lockfilePath: join(opts.stateDir, "spawn.lock"),
      realpath: false,
      // Held for at most one spawn and its readiness wait; a lock this old belongs to a dead launcher.
      stale: 30_000,
      update: 5_000,
      retries: { retries: 200, factor: 1.2, minTimeout: 25, maxTimeout: 250 },
      onCompromised: (err) => {
        compromised = true;
        opts.warn?.(`broker spawn lock compromised (${err.message}); continuing without it`);
      },
    });
  } catch (err) {
    throw new LauncherError("lock_failed", `cannot take the broker spawn lock in ${opts.stateDir}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  try {
    const again = await probe(opts.socketPath, 1000);
    if (again === "live") return "already_running";
    if (again === "slow") {
      await waitForBroker(opts.socketPath, timeoutMs, join(opts.stateDir, "broker.log"));
      return "already_running";
    }
    await waitForBroker(opts.socketPath, timeoutMs, join(opts.stateDir, "broker.log"), spawnBroker(opts));
    return "started";
  } finally {
    if (!compromised) await release().catch(() => undefined);
  }
}

interface SpawnedBroker {
  exit?: { code: number | null; signal: NodeJS.Signals | null };
  error?: Error;
  /** The child wrote READY on its ready pipe: it listens. */
  ready: boolean;
  /** Settles when the child is ready, exits or cannot be spawned, so the wait need not sleep past it. */
  ended: Promise<void>;
}

function spawnBroker(opts: EnsureBrokerOptions): SpawnedBroker {
  // O_NOFOLLOW: a symlink planted in the state dir must not redirect the broker's output.
  const out = openSync(join(opts.stateDir, "broker.log"), constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | constants.O_NOFOLLOW, 0o600);
  let settle = (): void => undefined;
  const spawned: SpawnedBroker = { ready: false, ended: new Promise<void>((r) => (settle = r)) };
  try {
    // --foreground: this launcher is the one that detaches, so the bin must not daemonize again.
    // --ready-fd: the child says when it listens, so readiness needs no hello, which would make an
    // idle broker load what serves a connection (broker/server/listener.ts).
    const child = spawn(process.execPath, [opts.brokerBin, "--foreground", "--ready-fd", "3"], { detached: true, stdio: ["ignore", out, out, "pipe"], env: brokerChildEnv(opts.env, { writeGates: opts.passWriteGates === true }) });
    // A pipe in the child's stdio is a net.Socket.
    const readyPipe = child.stdio[3] as Socket | null;
    let said = "";
    readyPipe?.on("data", (chunk: Buffer) => {
      said += chunk.toString("latin1");
      if (!/^READY \d+\n/.test(said)) return;
      spawned.ready = true;
      readyPipe.destroy();
      settle();
    });
    readyPipe?.on("error", () => readyPipe.destroy());
    // Never what keeps the launcher's process alive: a child that never says READY is waited for
    // by the readiness deadline, not by its pipe.
    readyPipe?.unref();
    child.once("exit", (code, signal) => {
      spawned.exit = { code, signal };
      settle();
    });
    child.once("error", (err) => {
      spawned.error = err;
      settle();
    });
    child.unref();
  } finally {
    closeSync(out);
  }
  return spawned;
}

// While waiting, a half-started broker may fail a probe in any way but the socket turning untrusted.
const stillStarting = (err: unknown): "absent" => {
  if (err instanceof LauncherError && err.problem === "socket_untrusted") throw err;
  return "absent";
};

/** Sleeps `ms`, or less when `ended` settles first; the timer never keeps the process alive. */
function sleepUntil(ms: number, ended: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([new Promise<void>((r) => (timer = setTimeout(r, ms))), ended]).finally(() => clearTimeout(timer));
}

/**
 * Polls with backoff until the broker answers, the child we spawned exits or fails, or timeoutMs
 * passes. Without a child (a slow broker someone else started) only the deadline ends the wait.
 */
async function waitForBroker(socketPath: string, timeoutMs: number, logPath: string, child?: SpawnedBroker): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const ended = child?.ended ?? new Promise<void>(() => undefined);
  for (let wait = 25; ; wait = Math.min(wait * 2, 400)) {
    if (child?.error) throw new LauncherError("broker_exited", `cannot start the broker: ${child.error.message}`, { cause: child.error });
    if (child?.ready) return;
    // Read before the probe: an exit seen here is final, so this probe is the last word.
    const exit = child?.exit;
    const remaining = deadline - Date.now();
    if (remaining <= 0) break;
    // Our own child says when it is ready; it is probed only once it has exited (exit 0: another
    // broker owns the socket). Someone else's slow broker is probed until the deadline.
    const found = child && !exit ? "absent" : await probe(socketPath, Math.min(1000, remaining)).catch(stillStarting);
    if (found === "live") return;
    // "slow": a broker accepted but has not said welcome yet; that one may still answer.
    if (exit && found === "absent") throw new LauncherError("broker_exited", `the broker exited during start-up (${exit.signal ?? `code ${exit.code}`}) and no broker answers at ${socketPath}; see ${logPath}`);
    // An exit during the sleep ends it, so the next turn probes once more and then fails.
    await sleepUntil(Math.min(wait, Math.max(0, deadline - Date.now())), ended);
  }
  throw new LauncherError("not_ready", `the broker did not answer within ${timeoutMs / 1000} s; see ${logPath}`);
}
/**
 * What the MCP bins run at start: never throws, reports a failure once through `report`, and stays
 * quiet when the toolkit was never set up (the tools then say `broker_unavailable` and what to run).
 */
export async function autoStartBroker(opts: Omit<EnsureBrokerOptions, "createStateDir" | "warn">, report: (message: string) => void): Promise<void> {
  try {
    await ensureBroker({ ...opts, createStateDir: false, warn: report });
  } catch (err) {
    if (err instanceof LauncherError && err.problem === "not_set_up") return;
    report(`auth broker not started: ${err instanceof Error ? err.message : String(err)}`);
  }
}
