import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../fixtures/in-process-broker.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { connectBroker, type BrokerConnection } from "../../shared/protocol/client.js";
import { BrokerError } from "../../shared/protocol/errors.js";
import type { BookingSummary } from "../../shared/protocol/ops-hotels.js";
import type { ExecuteWriteAnswer, PendingApproval, PreparedWrite } from "../../shared/protocol/ops-hotels-writes.js";
import { confirmationPhraseOf, PREPARATION_TTL_MS, requestHashOf } from "../../shared/writes/hash.js";
import { brokerEnv, brokerPids, startDaemon, type BrokerEnv } from "./helpers/broker-process.js";

// Issue 28 item 3: a write on an existing booking is done once per order, not once per bookingRef.
// Refs die with the broker and the session, so the same cancellation prepared again after a SIGKILL
// restart, or after logout and sign-in, names the order under a new ref. The broker must still know
// it sent it: the recorded outcome, no new approval, no second POST at the sandbox.
const CANARY = "CANARY-ledger-5e81d0";
const GATES = {
  TBANK_HOTELS_ENABLE_MUTATIONS: "true",
  TBANK_HOTELS_MUTATION_EXECUTION_PROFILE: "non_production_v1_reviewed",
  TBANK_HOTELS_TRUSTED_REAL_IP: "203.0.113.9",
  TBANK_AUTH_BROKER_APPROVAL_TIMEOUT_MS: "5000",
};
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

type Outcome = { ok: true; result: ExecuteWriteAnswer } | { ok: false; code: string; message: string };

function prepareCancellation(bookingRef: string): { prepared: PreparedWrite; requestHash: string; confirmationPhrase: string } {
  const at = Date.now();
  const prepared: PreparedWrite = { kind: "cancellation", request: { bookingRef }, preparedAt: new Date(at).toISOString(), expiresAt: new Date(at + PREPARATION_TTL_MS).toISOString() };
  const requestHash = requestHashOf(prepared);
  return { prepared, requestHash, confirmationPhrase: confirmationPhraseOf("cancellation", requestHash) };
}

