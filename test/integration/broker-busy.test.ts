import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { doctor } from "../../scripts/cli/commands/doctor.js";
import { status } from "../../scripts/cli/commands/status.js";
import type { CommandIo } from "../../scripts/cli/io.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { MAX_CONNECTIONS } from "../../broker/server/listener.js";
import { ensureBroker } from "../../shared/broker-launcher.js";
import { BROKER_BIN, brokerEnv, brokerPids, startDaemon, type BrokerEnv } from "../e2e/helpers/broker-process.js";
import { startBankingHarness } from "./helpers/banking-mcp-harness.js";
import { BrokerError } from "../../shared/protocol/errors.js";
import { RawClient, sampleHandlers, startTestBroker, tempBrokerDirs } from "./helpers/broker-harness.js";
import { startHotelsHarness } from "./helpers/hotels-mcp-harness.js";

// A broker whose every connection is held by another local program answers "busy" to the next
// client. That broker is running: nothing may call it "not running", send the person to log in, or
// start a second broker beside it.

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const NOT_RUNNING = /not running|no broker|tbank-mcp login/i;

function capture(env: Record<string, string>): CommandIo & { out: () => string } {
  let out = "";
  return { stdout: { write: (s: string) => (out += s) }, stderr: { write: () => undefined }, env, signal: new AbortController().signal, out: () => out };
}

describe("a broker at its connection limit (real broker process, every slot held by raw sockets)", () => {
  let sandbox: Sandbox;
  let b: BrokerEnv;
  const held: RawClient[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: "broker-busy" });
    b = await brokerEnv(sandbox);
    await startDaemon(b.env);
    // A connection the launcher's readiness probe left may still count: keep dialing until every
    // slot is ours, then the next one is refused.
    for (let attempt = 0; held.length < MAX_CONNECTIONS && attempt < 4 * MAX_CONNECTIONS; attempt++) {
      const c = new RawClient(b.socketPath);
      const reply = await c.hello("hotels");
      if (reply?.type === "welcome") held.push(c);
      else c.close();
    }
    expect(held).toHaveLength(MAX_CONNECTIONS);
    const extra = new RawClient(b.socketPath);
    expect(await extra.hello("toolkit")).toMatchObject({ type: "error", error: { code: "busy" } });
    extra.close();
  }, 30_000);

  afterAll(async () => {
    held.forEach((c) => c.close());
    for (const pid of await brokerPids(b.stateDir)) process.kill(pid, "SIGTERM");
    for (let i = 0; i < 40 && (await brokerPids(b.stateDir)).length > 0; i++) await sleep(50);
    await b.cleanup();
    await sandbox.close();
  });

  const brokerSettings = (): Record<string, string> => ({
    TBANK_AUTH_BROKER_SOCKET: b.socketPath,
    TBANK_AUTH_BROKER_STATE_DIR: b.stateDir,
    TBANK_AUTH_SESSION_STORE: "file",
    TBANK_AUTH_BROKER_TIMEOUT_MS: "5000",
  });

  it("hotels connection_status and a customer tool say busy, retry allowed, and start no broker", async () => {
    let starts = 0;
    const h = await startHotelsHarness({ sharedSandbox: sandbox, env: brokerSettings(), deps: { startBroker: () => (starts++, Promise.resolve()) } });
    try {
      const { data, text } = await h.call("tbank_hotels_connection_status");
      expect(data.customerReadiness).toMatchObject({ state: "broker_busy", nextStep: expect.stringMatching(/busy.*connections/) as string });
      expect(text).toContain("broker_busy");
      expect(text).not.toMatch(NOT_RUNNING);

      const list = await h.call("tbank_hotels_list_bookings");
      expect(list.result.isError).toBe(true);
      expect(list.data).toMatchObject({ status: "busy", retryAllowed: true, nextStep: expect.stringMatching(/busy.*connections/) as string });
      expect(list.text).not.toMatch(NOT_RUNNING);
      expect(starts).toBe(0);
    } finally {
      await h.close();
    }
  });

  it("banking connection_status says busy", async () => {
    const h = await startBankingHarness({ env: brokerSettings() });
    try {
      const { data, text } = await h.call("tbank_banking_connection_status");
      expect(data).toMatchObject({ brokerReadiness: "broker_busy", nextStep: expect.stringMatching(/busy.*connections/) as string });
      expect(text).not.toMatch(NOT_RUNNING);
    } finally {
      await h.close();
    }
  });

  it("tbank-mcp status reports a running, busy broker", async () => {
    const json = capture(b.env);
    expect(await status({ json: true }, json)).toMatchObject({ running: true, busy: true, socketPath: b.socketPath });
    const text = capture(b.env);
    await status({ json: false }, text);
    expect(text.out()).toMatch(/running, busy: all .*connections are in use/);
    expect(text.out()).not.toMatch(NOT_RUNNING);
  });

  it("tbank-mcp doctor reports the broker busy, with a fix that is not a login", async () => {
    const io = capture(b.env);
    const checks = await doctor({ json: true, project: undefined }, io, { probe: () => Promise.resolve({ ok: false, error: { problem: "absent", reason: "keytar is not installed" } }), brokerTimeoutMs: 2000 });
    const broker = checks.find((c) => c.id === "broker");
    expect(broker).toMatchObject({ status: "warn", message: expect.stringMatching(/busy: all .*connections are in use/) as string });
    expect(`${broker?.message} ${broker?.fix}`).not.toMatch(NOT_RUNNING);
  });

  it("the launcher finds it running and spawns no second broker", async () => {
    const before = await brokerPids(b.stateDir);
    expect(before).toHaveLength(1);
    expect(await ensureBroker({ socketPath: b.socketPath, stateDir: b.stateDir, env: b.env, brokerBin: BROKER_BIN })).toBe("already_running");
    expect(await brokerPids(b.stateDir)).toEqual(before);
  });
});

