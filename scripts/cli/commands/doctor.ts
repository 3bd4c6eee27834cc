import { parseArgs } from "node:util";
import type { KeychainProbe } from "../../../broker/session/select-store.js";
import { clientContext } from "../clients/context.js";
import { checkBroker } from "../doctor/broker.js";
import { checkPeerCredentials, type PeerCredentialSupport } from "../doctor/peer-cred.js";
import { checkWriteLedger } from "../doctor/write-ledger.js";
import { checkBaseUrl, checkClients, checkConfig, checkIdentity, checkJwtKey, checkNode, checkSessionFile, checkSocketDir, checkSocketFile, checkVoucherDir, type Check } from "../doctor/checks.js";
import { CommandError } from "../errors.js";
import type { CommandIo } from "../io.js";
import { TOOLKIT_VERSION } from "../../../shared/version.js";
import type { Clock } from "../../../shared/time.js";

export const usage = `tbank-mcp doctor [--json] [--project DIR]

Runs every check at once (Node, koffi for peer credentials, configuration, socket and voucher
directories, broker, session store, write ledger, JWT key file, client configuration) and says how to fix each problem. Exits 1 if any check
fails; warnings alone exit 0. --json prints {checks:[{id,status,message,fix?}],ok}.`;

const MARK: Record<Check["status"], string> = { pass: "ok  ", warn: "warn", fail: "FAIL" };

export interface DoctorDeps {
  probe?: () => Promise<KeychainProbe>;
  peerCredentials?: PeerCredentialSupport;
  nodeVersion?: string;
  brokerTimeoutMs?: number;
  now?: Clock;
}

export async function doctor(options: { json: boolean; project: string | undefined }, io: CommandIo, deps: DoctorDeps = {}): Promise<Check[]> {
  const { checks, config } = checkConfig(io.env);
  const all: Check[] = [checkNode(deps.nodeVersion), await checkPeerCredentials(deps.peerCredentials), ...checks];
  if (config === undefined) {
    all.push({ id: "paths", status: "fail", message: "cannot derive the broker's paths from this configuration", fix: "set HOME to an absolute path" });
  } else {
    all.push(await checkSocketDir(config.broker.socketPath));
    const socket = await checkSocketFile(config.broker.socketPath);
    if (socket) all.push(socket);
    all.push(
      ...(await checkBroker({ socketPath: config.broker.socketPath, sessionStore: config.broker.sessionStore, clientVersion: TOOLKIT_VERSION, timeoutMs: deps.brokerTimeoutMs, probe: deps.probe })),
    );
    const sessionFile = await checkSessionFile(config.broker.stateDir);
    if (sessionFile) all.push(sessionFile);
    const ledger = await checkWriteLedger(config.broker.stateDir, deps.now);
    if (ledger) all.push(ledger);
    all.push(await checkVoucherDir(config.vouchers.directory), checkIdentity(config.broker.issuerUrl));
  }
  all.push(checkBaseUrl(io.env), await checkJwtKey(io.env));
  // No usable HOME means no client files to look at; the config check already said why.
  if (io.env.HOME?.startsWith("/")) all.push(await checkClients(clientContext(io.env, "project", options.project)));
  return all;
}

function render(checks: readonly Check[]): string {
  return checks.map((c) => `[${MARK[c.status]}] ${c.id}: ${c.message}${c.fix === undefined ? "" : `\n       fix: ${c.fix}`}\n`).join("");
}

export async function run(argv: string[], io: CommandIo, deps: DoctorDeps = {}): Promise<void> {
  const { values } = parseArgs({ args: argv, strict: true, allowPositionals: false, options: { json: { type: "boolean", default: false }, project: { type: "string" } } });
  const checks = await doctor({ json: values.json, project: values.project }, io, deps);
  const failed = checks.filter((c) => c.status === "fail").length;
  const warned = checks.filter((c) => c.status === "warn").length;
  if (values.json) io.stdout.write(`${JSON.stringify({ checks, ok: failed === 0 }, null, 2)}\n`);
  else io.stdout.write(`${render(checks)}\n${checks.length} checks: ${failed} failed, ${warned} warnings\n`);
  if (failed > 0) throw new CommandError(`${failed} check${failed === 1 ? "" : "s"} failed; see the fixes above`, 1);
}
