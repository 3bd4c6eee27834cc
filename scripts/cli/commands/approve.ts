import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { parseArgs } from "node:util";
import type { BrokerConnection } from "../../../shared/protocol/client.js";
import { BrokerError } from "../../../shared/protocol/errors.js";
import { ApprovalIdSchema, type PendingApproval } from "../../../shared/protocol/ops-hotels-writes.js";
import { approvalLines } from "../../../shared/writes/approval-lines.js";
import { connectIfRunning, loadConfig, sleep } from "../broker-access.js";
import { CommandError, UsageError } from "../errors.js";
import type { CommandIo } from "../io.js";

export const usage = `tbank-mcp approve [--wait] [--timeout SECONDS]
tbank-mcp approve --deny APPROVAL_ID

Shows each write a model asked the auth broker to perform (booking, cancellation, payment setup,
promo code, extra services) and asks you, in this terminal, whether to let it go ahead. Nothing is
sent until you answer y; any other answer denies it. --wait waits (at most --timeout seconds,
default 120) for a request to arrive. --deny refuses one request by its id, without asking.
Approving needs an interactive terminal. Never starts a broker.`;

/** Exit code for "approving needs a terminal" (EX_NOPERM): distinct from a failure, so scripts can tell. */
export const NO_TERMINAL_EXIT = 77;
export const DEFAULT_WAIT_SECONDS = 120;
const POLL_MS = 1000;

/** The person's terminal: process.stdin in the CLI, a fake TTY in tests. */
export type TerminalInput = Readable & { isTTY?: boolean };

export interface ApproveOptions {
  /** Deny this approval and ask nothing. */
  deny?: string;
  wait: boolean;
  timeoutSeconds: number;
  stdin: TerminalInput;
  pollMs?: number;
}

export interface ApproveSummary {
  approved: number;
  denied: number;
  /** Left waiting: no answer (end of input) or decided elsewhere first. */
  untouched: number;
}

export async function approve(options: ApproveOptions, io: CommandIo): Promise<ApproveSummary> {
  // Why a TTY and why there is no --yes: the model may have a shell, and a shell that runs one
  // command without a terminal must not be able to approve the write it asked for. This keeps a
  // single `tbank-mcp approve --yes` (or `echo y |`) out of reach; it does not stop code that runs
  // as the same user with a pseudo-terminal (docs/threat-model.md). Denying is always safe.
  if (options.deny === undefined && options.stdin.isTTY !== true) {
    throw new CommandError(
      "approving needs an interactive terminal (stdin is not a TTY), so nothing was approved; run tbank-mcp approve yourself in a terminal, or open the approval page the tool gave you",
      NO_TERMINAL_EXIT,
    );
  }
  const config = loadConfig(io.env);
  const conn = await connectIfRunning(config);
  if (!conn) throw new CommandError("no auth broker is running, so no request is waiting for approval (this command never starts one)");
  try {
    if (options.deny !== undefined) {
      if ((await decide(conn, options.deny, "deny", io)) === undefined) throw new CommandError(`nothing to deny: no request ${options.deny} is waiting`);
      return { approved: 0, denied: 1, untouched: 0 };
    }
    const pending = await waitForPending(conn, options, io);
    if (pending.length === 0) {
      io.stdout.write("No requests are waiting for approval.\n");
      return { approved: 0, denied: 0, untouched: 0 };
    }
    return await askEach(conn, pending, options.stdin, io);
  } catch (err) {
    if (err instanceof BrokerError && err.code === "operation_not_allowed") {
      throw new CommandError("the running auth broker does not offer approvals (an older version?); restart it with tbank-mcp stop-broker");
    }
    throw err;
  } finally {
    conn.close();
  }
}

async function waitForPending(conn: BrokerConnection, options: ApproveOptions, io: CommandIo): Promise<PendingApproval[]> {
  const now = io.now ?? Date.now;
  const deadline = now() + options.timeoutSeconds * 1000;
  let announced = false;
  for (;;) {
    const { pending } = await conn.call("broker.list_approvals", {});
    if (pending.length > 0 || !options.wait) return pending;
    if (now() >= deadline) throw new CommandError(`no request arrived within ${options.timeoutSeconds} s`);
    if (!announced) io.stderr.write(`Waiting for a request (at most ${options.timeoutSeconds} s)…\n`);
    announced = true;
    await sleep(Math.min(options.pollMs ?? POLL_MS, Math.max(0, deadline - now())), io.signal);
  }
}

