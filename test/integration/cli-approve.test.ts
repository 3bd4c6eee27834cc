import { existsSync } from "node:fs";
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApprovalRegistry, type ApprovalDecision } from "../../broker/writes/approvals.js";
import { approve, NO_TERMINAL_EXIT, run, type TerminalInput } from "../../scripts/cli/commands/approve.js";
import type { CommandIo } from "../../scripts/cli/io.js";
import { main } from "../../scripts/cli/main.js";
import type { ApprovalDisplay } from "../../shared/protocol/ops-hotels-writes.js";
import { approvalDisplay as display, hashOf } from "../fixtures/approval-display.js";
import { sampleHandlers, startTestBroker, tempBrokerDirs } from "./helpers/broker-harness.js";

// The command runs against a real broker server on a real socket (toolkit role, the real client,
// handshake and wire schemas) whose two approval operations are served by a real ApprovalRegistry,
// the same object the execute path waits on.

type Captured = CommandIo & { out: () => string; err: () => string };

/** A fake terminal: isTTY as asked, and each "Approve? [y/N]" prompt answered with the next line. */
function terminal(answers: string[], isTTY = true): { stdin: PassThrough & TerminalInput; io: (env: Record<string, string>) => Captured } {
  const stdin = Object.assign(new PassThrough(), { isTTY });
  const queue = [...answers];
  return {
    stdin,
    io: (env) => {
      let out = "";
      let err = "";
      return {
        stdout: {
          write: (s: string) => {
            out += s;
            if (s.includes("Approve? [y/N] ")) {
              const next = queue.shift();
              if (next === undefined) stdin.end();
              else setImmediate(() => stdin.write(`${next}\n`));
            }
          },
        },
        stderr: { write: (s: string) => (err += s) },
        env,
        signal: new AbortController().signal,
        out: () => out,
        err: () => err,
      };
    },
  };
}



