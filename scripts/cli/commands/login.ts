import { parseArgs } from "node:util";
import { ensureBroker, LauncherError } from "../../../shared/broker-launcher.js";
import type { BrokerConnection } from "../../../shared/protocol/client.js";
import { isBrokerError } from "../../../shared/protocol/errors.js";
import { NO_ISSUER } from "../../../broker/session/refresher.js";
import { brokerBinPath, connectIfRunning, isTty, loadConfig, sleep } from "../broker-access.js";
import { CommandError, UsageError } from "../errors.js";
import type { CommandIo } from "../io.js";
import type { Clock } from "../../../shared/time.js";

export const usage = `tbank-mcp login [--timeout SECONDS] [--no-wait]

Signs in to the bank through the auth broker (starting it when needed) with a device code: open the
address shown, enter the code and approve in the bank app. The code is for you, in this terminal;
never paste it into a chat. Waits until you approve (at most --timeout seconds, default until the
code expires); --no-wait prints the code and returns while the broker keeps waiting.`;

export interface LoginOptions {
  timeoutSeconds: number | undefined;
  wait: boolean;
  /** The built broker program; found next to the toolkit by default. */
  brokerBin?: string;
}

export type LoginOutcome = "approved" | "started";

const SPINNER = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

// Where the issuer comes from, said once for both paths that find none configured.
export const NOT_CONFIGURED = [
  "not_configured: no identity provider is configured, so there is nothing to sign in to.",
  "Set TBANK_AUTH_ISSUER_URL to the bank's OAuth issuer (device authorization grant; the API owner gives it),",
  "in this shell and in the MCP client's env (tbank-mcp setup writes it there), then run tbank-mcp login again.",
  "To try everything offline: tbank-mcp demo, or tbank-mcp sandbox with tbank-mcp setup --sandbox.",
].join("\n");

export async function login(options: LoginOptions, io: CommandIo): Promise<LoginOutcome> {
  const config = loadConfig(io.env);
  // A running broker has its own environment and may know an issuer; only a start is refused here,
  // so no broker is left behind that cannot sign anyone in.
  const running = config.broker.issuerUrl === undefined ? await connectIfRunning(config) : undefined;
  if (config.broker.issuerUrl === undefined && running === undefined) throw new CommandError(NOT_CONFIGURED, 78);
  running?.close();
  let launched;
  try {
    launched = await ensureBroker({ socketPath: config.broker.socketPath, stateDir: config.broker.stateDir, env: io.env, brokerBin: options.brokerBin ?? brokerBinPath(), warn: (m) => io.stderr.write(`${m}\n`) });
  } catch (err) {
    // Not a start failure: nothing was started or asked, and the message says what to fix.
    if (err instanceof LauncherError && err.problem === "socket_untrusted") throw new CommandError(err.message);
    throw new CommandError(`cannot start the auth broker: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (launched === "started") io.stderr.write("Started the auth broker.\n");
  const conn = await connectIfRunning(config);
  if (!conn) throw new CommandError(`the auth broker stopped answering at ${config.broker.socketPath}; see ${config.broker.stateDir}/broker.log`);
  try {
    const start = await conn.call("broker.login_start", {}).catch((err: unknown) => {
      if (!(isBrokerError(err) && err.message === NO_ISSUER)) throw err;
      throw new CommandError(NOT_CONFIGURED, 78);
    });
    io.stdout.write(
      [
        "",
        "To sign in to the bank:",
        `  1. open ${start.verificationUri}`,
        `  2. enter the code ${start.userCode}`,
        ...(start.verificationUriComplete ? [`  (or open ${start.verificationUriComplete} directly)`] : []),
        `The code is valid until ${start.expiresAt}. Keep it in this terminal; never paste it into a chat.`,
        "",
      ].join("\n") + "\n",
    );
    if (!options.wait) {
      io.stdout.write("Not waiting (--no-wait): the broker completes the sign-in once you approve. tbank-mcp status shows the result.\n");
      return "started";
    }
    const now = io.now ?? Date.now;
    // Counted from the code's lifetime on this process's clock, not from the broker's timestamp.
    const expiresAt = now() + start.expiresInSeconds * 1000;
    const deadline = options.timeoutSeconds === undefined ? expiresAt : Math.min(expiresAt, now() + options.timeoutSeconds * 1000);
    const state = await waitForApproval(conn, start.loginId, start.intervalSeconds, deadline, io, now);
    if (state === "denied") throw new CommandError("the sign-in was denied in the bank app; run tbank-mcp login to try again");
    if (state === "expired") throw new CommandError("the code expired before it was approved; run tbank-mcp login for a new one");
    if (state === "timeout") throw new CommandError(`no approval within ${options.timeoutSeconds ?? "the code's"} s; the code stays valid until ${start.expiresAt} (tbank-mcp status shows whether it went through)`);
    const status = await conn.call("broker.status", {});
    const store = status.storeBackend === undefined ? "unknown" : `${status.storeBackend}${status.storeNote ? ` (${status.storeNote})` : ""}`;
    io.stdout.write(`Signed in. Session: ${status.state}; stored in: ${store}; broker pid ${status.pid}.\n`);
    return "approved";
  } finally {
    conn.close();
  }
}

async function waitForApproval(
  conn: BrokerConnection,
  loginId: string,
  intervalSeconds: number,
  deadline: number,
  io: CommandIo,
  now: Clock,
): Promise<"approved" | "denied" | "expired" | "timeout"> {
  const tty = isTty(io.stderr);
  let frame = 0;
  const secondsLeft = (): number => Math.max(0, Math.round((deadline - now()) / 1000));
  const draw = (): void => void io.stderr.write(`\r${SPINNER[frame++ % SPINNER.length] ?? ""} waiting for approval in the bank app (${secondsLeft()} s left) `);
  const spinner = tty ? setInterval(draw, 120) : undefined;
  try {
    for (;;) {
      if (!tty) io.stderr.write(`waiting for approval in the bank app (${secondsLeft()} s left)\n`);
      // The broker applies slow_down to its own provider polls; pacing ours by the interval is enough.
      await sleep(Math.min(intervalSeconds * 1000, Math.max(0, deadline - now())), io.signal);
      const { state } = await conn.call("broker.login_poll", { loginId });
      if (state !== "pending") return state;
      if (now() >= deadline) return "timeout";
    }
  } finally {
    if (spinner) {
      clearInterval(spinner);
      io.stderr.write("\r\x1b[2K");
    }
  }
}

export async function run(argv: string[], io: CommandIo): Promise<void> {
  const { values } = parseArgs({ args: argv, strict: true, allowPositionals: false, options: { timeout: { type: "string" }, "no-wait": { type: "boolean" } } });
  let timeoutSeconds: number | undefined;
  if (values.timeout !== undefined) {
    if (!/^\d{1,5}$/.test(values.timeout) || Number(values.timeout) < 1) throw new UsageError("--timeout takes a whole number of seconds (1 or more)");
    timeoutSeconds = Number(values.timeout);
  }
  await login({ timeoutSeconds, wait: !values["no-wait"] }, io);
}