describe("a broker that answers a call busy (in-process broker, its status refused as busy)", () => {
  // The call's busy (its requests at their limit, or the session store held by another broker) is
  // not the connection limit: the person has no program to close, the model only asks again.
  it("hotels connection_status and every write tool: broker_request_busy says try again, never connections", async () => {
    const dirs = await tempBrokerDirs();
    const handlers = sampleHandlers({ "hotels.status": () => Promise.reject(new BrokerError("busy", "another tbank-auth-broker holds the session store")) });
    const broker = await startTestBroker({ ...dirs, handlers });
    const h = await startHotelsHarness({
      env: {
        TBANK_AUTH_BROKER_SOCKET: dirs.socketPath,
        TBANK_AUTH_BROKER_STATE_DIR: dirs.stateDir,
        TBANK_HOTELS_ENABLE_MUTATIONS: "true",
        TBANK_HOTELS_TOOLSETS: "journey,customer,booking,mutations",
        TBANK_HOTELS_MUTATION_EXECUTION_PROFILE: "non_production_v1_reviewed",
      },
      deps: { startBroker: () => Promise.resolve() },
    });
    try {
      const { data, text } = await h.call("tbank_hotels_connection_status");
      expect(data.customerReadiness).toMatchObject({ state: "broker_request_busy", nextStep: expect.stringMatching(/try once more in a moment/) as string });
      expect(data.bookingExecution).toMatchObject({ available: false, reason: expect.stringMatching(/busy with other requests/) as string });
      expect(text).not.toMatch(/connections/);
      expect(text).not.toMatch(NOT_RUNNING);

      // A model asked to cancel, or to confirm a draft, while the broker is busy: it is told to ask
      // again in a moment, not that writes are off and must not be offered.
      const asks = [
        ["tbank_hotels_prepare_cancellation", { bookingRef: "bkr_AAAAAAAAAAAAAAAAAAAAAA" }],
        ["tbank_hotels_execute_cancellation", { bookingRef: "bkr_AAAAAAAAAAAAAAAAAAAAAA", preparedRequestHash: "a".repeat(64), preparedAt: "2027-03-01T09:00:00Z", expiresAt: "2027-03-01T09:05:00Z", confirmationPhrase: "p" }],
        ["tbank_hotels_confirm_booking", { bookingDraftId: "bd_x", preparedRequestHash: "h", confirmationPhrase: "p" }],
      ] as const;
      for (const [tool, args] of asks) {
        const answer = await h.call(tool, args);
        expect(answer.data, tool).toMatchObject({ status: "busy", retryAllowed: true, nextStep: expect.stringMatching(/same tool again with the same arguments in a moment/) as string });
        expect(answer.text, tool).toMatch(/status=busy retryAllowed=true/);
        expect(answer.text, tool).not.toMatch(/not available|do not offer|preview_only/);
      }
    } finally {
      await h.close();
      await broker.stop("test");
      await dirs.cleanup();
    }
  });
});
