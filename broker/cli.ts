import { closeSync, writeSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { parseConfig, writesOpen, type ToolkitConfig } from "../shared/config/index.js";
import { createLineLogger } from "../shared/line-logger.js";
import { SecretRegistry } from "../shared/redact.js";
import { ensurePrivateDir } from "../shared/paths.js";
import { TOOLKIT_VERSION } from "../shared/version.js";
import { createAudit } from "./audit.js";
import { LogFile } from "./log-file.js";
import { runBroker, SERVING_FAILED } from "./main.js";

const USAGE = `Usage: tbank-auth-broker [--foreground] [--ready-fd N]

Holds the mobile session and serves protocol v2 on an owner-only Unix socket
(TBANK_AUTH_BROKER_SOCKET). Without --foreground it starts itself in the background, waits until
the socket answers (at most 8 s) and exits 0. Logs and the audit trail go to
<state dir>/broker.log.`;

/** Exit codes, in one place: 0 ok (or another broker already serves), 64 usage, 78 config, 1 failure. */
export async function brokerMain(argv: string[], env: NodeJS.ProcessEnv, stderr: { write(s: string): unknown }, stdout: { write(s: string): unknown } = stderr): Promise<number> {
  let values;
  try {
    values = parseArgs({ args: argv, strict: true, options: { foreground: { type: "boolean" }, "ready-fd": { type: "string" }, help: { type: "boolean" }, version: { type: "boolean" } } }).values;
  } catch (err) {
    stderr.write(`tbank-auth-broker: ${err instanceof Error ? err.message : String(err)}\n${USAGE}\n`);
    return 64;
  }
  if (values.help || values.version) {
    // Asked for, so an answer on stdout like every other bin's (a usage error stays on stderr).
    stdout.write(values.help ? `${USAGE}\n` : `${TOOLKIT_VERSION}\n`);
    return 0;
  }
  const parsed = parseConfig(env);
  if (!parsed.ok) {
    for (const p of parsed.problems) stderr.write(`tbank-auth-broker: ${p.variable}: ${p.message}\n`);
    return 78;
  }
  const { config } = parsed;
  const state = await ensurePrivateDir(config.broker.stateDir);
  if (!state.ok) {
    stderr.write(`tbank-auth-broker: state directory refused: ${state.error.message}\n`);
    return 1;
  }
  const logPath = join(config.broker.stateDir, "broker.log");
  if (!values.foreground) return daemonize(config, env, stderr);
  return foreground(config, logPath, values["ready-fd"], stderr);
}

async function foreground(config: ToolkitConfig, logPath: string, readyFd: string | undefined, stderr: { write(s: string): unknown }): Promise<number> {
  const secrets = new SecretRegistry();
  let destination: LogFile;
  try {
    destination = new LogFile(logPath);
  } catch (err) {
    stderr.write(`tbank-auth-broker: cannot open ${logPath}: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
  try {
    return await serve(config, destination, secrets, readyFd, stderr);
  } finally {
    destination.close();
  }
}

async function serve(config: ToolkitConfig, destination: LogFile, secrets: SecretRegistry, readyFd: string | undefined, stderr: { write(s: string): unknown }): Promise<number> {
  const logger = createLineLogger({ destination, secrets, name: "broker" });
  let result;
  try {
    result = await runBroker({
      socketPath: config.broker.socketPath,
      stateDir: config.broker.stateDir,
      version: TOOLKIT_VERSION,
      requestTimeoutMs: config.broker.timeoutMs,
      logger,
      audit: createAudit(destination, secrets),
      loadAtStart: writesOpen(config.hotels.mutations),
      // Loaded with the serving half (the first connection), with pino and everything the session needs.
      createParts: async ({ requestStop, info, audit }) => {
        const { createBrokerParts, createLogger } = await import("./serving-half.js");
        return createBrokerParts({ config, logger: createLogger({ destination, secrets, name: "broker" }), secrets, info, requestStop, audit });
      },
    });
  } catch (err) {
    logger.error({ err }, "broker failed to start");
    stderr.write(`tbank-auth-broker: cannot start: ${secrets.scrub(err instanceof Error ? err.message : String(err))}\n`);
    return 1;
  }
  if (result.kind === "already_running") {
    stderr.write(`tbank-auth-broker: another broker (version ${result.version ?? "unknown"}) already serves ${config.broker.socketPath}\n`);
    return 0;
  }
  const broker = result;
  process.once("SIGTERM", () => void broker.stop("SIGTERM"));
  process.once("SIGINT", () => void broker.stop("SIGINT"));
  if (readyFd !== undefined && /^\d+$/.test(readyFd)) {
    try {
      writeSync(Number(readyFd), `READY ${process.pid}\n`);
      closeSync(Number(readyFd));
    } catch {
      // A launcher that stopped listening is not a reason to fail.
    }
  }
  stderr.write(`tbank-auth-broker: ready on ${config.broker.socketPath} (pid ${process.pid})\n`);
  const reason = await broker.stopped;
  // The reason may carry a provider's or a library's message: scrubbed like the start failure's.
  stderr.write(`tbank-auth-broker: stopped (${secrets.scrub(reason)})\n`);
  return reason.startsWith(SERVING_FAILED) ? 1 : 0;
}

/** The same start-up path as the MCP bins and `tbank-mcp login`: a running broker is left alone. */
async function daemonize(config: ToolkitConfig, env: NodeJS.ProcessEnv, stderr: { write(s: string): unknown }): Promise<number> {
  try {
    // The launcher's client carries every operation's schema, which the foreground broker loads later.
    const { ensureBroker } = await import("../shared/broker-launcher.js");
    // The person ran this bin with its write gates: its background copy keeps them (an MCP's auto-start never passes them).
    await ensureBroker({ socketPath: config.broker.socketPath, stateDir: config.broker.stateDir, env, brokerBin: process.argv[1] ?? "", passWriteGates: true, warn: (m) => stderr.write(`tbank-auth-broker: ${m}\n`) });
    return 0;
  } catch (err) {
    stderr.write(`tbank-auth-broker: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}