describe("a write on a booking is recognised across a broker restart and a new sign-in", () => {
  let sandbox: Sandbox;
  let b: BrokerEnv;
  let env: Record<string, string>;
  let stay: (s: BookingSummary) => boolean;

  const ledgerFile = (): string => join(b.stateDir, "write-ledger.json");

  async function withHotels<T>(run: (hotels: BrokerConnection) => Promise<T>): Promise<T> {
    const hotels = await connectBroker({ socketPath: b.socketPath, role: "hotels", clientVersion: "e2e", timeoutMs: 30_000 });
    try {
      return await run(hotels);
    } finally {
      hotels.close();
    }
  }

  /**
   * Executes while a reading person sits at `tbank-mcp approve`: a request shown as new is approved
   * (the person cannot know it was sent before), one that says it was already sent is denied.
   */
  async function executeWithPerson(p: ReturnType<typeof prepareCancellation>): Promise<{ out: Outcome; shown: PendingApproval[] }> {
    const shown: PendingApproval[] = [];
    let done = false;
    const run = withHotels((hotels) => hotels.call("hotels.execute_write_v1", p))
      .then((result): Outcome => ({ ok: true, result }))
      .catch((err: unknown): Outcome => {
        if (!(err instanceof BrokerError)) throw err;
        return { ok: false, code: err.code, message: err.message };
      })
      .finally(() => {
        done = true;
      });
    const toolkit = await connectBroker({ socketPath: b.socketPath, role: "toolkit", clientVersion: "e2e", timeoutMs: 10_000 });
    try {
      while (!done) {
        const pending = (await toolkit.call("broker.list_approvals", {})).pending.find((x) => x.requestHash === p.requestHash);
        if (pending !== undefined) {
          shown.push(pending);
          const warned = pending.display.effects.some((e) => /already sent/.test(e));
          await toolkit.call("broker.decide_approval", { approvalId: pending.approvalId, decision: warned ? "deny" : "approve" });
        }
        await sleep(20);
      }
    } finally {
      toolkit.close();
    }
    return { out: await run, shown };
  }

  async function refOfStay(): Promise<string> {
    const items = await withHotels(async (hotels) => (await hotels.call("hotels.list_bookings", { limit: 20 })).items);
    return items.find(stay)!.bookingRef;
  }

  async function killBroker(): Promise<void> {
    for (const pid of await brokerPids(b.stateDir)) process.kill(pid, "SIGKILL");
    for (let i = 0; i < 100 && (await brokerPids(b.stateDir)).length > 0; i++) await sleep(50);
    expect(await brokerPids(b.stateDir)).toEqual([]);
  }

  async function expectLedgerClean(): Promise<void> {
    const text = await readFile(ledgerFile(), "utf8");
    for (const secret of [CANARY, "ord_", "bkr_"]) expect(text).not.toContain(secret);
  }

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: "ledger-restart", canary: CANARY, deviceIntervalSeconds: 1 });
    b = await brokerEnv(sandbox);
    env = { ...b.env, ...GATES };
    await startDaemon(env);
    await signIn(b.socketPath, sandbox, 250);
  }, 30_000);

  afterAll(async () => {
    for (const pid of await brokerPids(b.stateDir)) process.kill(pid, "SIGKILL");
    await sandbox.close();
    await b.cleanup();
  });

  it("a cancellation prepared again under a new ref after a SIGKILL restart: the recorded outcome, no approval, no second POST", async () => {
    const items = await withHotels(async (hotels) => (await hotels.call("hotels.list_bookings", { limit: 20 })).items);
    const target = items.find((x) => x.status === "CONFIRMED")!;
    stay = (s) => s.hotelName === target.hotelName && s.checkinDate === target.checkinDate && s.checkoutDate === target.checkoutDate;
    const first = await executeWithPerson(prepareCancellation(target.bookingRef));
    expect(first.out).toMatchObject({ ok: true, result: { outcome: "committed", replayed: false, facts: { kind: "cancellation", status: "CANCELLED" } } });
    expect(sandbox.control.requestCount("cancel_order")).toBe(1);
    await expectLedgerClean();

    await killBroker();
    await startDaemon(env);
    const ref = await refOfStay();
    expect(ref).not.toBe(target.bookingRef);
    const again = await executeWithPerson(prepareCancellation(ref));
    expect(sandbox.control.requestCount("cancel_order")).toBe(1);
    expect(again.shown).toEqual([]);
    expect(again.out).toMatchObject({ ok: true, result: { outcome: "committed", replayed: true, facts: { kind: "cancellation", bookingRef: ref } } });
    await expectLedgerClean();
  }, 60_000);

  it("the same after logout and a new sign-in (no restart)", async () => {
    const toolkit = await connectBroker({ socketPath: b.socketPath, role: "toolkit", clientVersion: "e2e", timeoutMs: 10_000 });
    await toolkit.call("broker.logout", {});
    toolkit.close();
    await signIn(b.socketPath, sandbox, 250);
    const before = sandbox.control.requestCount("cancel_order");
    const again = await executeWithPerson(prepareCancellation(await refOfStay()));
    expect(sandbox.control.requestCount("cancel_order") - before).toBe(0);
    expect(again.shown).toEqual([]);
    expect(again.out).toMatchObject({ ok: true, result: { outcome: "committed", replayed: true } });
    await expectLedgerClean();
  }, 60_000);

  it("temp files a SIGKILLed ledger write left are removed at start; the ledger itself is untouched", async () => {
    await killBroker();
    const before = await readFile(ledgerFile(), "utf8");
    const stale = [".write-ledger.json.0123456789abcdef.tmp", ".write-ledger.json.fedcba9876543210.tmp"];
    for (const name of stale) await writeFile(join(b.stateDir, name), '{"version":1,"entries":[]}', { mode: 0o600 });
    await startDaemon(env);
    const left = await readdir(b.stateDir);
    for (const name of stale) expect(left).not.toContain(name);
    expect(left.filter((n) => n.endsWith(".tmp"))).toEqual([]);
    expect(await readFile(ledgerFile(), "utf8")).toBe(before);
  }, 60_000);

  // Second review, items 1 and 3: the key is what makes the ledger's fingerprints mean anything.
  // Without it (deleted, damaged, or another one) a sent cancellation looks new; the broker must
  // refuse writes and say why and how to get them back, while the reads go on as before.
  const keyFile = (): string => join(b.stateDir, "write-ledger.key");

  async function expectWritesRefused(problem: RegExp): Promise<void> {
    const before = sandbox.control.requestCount("cancel_order");
    const again = await executeWithPerson(prepareCancellation(await refOfStay()));
    expect(sandbox.control.requestCount("cancel_order") - before).toBe(0);
    expect(again.shown).toEqual([]);
    expect(again.out).toMatchObject({ ok: false, code: "execution_unavailable" });
    const message = again.out.ok ? "" : again.out.message;
    expect(message).toMatch(problem);
    expect(message).toMatch(/write-ledger\.key/);
    expect(message).toMatch(/until \d{4}-\d\d-\d\dT/);
  }

  it("the key deleted after a SIGKILL: reads work, the cancellation is not sent again, writes are refused naming the fix", async () => {
    const key = await readFile(keyFile(), "utf8");
    await killBroker();
    await rm(keyFile());
    await startDaemon(env);
    await expectWritesRefused(/missing/);
    await expectLedgerClean();

    // Putting the key back is the fix: the cancellation is answered from the ledger again.
    await killBroker();
    await writeFile(keyFile(), key, { mode: 0o600 });
    await startDaemon(env);
    const again = await executeWithPerson(prepareCancellation(await refOfStay()));
    expect(again.shown).toEqual([]);
    expect(again.out).toMatchObject({ ok: true, result: { outcome: "committed", replayed: true } });
    expect(sandbox.control.requestCount("cancel_order")).toBe(1);
  }, 60_000);

  it("a damaged key: with the gates off the broker starts and reads; with them on, reads work and writes are refused", async () => {
    const key = await readFile(keyFile(), "utf8");
    await killBroker();
    await writeFile(keyFile(), "short\n", { mode: 0o600 });
    try {
      await startDaemon(b.env);
      expect(await refOfStay()).toMatch(/^bkr_/);
      await killBroker();
      await startDaemon(env);
      expect(await refOfStay()).toMatch(/^bkr_/);
      await expectWritesRefused(/damaged/);
      expect(await readFile(keyFile(), "utf8")).toBe("short\n");
    } finally {
      await killBroker();
      await writeFile(keyFile(), key, { mode: 0o600 });
    }
  }, 60_000);
});
