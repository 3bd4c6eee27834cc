import { spawn } from "node:child_process";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../fixtures/in-process-broker.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { addDays, isoDateAt } from "../../shared/time.js";
import { brokerEnv, brokerPids, startDaemon, type BrokerEnv } from "./helpers/broker-process.js";

// Issue 29, item 2, with real processes and real time: a plain SDK client keeps its default request
// timeout (60 s), and the person approves only 70 s after the model asked. The client must never
// see "Request timed out": the call answers approval_pending well before, the person's approval
// sends the booking once (no call is waiting then), and the same call again returns that booking.

const GATES = {
  TBANK_HOTELS_ENABLE_MUTATIONS: "true",
  TBANK_HOTELS_MUTATION_EXECUTION_PROFILE: "non_production_v1_reviewed",
  TBANK_HOTELS_TRUSTED_REAL_IP: "203.0.113.7",
};
const PERSON_DECIDES_AFTER_MS = 70_000;
const SDK_DEFAULT_TIMEOUT_MS = 60_000;

describe("a person who approves after 70 s, and a client with the SDK's default timeout", () => {
  let sandbox: Sandbox;
  let b: BrokerEnv;
  let client: Client;

  /** One tool call exactly as a plain SDK client makes it: no timeout option, no progress handler. */
  async function call(name: string, args: Record<string, unknown> = {}): Promise<{ data: Record<string, unknown>; text: string; ms: number }> {
    const started = performance.now();
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    const text = result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
    return { data: result.structuredContent ?? {}, text, ms: performance.now() - started };
  }

  /** The person at `tbank-mcp approve --wait` in a real terminal (a pty from util-linux `script`): answers "y". */
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

  async function preparedDraft(): Promise<{ bookingDraftId: string; preparedRequestHash: string; confirmationPhrase: string }> {
    const checkinDate = addDays(isoDateAt(), 40);
    const plan = (await call("tbank_hotels_plan_stay", { destination: "Казань", checkinDate, checkoutDate: addDays(checkinDate, 2), rooms: [{ adults: 1, childrenAges: [] }] })).data;
    const journeyId = plan.journeyId as string;
    for (const option of plan.options as { optionId: string }[]) {
      await call("tbank_hotels_select_stay_option", { journeyId, optionId: option.optionId });
      if ((await call("tbank_hotels_get_selected_stay_rates", { journeyId })).data.status === "ready") break;
    }
    expect((await call("tbank_hotels_select_stay_rate", { journeyId, rateNumber: 1 })).data.status).toBe("rate_selected");
    const draft = (
      await call("tbank_hotels_create_booking_draft", {
        journeyId,
        guests: [[{ firstName: "Ivan", lastName: "Petrov" }]],
        contacts: { email: "guest@example.test", phone: "+79001234567" },
      })
    ).data;
    const bookingDraftId = draft.bookingDraftId as string;
    await call("tbank_hotels_validate_checkout", { bookingDraftId });
    const prepared = (await call("tbank_hotels_prepare_draft_booking", { bookingDraftId })).data;
    expect(prepared.status).toBe("prepared");
    return { bookingDraftId, preparedRequestHash: prepared.requestHash as string, confirmationPhrase: prepared.confirmationPhrase as string };
  }

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: "approval-pending-e2e", deviceIntervalSeconds: 1 });
    b = await brokerEnv(sandbox);
    // The broker's own defaults: approval timeout 120 s, the call's hold 25 s.
    Object.assign(b.env, GATES, { TBANK_HOTELS_TOOLSETS: "journey,customer,booking" });
    await startDaemon(b.env);
    await signIn(b.socketPath, sandbox, 250);
    const transport = new StdioClientTransport({ command: process.execPath, args: [join(process.cwd(), "dist", "tbank-hotels-mcp.js")], env: b.env, cwd: b.root, stderr: "pipe" });
    client = new Client({ name: "plain-sdk-client", version: "1" });
    await client.connect(transport);
  }, 60_000);

  afterAll(async () => {
    await client?.close().catch(() => undefined);
    for (const pid of await brokerPids(b.stateDir)) process.kill(pid, "SIGKILL");
    await sandbox?.close();
    await b?.cleanup();
  });

  it("answers approval_pending before the client's timeout, books once when the person approves, and the repeat returns that booking", async () => {
    const confirm = await preparedDraft();
    const asked = performance.now();

    const first = await call("tbank_hotels_confirm_booking", confirm);
    expect(first.ms).toBeLessThan(SDK_DEFAULT_TIMEOUT_MS - 15_000);
    expect(first.data).toMatchObject({ status: "approval_pending", retryAllowed: true, terminalCommand: "tbank-mcp approve" });
    expect(first.data.approvalUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/approve\//);
    expect(first.data.nextStep).toContain("call this same tool again with the same arguments");
    expect(first.text).toContain("status=approval_pending retryAllowed=true");
    expect(first.text).toContain("tbank-mcp approve");
    expect(sandbox.control.requestCount("create_booking")).toBe(0);

    // Nobody is calling now: the person takes their time and approves 70 s after the model asked.
    await new Promise((r) => setTimeout(r, Math.max(0, asked + PERSON_DECIDES_AFTER_MS - performance.now())));
    const terminal = await approveInTerminal();
    expect(terminal).toContain(confirm.preparedRequestHash.slice(0, 12));
    // The approval itself sends it, once, with no call waiting.
    for (let i = 0; i < 100 && sandbox.control.commitCount("create_booking") === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(sandbox.control.commitCount("create_booking")).toBe(1);

    const second = await call("tbank_hotels_confirm_booking", confirm);
    expect(second.data.status).toBe("confirmed");
    expect(second.data.bookingRef).toMatch(/^bkr_/);
    const third = await call("tbank_hotels_confirm_booking", confirm);
    expect(third.data.status).not.toBe("approval_pending");
    expect(sandbox.control.requestCount("create_booking")).toBe(1);
    expect(sandbox.control.commitCount("create_booking")).toBe(1);
  }, 150_000);
});
