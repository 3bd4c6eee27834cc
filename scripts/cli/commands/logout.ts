import { parseArgs } from "node:util";
import { openSessionStore } from "../../../broker/session/index.js";
import { verifyPrivateDir } from "../../../shared/paths.js";
import { isBrokerError } from "../../../shared/protocol/errors.js";
import { connectIfRunning, loadConfig } from "../broker-access.js";
import { CommandError } from "../errors.js";
import type { CommandIo } from "../io.js";

export const usage = `tbank-mcp logout

Ends the session. With a running broker: revokes the session at the bank, wipes the stored session,
drops every booking reference and payment capability and deletes saved vouchers. With no broker
running: wipes the stored session directly (under the session store lock). Never starts a broker.`;

export type LogoutOutcome = { via: "broker"; hadSession: boolean; revokedRefs: number } | { via: "store"; hadSession: boolean };

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
  if (!dir.ok && dir.problem === "missing" && config.broker.sessionStore === "file") {
    io.stdout.write(`No auth broker is running and there is no stored session (${config.broker.stateDir} does not exist). hadSession: false\n`);
    return { via: "store", hadSession: false };
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
  try {
    hadSession = (await opened.store.load()) !== undefined;
    await opened.store.wipe();
  } finally {
    await opened.store.close?.();
  }
  io.stdout.write(
    `No auth broker is running: wiped the stored session directly (${opened.backend.kind} store). hadSession: ${hadSession}\n` +
      (hadSession ? "The bank was not asked to revoke it; the stored refresh token is gone, so nothing here can use it again.\n" : ""),
  );
  return { via: "store", hadSession };
}

export async function run(argv: string[], io: CommandIo): Promise<void> {
  parseArgs({ args: argv, strict: true, allowPositionals: false, options: {} });
  await logout(io);
}
