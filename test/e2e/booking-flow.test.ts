import { spawn } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../fixtures/in-process-broker.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { addDays, isoDateAt } from "../../shared/time.js";
import { brokerEnv, brokerPids, startDaemon, type BrokerEnv } from "./helpers/broker-process.js";

// Issue 16 end to end with real processes: the sandbox, a broker daemon started by the person with
// its write gates, the Hotels MCP over stdio, and the person approving on the loopback page the way
// a browser posts its form. Guest names carry a canary that must reach no log, audit line or stderr.
const CANARY = "CANARY-book-5d1f0a";
const GUEST = { firstName: "Canarina", lastName: "Zvonkova" };

const GATES = {
  TBANK_HOTELS_ENABLE_MUTATIONS: "true",
  TBANK_HOTELS_MUTATION_EXECUTION_PROFILE: "non_production_v1_reviewed",
  TBANK_HOTELS_TRUSTED_REAL_IP: "203.0.113.7",
};

describe("booking with real processes: draft, validate, prepare, the person approves on the page, confirm", () => {
  let sandbox: Sandbox;
  let b: BrokerEnv;
  let client: Client;
  let stderr = "";
  const outputs: string[] = [];

  async function call(name: string, args: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    outputs.push(JSON.stringify(result));
    return (result.structuredContent ?? {});
  }

  /** The person's browser: polls the page until the request shows, then posts Approve from it. */
  /**
   * The person at `tbank-mcp approve --wait` in a real terminal (a pty from util-linux `script`):
   * answers "y" when the request and its question appear. Resolves with what the terminal showed.
   */
  function approveInTerminal(): Promise<string> {
    const cli = `${process.execPath} ${join(process.cwd(), "dist", "tbank-mcp.js")} approve --wait --timeout 30`;
    const child = spawn("script", ["-qec", cli, "/dev/null"], { env: b.env, cwd: b.root, stdio: ["pipe", "pipe", "pipe"] });
    let shown = "";
    return new Promise((resolve, reject) => {
      child.stdout.on("data", (d: Buffer) => {
        shown += d.toString();
        if (/Approve\? \[y\/N\]/.test(shown) && !child.stdin.writableEnded) child.stdin.end("y\n");
      });
      child.on("error", reject);
      child.on("exit", (code) => (code === 0 ? resolve(shown) : reject(new Error(`tbank-mcp approve exited ${code}: ${shown}`))));
    });
  }

  /** plan → select → rates → rate → draft → validate → prepare; returns the draft id and its preparation. */
  async function preparedDraft(): Promise<{ bookingDraftId: string; requestHash: string; confirmationPhrase: string; approvalUrl: string }> {
    const checkinDate = addDays(isoDateAt(), 40);
    const plan = await call("tbank_hotels_plan_stay", { destination: "Казань", checkinDate, checkoutDate: addDays(checkinDate, 2), rooms: [{ adults: 2, childrenAges: [] }] });
    const journeyId = plan.journeyId as string;
    const options = plan.options as { optionId: string; hasRates?: boolean }[];
    for (const option of options) {
      await call("tbank_hotels_select_stay_option", { journeyId, optionId: option.optionId });
      const rates = await call("tbank_hotels_get_selected_stay_rates", { journeyId });
      if (rates.status === "ready") break;
    }
    expect((await call("tbank_hotels_select_stay_rate", { journeyId, rateNumber: 1 })).status).toBe("rate_selected");
    const draft = await call("tbank_hotels_create_booking_draft", {
      journeyId,
      guests: [[GUEST, { firstName: "Anna", lastName: "Petrova" }]],
      contacts: { email: "guest@example.test", phone: "+79001234567" },
    });
    expect(draft.status).toBe("draft_ready");
    const bookingDraftId = draft.bookingDraftId as string;
    expect((await call("tbank_hotels_validate_checkout", { bookingDraftId })).isError).toBeUndefined();
    const prepared = await call("tbank_hotels_prepare_draft_booking", { bookingDraftId });
    expect(prepared.status).toBe("prepared");
    return { bookingDraftId, requestHash: prepared.requestHash as string, confirmationPhrase: prepared.confirmationPhrase as string, approvalUrl: prepared.approvalUrl as string };
  }

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: "booking-e2e", canary: CANARY, deviceIntervalSeconds: 1 });
    b = await brokerEnv(sandbox);
    Object.assign(b.env, GATES, { TBANK_HOTELS_TOOLSETS: "journey,customer,booking" });
    // The person starts the broker with its gates; it daemonizes and must keep them.
    await startDaemon(b.env);
    await signIn(b.socketPath, sandbox, 250);
    const transport = new StdioClientTransport({ command: process.execPath, args: [join(process.cwd(), "dist", "tbank-hotels-mcp.js")], env: b.env, cwd: b.root, stderr: "pipe" });
    transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
    client = new Client({ name: "booking-e2e", version: "1" });
    await client.connect(transport);
  }, 60_000);

  afterAll(async () => {
    await client?.close().catch(() => undefined);
    for (const pid of await brokerPids(b.stateDir)) process.kill(pid, "SIGKILL");
    await sandbox?.close();
    await b?.cleanup();
  });

  it("books once after the person approves in the terminal, the booking is listed, and no guest name reaches a log", async () => {
    const status = await call("tbank_hotels_connection_status");
    expect(status.bookingExecution).toMatchObject({ available: true });
    const before = ((await call("tbank_hotels_list_bookings")).bookings as unknown[]).length;

    const p = await preparedDraft();
    expect(p.approvalUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/approve\//);
    const [confirmed, terminal] = await Promise.all([
      call("tbank_hotels_confirm_booking", { bookingDraftId: p.bookingDraftId, preparedRequestHash: p.requestHash, confirmationPhrase: p.confirmationPhrase }),
      approveInTerminal(),
    ]);
    expect(confirmed.status).toBe("confirmed");
    // What the person was shown came from the broker: the hotel, the guests by name, the hash.
    expect(terminal).toContain(`${GUEST.firstName} ${GUEST.lastName}`);
    expect(terminal).toContain(p.requestHash.slice(0, 12));
    const bookingRef = confirmed.bookingRef as string;
    expect(bookingRef).toMatch(/^bkr_/);
    expect(sandbox.control.commitCount("create_booking")).toBe(1);

    const listed = (await call("tbank_hotels_list_bookings")).bookings as { bookingRef: string }[];
    expect(listed).toHaveLength(before + 1);
    expect(listed.map((x) => x.bookingRef)).toContain(bookingRef);

    // Confirming the same draft again sends nothing: the recorded outcome.
    const again = await call("tbank_hotels_confirm_booking", { bookingDraftId: p.bookingDraftId, preparedRequestHash: p.requestHash, confirmationPhrase: p.confirmationPhrase });
    expect(again.status).not.toBe("approval_timeout");
    expect(sandbox.control.commitCount("create_booking")).toBe(1);
  }, 60_000);

  it("a lost answer (approved in the terminal) is outcome_unknown, the retry is refused until it reconciles, and exactly one order exists", async () => {
    const committedBefore = sandbox.control.commitCount("create_booking");
    const p = await preparedDraft();
    sandbox.control.setFault("create_booking", { kind: "lost_response", times: 1 });
    const [unknown] = await Promise.all([
      call("tbank_hotels_confirm_booking", { bookingDraftId: p.bookingDraftId, preparedRequestHash: p.requestHash, confirmationPhrase: p.confirmationPhrase }),
      approveInTerminal(),
    ]);
    expect(unknown.status).toBe("outcome_unknown");
    // The same confirm, repeated unchanged, reconciles (below): that is what retryAllowed promises.
    expect(unknown.retryAllowed).toBe(true);
    expect(sandbox.control.commitCount("create_booking")).toBe(committedBefore + 1);

    // A new preparation of the same draft is refused: it would be a second booking.
    expect((await call("tbank_hotels_prepare_draft_booking", { bookingDraftId: p.bookingDraftId })).status).toBe("outcome_unknown");
    // Confirming again reconciles through the provider instead of sending.
    const requestsBefore = sandbox.control.requestCount("create_booking");
    const reconciled = await call("tbank_hotels_confirm_booking", { bookingDraftId: p.bookingDraftId, preparedRequestHash: p.requestHash, confirmationPhrase: p.confirmationPhrase });
    expect(reconciled.status).toBe("confirmed");
    expect(reconciled.bookingRef).toMatch(/^bkr_/);
    expect(sandbox.control.requestCount("create_booking")).toBe(requestsBefore);
    expect(sandbox.control.commitCount("create_booking")).toBe(committedBefore + 1);
  }, 60_000);

  it("no guest name, contact or order id in the broker's files, the MCP's stderr or any tool output", async () => {
    // Everything the broker writes but its session store (which holds the canary-carrying tokens).
    const files = (await readdir(b.stateDir, { recursive: true })).filter((f) => !f.includes("session"));
    const texts = await Promise.all(
      files.map(async (f) => {
        try {
          return await readFile(join(b.stateDir, f), "utf8");
        } catch {
          return "";
        }
      }),
    );
    const logs = texts.join("\n");
    expect(logs).toContain("execute");
    for (const secret of [GUEST.lastName, "guest@example.test", "+79001234567", CANARY]) {
      expect(logs).not.toContain(secret);
      expect(stderr).not.toContain(secret);
    }
    expect(outputs.join("\n")).not.toContain(CANARY);
    expect(outputs.join("\n")).not.toContain("+79001234567");
  });
});