describe("tbank-mcp approve (command as a function, real broker socket, real ApprovalRegistry)", () => {
  let dirs: Awaited<ReturnType<typeof tempBrokerDirs>>;
  let env: Record<string, string>;
  let registry: ApprovalRegistry;
  let stopBroker: (() => Promise<void>) | undefined;
  const aborts: AbortController[] = [];

  beforeEach(async () => {
    dirs = await tempBrokerDirs();
    env = { HOME: dirs.root, PATH: process.env.PATH ?? "/usr/bin:/bin", TBANK_AUTH_BROKER_SOCKET: dirs.socketPath, TBANK_AUTH_BROKER_STATE_DIR: dirs.stateDir, TBANK_AUTH_SESSION_STORE: "file" };
    registry = new ApprovalRegistry({ now: Date.now, timeoutMs: 30_000 });
  });
  afterEach(async () => {
    for (const ac of aborts.splice(0)) ac.abort();
    await stopBroker?.();
    stopBroker = undefined;
    await dirs.cleanup();
  });

  async function startBroker(): Promise<void> {
    const broker = await startTestBroker({
      socketPath: dirs.socketPath,
      stateDir: dirs.stateDir,
      handlers: sampleHandlers({
        "broker.list_approvals": () => ({ pending: registry.list() }),
        "broker.decide_approval": (args) => registry.decide(args.approvalId, args.decision),
      }),
    });
    stopBroker = () => broker.stop("test done");
  }

  /** What an execute does: register the request and wait for the person. */
  function pending(label: string, d: ApprovalDisplay = display()): { approvalId: string; settled: () => ApprovalDecision | undefined; decision: Promise<ApprovalDecision> } {
    const ac = new AbortController();
    aborts.push(ac);
    const hash = hashOf(label);
    let settled: ApprovalDecision | undefined;
    const decision = registry.waitForDecision(hash, d, ac.signal);
    void decision.then((x) => (settled = x));
    const approvalId = registry.byHash(hash)?.approvalId;
    if (approvalId === undefined) throw new Error("not registered");
    return { approvalId, settled: () => settled, decision };
  }

  it("shows the request in full and approves it on y at a terminal", async () => {
    await startBroker();
    const req = pending("approve-y");
    const t = terminal(["y"]);
    const io = t.io(env);
    const summary = await approve({ wait: false, timeoutSeconds: 120, stdin: t.stdin }, io);
    expect(summary).toEqual({ approved: 1, denied: 0, untouched: 0 });
    await expect(req.decision).resolves.toBe("approved");
    expect(registry.list()).toEqual([]);
    for (const text of [req.approvalId, hashOf("approve-y").slice(0, 12), "Book 1 room", "Гостиница Волга", "2027-04-10 → 2027-04-12", "Anna Petrova; Ivan Petrov", "anna@example.test, +79001234567", "Standard double, breakfast", "12345.67 RUB", "Free cancellation until 2027-04-08", "- One booking is created at the provider"]) {
      expect(io.out()).toContain(text);
    }
    expect(io.out()).toContain(`Approved ${req.approvalId}`);
  });

  it("denies on n and on a bare Enter, one answer per request: nothing is approved", async () => {
    await startBroker();
    const first = pending("deny-n");
    const second = pending("deny-enter", display({ hotel: "Second Hotel" }));
    const t = terminal(["n", ""]);
    const io = t.io(env);
    const summary = await approve({ wait: false, timeoutSeconds: 120, stdin: t.stdin }, io);
    expect(summary).toEqual({ approved: 0, denied: 2, untouched: 0 });
    await expect(first.decision).resolves.toBe("denied");
    await expect(second.decision).resolves.toBe("denied");
    expect(io.out()).toContain("Request 2 of 2");
    expect(io.out()).toContain("Second Hotel");
    expect(io.out()).not.toContain("Approved");
  });

  it("leaves a request waiting when the terminal closes without an answer", async () => {
    await startBroker();
    const req = pending("eof");
    const t = terminal([]);
    const summary = await approve({ wait: false, timeoutSeconds: 120, stdin: t.stdin }, t.io(env));
    expect(summary).toEqual({ approved: 0, denied: 0, untouched: 1 });
    expect(req.settled()).toBeUndefined();
    expect(registry.byHash(hashOf("eof"))).toBeDefined();
  });

  it("refuses to approve without a TTY, even with y piped in, and through main exits 77", async () => {
    await startBroker();
    const req = pending("no-tty");
    const piped = terminal([], false);
    piped.stdin.write("y\n");
    const io = piped.io(env);
    await expect(approve({ wait: false, timeoutSeconds: 120, stdin: piped.stdin }, io)).rejects.toMatchObject({ name: "CommandError", exitCode: NO_TERMINAL_EXIT, message: expect.stringContaining("interactive terminal") as string });
    // The list is not shown to a non-terminal either: guest names stay on the person's screen.
    expect(io.out()).not.toContain("Anna Petrova");
    const viaMain = terminal([], false).io(env);
    // main runs the command on the process's own stdin, which a test worker never has as a TTY.
    expect(await main(["approve"], viaMain)).toBe(NO_TERMINAL_EXIT);
    expect(viaMain.err()).toContain("approving needs an interactive terminal");
    // No --yes: the flag does not exist, so asking for it is a usage error and approves nothing.
    const yes = terminal([], false).io(env);
    expect(await main(["approve", "--yes"], yes)).toBe(2);
    expect(req.settled()).toBeUndefined();
    expect(registry.byHash(hashOf("no-tty"))).toBeDefined();
  });

  it("--deny refuses one request by id, without a TTY, and leaves the others waiting", async () => {
    await startBroker();
    const target = pending("deny-target");
    const other = pending("deny-other");
    const t = terminal([], false);
    const io = t.io(env);
    await run(["--deny", target.approvalId], io, t.stdin);
    await expect(target.decision).resolves.toBe("denied");
    expect(io.out()).toContain(`Denied ${target.approvalId}: nothing is sent.`);
    expect(other.settled()).toBeUndefined();
    // Denying again (already decided) says so and fails; a malformed id is a usage error.
    await expect(run(["--deny", target.approvalId], t.io(env), t.stdin)).rejects.toMatchObject({ name: "CommandError", message: expect.stringContaining("nothing to deny") as string });
    await expect(run(["--deny", "not-an-id"], t.io(env), t.stdin)).rejects.toMatchObject({ name: "UsageError" });
    expect(other.settled()).toBeUndefined();
  });

  it("--wait polls until a request registered later appears, then asks", async () => {
    await startBroker();
    const t = terminal(["y"]);
    const io = t.io(env);
    const done = run(["--wait", "--timeout", "10"], io, t.stdin);
    await new Promise((r) => setTimeout(r, 300));
    expect(io.err()).toContain("Waiting for a request");
    const req = pending("late");
    await done;
    await expect(req.decision).resolves.toBe("approved");
    expect(io.out()).toContain("Гостиница Волга");
  });

  it("--wait gives up after --timeout; without --wait an empty list is not an error", async () => {
    await startBroker();
    const t = terminal([]);
    const started = Date.now();
    await expect(run(["--wait", "--timeout", "1"], t.io(env), t.stdin)).rejects.toMatchObject({ name: "CommandError", message: "no request arrived within 1 s" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    const io = t.io(env);
    await run([], io, t.stdin);
    expect(io.out()).toContain("No requests are waiting for approval.");
  });

  it("neutralizes terminal control sequences in provider text", async () => {
    await startBroker();
    pending("escape", display({ hotel: "Real Hotel\u001b[2K\rFake Hotel", guests: ["Anna\u202eavonaP"], effects: ["x\u0007\u009b31m"] }));
    const t = terminal(["n"]);
    const io = t.io(env);
    await approve({ wait: false, timeoutSeconds: 120, stdin: t.stdin }, io);
    for (const c of ["\u001b", "\r", "\u0007", "\u009b", "\u202e"]) expect(io.out()).not.toContain(c);
    expect(io.out()).toContain("Real Hotel\uFFFD[2K\uFFFDFake Hotel");
  });

  it("says no broker is running and starts none", async () => {
    const t = terminal([]);
    await expect(approve({ wait: false, timeoutSeconds: 120, stdin: t.stdin }, t.io(env))).rejects.toMatchObject({ name: "CommandError", message: expect.stringContaining("no auth broker is running") as string });
    expect(existsSync(dirs.socketPath)).toBe(false);
  });
});
