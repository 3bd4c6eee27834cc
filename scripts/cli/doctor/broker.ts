import type { KeychainProblem } from "../../../broker/session/keychain-problem.js";
import { probeKeychain, type KeychainProbe } from "../../../broker/session/select-store.js";
import type { SessionStoreChoice } from "../../../shared/config/index.js";
import { BrokerUnavailableError, connectBroker } from "../../../shared/protocol/client.js";
import { BrokerError, isBrokerError } from "../../../shared/protocol/errors.js";
import { BrokerUntrustedError } from "../../../shared/protocol/socket-trust.js";
import { BROKER_BUSY_FIX, brokerBusy } from "../broker-access.js";
import type { Check } from "./checks.js";

export const DOCTOR_BROKER_TIMEOUT_MS = 2_000;

const FILE_ON_PURPOSE = "or set TBANK_AUTH_SESSION_STORE=file to keep the session in the owner-only file on purpose";
export const KEYCHAIN_FIXES: Record<KeychainProblem, string> = {
  absent: `install a keychain (Linux: gnome-keyring or another Secret Service, plus libsecret-1-dev when installing the package so keytar builds), ${FILE_ON_PURPOSE}`,
  locked: `unlock the keychain (log in to the desktop session, or gnome-keyring-daemon --unlock), then restart the broker (tbank-mcp stop-broker), ${FILE_ON_PURPOSE}`,
  broken: `restart the keychain service or recreate its login keyring, ${FILE_ON_PURPOSE}`,
};

export interface BrokerCheckOptions {
  socketPath: string;
  sessionStore: SessionStoreChoice;
  clientVersion: string;
  timeoutMs?: number;
  probe?: () => Promise<KeychainProbe>;
}

/** Broker reachability, version and session; without a broker, what the store would be. */
export async function checkBroker(opts: BrokerCheckOptions): Promise<Check[]> {
  let conn;
  try {
    conn = await connectBroker({ socketPath: opts.socketPath, role: "toolkit", clientVersion: opts.clientVersion, timeoutMs: opts.timeoutMs ?? DOCTOR_BROKER_TIMEOUT_MS });
  } catch (err) {
    if (err instanceof BrokerUntrustedError) return [{ id: "broker", status: "fail", message: `${err.finding}; nothing was sent to it`, fix: err.fix }, await storeWithoutBroker(opts)];
    // Running, so no store probe: the broker owns the store, and "no broker" would be untrue.
    if (isBrokerError(err) && err.code === "busy") return [{ id: "broker", status: "warn", message: brokerBusy(opts.socketPath), fix: BROKER_BUSY_FIX }];
    if (!(err instanceof BrokerUnavailableError)) {
      return [{ id: "broker", status: "fail", message: `the broker at ${opts.socketPath} answered but refused: ${err instanceof Error ? err.message : String(err)}`, fix: "tbank-mcp stop-broker, then start an MCP client again (it restarts the broker)" }];
    }
    return [
      { id: "broker", status: "warn", message: `no broker at ${opts.socketPath} (${err.message})`, fix: "it starts with the first MCP client that uses it; run tbank-mcp login to start it now" },
      await storeWithoutBroker(opts),
    ];
  }
  try {
    const s = await conn.call("broker.status", {});
    const checks: Check[] = [{ id: "broker", status: "pass", message: `broker ${s.brokerVersion} (pid ${s.pid}) answers at ${opts.socketPath}` }];
    checks.push(
      s.state === "mobile_login_required"
        ? { id: "session", status: "warn", message: `session: ${s.state}${s.refreshInterrupted === true ? " (a refresh was cut off by a crash; the doubtful session was revoked)" : ""}`, fix: "tbank-mcp login" }
        : { id: "session", status: "pass", message: `session: ${s.state}` },
    );
    const store = s.storeBackend ?? "unknown";
    checks.push(
      s.storeNote === undefined
        ? { id: "session_store", status: "pass", message: `session store: ${store}` }
        : { id: "session_store", status: "warn", message: `session store: ${store} (${s.storeNote})`, fix: "unlock or install the OS keychain, or set TBANK_AUTH_SESSION_STORE=file to choose the file on purpose" },
    );
    return checks;
  } catch (err) {
    const message = err instanceof BrokerError ? `${err.code}: ${err.message}` : err instanceof Error ? err.message : String(err);
    return [{ id: "broker", status: "fail", message: `the broker did not answer broker.status (${message})`, fix: "tbank-mcp stop-broker, then start it again" }];
  } finally {
    conn.close();
  }
}

async function storeWithoutBroker(opts: BrokerCheckOptions): Promise<Check> {
  if (opts.sessionStore === "file") return { id: "session_store", status: "pass", message: "session store: file (TBANK_AUTH_SESSION_STORE=file)" };
  const probe = await (opts.probe ?? (() => probeKeychain()))();
  if (probe.ok) return { id: "session_store", status: "pass", message: "session store: the OS keychain answers" };
  const why = `the keychain is ${probe.error.problem}: ${probe.error.reason}`;
  if (opts.sessionStore === "keychain") return { id: "session_store", status: "fail", message: `TBANK_AUTH_SESSION_STORE=keychain, but ${why}`, fix: KEYCHAIN_FIXES[probe.error.problem] };
  return { id: "session_store", status: "warn", message: `session store: the owner-only file, because ${why}`, fix: KEYCHAIN_FIXES[probe.error.problem] };
}
