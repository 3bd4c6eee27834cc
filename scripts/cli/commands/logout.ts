import { lstat, readdir, unlink } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { DeviceGrantProvider, openSessionStore, type PersistedSession } from "../../../broker/session/index.js";
import { classifyName } from "../../../broker/vouchers/names.js";
import type { ToolkitConfig } from "../../../shared/config/index.js";
import { verifyPrivateDir } from "../../../shared/paths.js";
import { isBrokerError } from "../../../shared/protocol/errors.js";
import { connectIfRunning, loadConfig } from "../broker-access.js";
import { CommandError } from "../errors.js";
import type { CommandIo } from "../io.js";

export const usage = `tbank-mcp logout

Ends the session. With a running broker: revokes the session at the bank, wipes the stored session,
drops every booking reference and payment capability and deletes saved vouchers. With no broker
running: revokes the stored session at the bank (even one whose file is readable by others, which no
broker would load), wipes it under the session store lock and deletes saved vouchers. Never starts
a broker.`;

// Revocation is best effort: an unreachable bank must not keep the local wipe from happening.
const REVOKE_TIMEOUT_MS = 5_000;

export type LogoutOutcome = { via: "broker"; hadSession: boolean; revokedRefs: number } | { via: "store"; hadSession: boolean; revoked: boolean; vouchersDeleted: number };

export async function logout(io: CommandIo): Promise<LogoutOutcome> {
  const config = loadConfig(io.env);
  const conn = await connectIfRunning(config);
  if (conn) {
    try {
      const result = await conn.call("broker.logout", {});
      io.stdout.write(
        `${result.hadSession ? "Signed out: the session was revoked and wiped." : "There was no session to end."} hadSession: ${result.hadSession}, revokedRefs: ${result.revokedRefs}\n`,
      );
      return { via: "broker", ...result };
    } finally {
      conn.close();
    }
  }

  const dir = await verifyPrivateDir(config.broker.stateDir);
  if (!dir.ok && dir.error.problem === "missing" && config.broker.sessionStore === "file") {
    const vouchersDeleted = await deleteVouchers(config, io);
    io.stdout.write(`No auth broker is running and there is no stored session (${config.broker.stateDir} does not exist). hadSession: false\n${vouchersLine(vouchersDeleted)}`);
    return { via: "store", hadSession: false, revoked: false, vouchersDeleted };
  }
  let opened;
  try {
    // Takes the same lock a broker takes on its store, so a broker starting meanwhile cannot race the wipe.
    opened = await openSessionStore({ choice: config.broker.sessionStore, stateDir: config.broker.stateDir });
  } catch (err) {
    if (isBrokerError(err) && err.code === "busy") throw new CommandError("a broker holds the session store but does not answer on its socket; try again in a moment, or stop it (tbank-mcp stop-broker)");
    throw new CommandError(`cannot open the session store: ${err instanceof Error ? err.message : String(err)}`);
  }
  let hadSession: boolean;
  let revoked = false;
  try {
    const stored = await (opened.store.loadForRevocation?.() ?? opened.store.load());
    hadSession = stored !== undefined;
    if (stored) revoked = await revoke(stored, config, io);
    await opened.store.wipe();
  } finally {
    await opened.store.close?.();
  }
  const vouchersDeleted = await deleteVouchers(config, io);
  io.stdout.write(
    `No auth broker is running: wiped the stored session directly (${opened.backend.kind} store). hadSession: ${hadSession}\n` +
      (hadSession ? (revoked ? "The session was revoked at the bank.\n" : "The bank could not be asked to revoke it; the stored refresh token is gone, so nothing here can use it again.\n") : "") +
      vouchersLine(vouchersDeleted),
  );
  return { via: "store", hadSession, revoked, vouchersDeleted };
}

function vouchersLine(count: number): string {
  return count > 0 ? `Also deleted ${count} saved voucher file${count === 1 ? "" : "s"}.\n` : "";
}

/** True when the issuer that minted the token accepted its revocation; never presents it to another issuer. */
async function revoke(stored: PersistedSession, config: ToolkitConfig, io: CommandIo): Promise<boolean> {
  // A file from before the issuer was recorded belongs to the configured issuer.
  const issuer = stored.issuer ?? config.broker.issuerUrl;
  if (issuer === undefined) return false;
  const provider = new DeviceGrantProvider({ issuerUrl: issuer });
  try {
    await provider.revoke(stored.refreshToken, AbortSignal.any([io.signal, AbortSignal.timeout(REVOKE_TIMEOUT_MS)]));
    return true;
  } catch {
    return false;
  }
}

/**
 * Saved vouchers are the broker's to delete when their TTL ends; with no broker running nothing
 * would, so logout does. Only names the broker writes (voucher-<id>.pdf and its temp files) and only
 * regular files: anything else in the directory is the person's own.
 */
async function deleteVouchers(config: ToolkitConfig, io: CommandIo): Promise<number> {
  const dir = config.vouchers.directory;
  const checked = await verifyPrivateDir(dir);
  if (!checked.ok) {
    if (checked.error.problem !== "missing") io.stderr.write(`Left saved vouchers in ${dir} alone: ${checked.error.message}\n`);
    return 0;
  }
  let deleted = 0;
  for (const name of await readdir(dir)) {
    if (classifyName(name) === undefined) continue;
    const path = join(dir, name);
    const info = await lstat(path).catch(() => undefined);
    if (!info?.isFile()) continue;
    await unlink(path).then(
      () => void deleted++,
      () => undefined,
    );
  }
  return deleted;
}

export async function run(argv: string[], io: CommandIo): Promise<void> {
  parseArgs({ args: argv, strict: true, allowPositionals: false, options: {} });
  await logout(io);
}