async function askEach(conn: BrokerConnection, pending: PendingApproval[], stdin: TerminalInput, io: CommandIo): Promise<ApproveSummary> {
  const summary: ApproveSummary = { approved: 0, denied: 0, untouched: 0 };
  // terminal:false: the answer is a plain line; echo and editing stay the terminal's own.
  const rl = createInterface({ input: stdin, terminal: false, signal: io.signal });
  // Taken at once so that no line arriving before the first prompt is lost.
  const lines = rl[Symbol.asyncIterator]();
  try {
    for (const [i, approval] of pending.entries()) {
      io.stdout.write(`\n${describeApproval(approval, i + 1, pending.length)}\nApprove? [y/N] `);
      const answer = await lines.next();
      if (io.signal.aborted) throw new CommandError("interrupted", 130);
      if (answer.done === true) {
        io.stdout.write("\nNo answer; this and any remaining requests are left waiting.\n");
        summary.untouched += pending.length - i;
        break;
      }
      const decision = /^\s*(y|yes|д|да)\s*$/i.test(answer.value) ? "approve" : "deny";
      const decided = await decide(conn, approval.approvalId, decision, io);
      if (decided === undefined) summary.untouched++;
      else summary[decided]++;
    }
  } finally {
    rl.close();
  }
  return summary;
}

/** The broker's answer, or undefined when the request is no longer waiting (decided elsewhere, timed out). */
async function decide(conn: BrokerConnection, approvalId: string, decision: "approve" | "deny", io: CommandIo): Promise<"approved" | "denied" | undefined> {
  try {
    const { decided } = await conn.call("broker.decide_approval", { approvalId, decision });
    io.stdout.write(decided === "approved" ? `Approved ${approvalId}: the request is sent once.\n` : `Denied ${approvalId}: nothing is sent.\n`);
    return decided;
  } catch (err) {
    if (err instanceof BrokerError && err.code === "invalid_ref") {
      io.stdout.write(`No request ${approvalId} is waiting any more (decided elsewhere, or it timed out); nothing changed.\n`);
      return undefined;
    }
    throw err;
  }
}

/** Provider text (a hotel name) must not move the cursor or rewrite what the person reads. */
function printable(text: string): string {
  return text.replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, "\uFFFD");
}

/** The request as the person reads it here: the same lines as the approval page (shared/writes/approval-lines.ts). */
export function describeApproval(approval: PendingApproval, n: number, of: number): string {
  const field = (label: string, value: string | null): string => `  ${label.padEnd(18)}${value === null ? "—" : printable(value)}`;
  const lines = approvalLines(approval).flatMap((l) =>
    l.list && l.values.length > 0 ? [`  ${l.en}:`, ...l.values.map((v) => `    - ${printable(v)}`)] : [field(l.en, l.values.length === 0 ? null : l.values.join("; "))],
  );
  return [`Request ${n} of ${of}: ${approval.approvalId} (${approval.display.kind}, request ${approval.requestHash.slice(0, 12)})`, ...lines, field("Waits until", approval.expiresAt)].join("\n");
}

export async function run(argv: string[], io: CommandIo, stdin: TerminalInput = process.stdin): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: { wait: { type: "boolean" }, timeout: { type: "string" }, deny: { type: "string" } },
  });
  if (values.deny !== undefined && !ApprovalIdSchema.safeParse(values.deny).success) throw new UsageError("--deny takes an approval id as listed (apr_…)");
  if (values.deny !== undefined && (values.wait === true || values.timeout !== undefined)) throw new UsageError("--deny takes no --wait or --timeout");
  let timeoutSeconds = DEFAULT_WAIT_SECONDS;
  if (values.timeout !== undefined) {
    if (!/^\d{1,5}$/.test(values.timeout) || Number(values.timeout) < 1) throw new UsageError("--timeout takes a whole number of seconds (1 or more)");
    timeoutSeconds = Number(values.timeout);
  }
  await approve({ ...(values.deny !== undefined ? { deny: values.deny } : {}), wait: values.wait === true, timeoutSeconds, stdin }, io);
}
