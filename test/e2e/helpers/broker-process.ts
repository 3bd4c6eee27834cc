import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Sandbox } from "../../../scripts/sandbox/index.js";
import { osClockEnv } from "../../fixtures/clock.js";

const run = promisify(execFile);
export const BROKER_BIN = "dist/tbank-auth-broker.js";

export interface BrokerEnv {
  root: string;
  env: Record<string, string>;
  socketPath: string;
  stateDir: string;
  voucherDir: string;
  cleanup(): Promise<void>;
}

/** A private HOME and state for one broker, pointed at a sandbox; nothing from the caller's environment leaks in. */
export async function brokerEnv(sandbox: Sandbox): Promise<BrokerEnv> {
  const root = await mkdtemp(join(tmpdir(), "tbk-e2e-"));
  const socketPath = join(root, "run", "auth.sock");
  const stateDir = join(root, "state");
  const voucherDir = join(root, "vouchers");
  const env = {
    ...osClockEnv(),
    HOME: root,
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    TBANK_HOTELS_API_BASE_URL: sandbox.urls.hotelsApiBaseUrl,
    TBANK_AUTH_ISSUER_URL: sandbox.urls.authIssuerUrl,
    TBANK_BANKING_API_BASE_URL: sandbox.urls.bankingApiBaseUrl,
    TBANK_AUTH_BROKER_SOCKET: socketPath,
    TBANK_AUTH_BROKER_STATE_DIR: stateDir,
    TBANK_AUTH_SESSION_STORE: "file",
    TBANK_HOTELS_VOUCHER_DIRECTORY: voucherDir,
  };
  return { root, env, socketPath, stateDir, voucherDir, cleanup: () => rm(root, { recursive: true, force: true }) };
}

/** Starts the broker the way a launcher would: the bin daemonizes and exits once the socket answers. */
export async function startDaemon(env: Record<string, string>): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, [BROKER_BIN], { env, timeout: 15_000 });
}

/** Pids of live broker processes started with this state dir (read from /proc, Linux only). */
export async function brokerPids(stateDir: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = await readFile(`/proc/${entry}/cmdline`, "utf8");
      if (!cmdline.includes("tbank-auth-broker")) continue;
      const environ = await readFile(`/proc/${entry}/environ`, "utf8");
      if (environ.split("\0").includes(`TBANK_AUTH_BROKER_STATE_DIR=${stateDir}`)) pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}
