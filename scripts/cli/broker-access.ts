import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseConfig } from "../../shared/config/index.js";
import type { ToolkitConfig } from "../../shared/config/types.js";
import { BrokerUnavailableError, connectBroker, type BrokerConnection } from "../../shared/protocol/client.js";
import { isBrokerError } from "../../shared/protocol/errors.js";
import { BrokerUntrustedError } from "../../shared/protocol/socket-trust.js";
import { TOOLKIT_VERSION } from "../../shared/version.js";
import { CommandError } from "./errors.js";
import type { CommandIo } from "./io.js";

/** The parsed configuration, or every problem at once (exit 78, like the other programs). */
export function loadConfig(env: CommandIo["env"]): ToolkitConfig {
  const parsed = parseConfig(env);
  if (parsed.ok) return parsed.config;
  throw new CommandError(`the configuration has problems (tbank-mcp doctor explains each):\n${parsed.problems.map((p) => `  ${p.variable}: ${p.message}`).join("\n")}`, 78);
}

/**
 * The built broker next to this code: `dist/` when bundled (this file may sit in `dist/chunks/`),
 * `<repo>/dist/` when run from source.
 */
export function brokerBinPath(from: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(from));
  for (let i = 0; i < 5; i++) {
    for (const candidate of [join(dir, "tbank-auth-broker.js"), join(dir, "dist", "tbank-auth-broker.js")]) {
      if (existsSync(candidate)) return candidate;
    }
    dir = dirname(dir);
  }
  throw new CommandError("cannot find tbank-auth-broker.js next to the toolkit (run npm run build)");
}

// The broker closes a connection idle for 60 s, so one held longer is in use by a program of this
// user. stop-broker is not offered: it needs a connection too.
export const BROKER_BUSY_FIX = "try again in a minute; if it stays busy, a program running as you holds its connections: close the AI agents or MCP clients you do not use";

/** The broker answered at its connection limit: it runs, but has no connection for us. */
export const brokerBusy = (socketPath: string): string => `the auth broker at ${socketPath} is running, busy: all its connections are in use`;

export type FoundBroker = { state: "absent" } | { state: "busy" } | { state: "live"; conn: BrokerConnection };

/** Connects as the toolkit if a broker runs. Never starts one. */
export async function findBroker(config: ToolkitConfig): Promise<FoundBroker> {
  try {
    return { state: "live", conn: await connectBroker({ socketPath: config.broker.socketPath, role: "toolkit", clientVersion: TOOLKIT_VERSION, timeoutMs: config.broker.timeoutMs }) };
  } catch (err) {
    if (err instanceof BrokerUnavailableError) return { state: "absent" };
    if (isBrokerError(err) && err.code === "busy") return { state: "busy" };
    if (err instanceof BrokerUntrustedError) throw new CommandError(err.message);
    throw new CommandError(`the broker at ${config.broker.socketPath} did not answer properly: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** A toolkit connection, or undefined when no broker answers; a busy broker is an error. Never starts one. */
export async function connectIfRunning(config: ToolkitConfig): Promise<BrokerConnection | undefined> {
  const found = await findBroker(config);
  if (found.state === "busy") throw new CommandError(`${brokerBusy(config.broker.socketPath)}; ${BROKER_BUSY_FIX}`);
  return found.state === "live" ? found.conn : undefined;
}

/** Resolves after `ms`, or rejects with a CommandError (exit 130) when the person interrupts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new CommandError("interrupted", 130));
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new CommandError("interrupted", 130));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

export function isTty(stream: CommandIo["stderr"]): boolean {
  return (stream as { isTTY?: boolean }).isTTY === true;
}
