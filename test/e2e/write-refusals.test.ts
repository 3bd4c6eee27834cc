import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../fixtures/in-process-broker.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { HOTELS_WRITE_ROUTES } from "../../shared/http/routes.js";
import { connectBroker } from "../../shared/protocol/client.js";
import { confirmationPhraseOf, PREPARATION_TTL_MS, requestHashOf } from "../../shared/writes/hash.js";
import type { PreparedWrite } from "../../shared/protocol/ops-hotels-writes.js";
import { brokerEnv, brokerPids, startDaemon, type BrokerEnv } from "./helpers/broker-process.js";

// Issue 16's refusals with real processes: a broker daemon, the Hotels MCP over stdio (mutations
// toolset), the sandbox. Every refusal must leave the provider's write routes untouched.
const CANARY = "CANARY-refuse-7c2e91";
const GATES = {
  TBANK_HOTELS_ENABLE_MUTATIONS: "true",
  TBANK_HOTELS_MUTATION_EXECUTION_PROFILE: "non_production_v1_reviewed",
  TBANK_HOTELS_TRUSTED_REAL_IP: "203.0.113.7",
};
const WRITE_ROUTES = Object.keys(HOTELS_WRITE_ROUTES).filter((id) => id !== "write_request");

interface World {
  sandbox: Sandbox;
  b: BrokerEnv;
  client: Client;
}

async function startWorld(seed: string, brokerGates: Record<string, string>): Promise<World> {
  const sandbox = await startSandbox({ seed, canary: CANARY, deviceIntervalSeconds: 1 });
  const b = await brokerEnv(sandbox);
  // The person starts the broker with (or without) its gates; the Hotels server always offers the tools.
  await startDaemon({ ...b.env, ...brokerGates });
  await signIn(b.socketPath, sandbox, 250);
  Object.assign(b.env, GATES, { TBANK_HOTELS_TOOLSETS: "journey,customer,mutations" });
  const transport = new StdioClientTransport({ command: process.execPath, args: [join(process.cwd(), "dist", "tbank-hotels-mcp.js")], env: b.env, cwd: b.root, stderr: "pipe" });
  const client = new Client({ name: "refusals-e2e", version: "1" });
  await client.connect(transport);
  return { sandbox, b, client };
}

async function stopWorld(w: World | undefined): Promise<void> {
  if (w === undefined) return;
  await w.client.close().catch(() => undefined);
  for (const pid of await brokerPids(w.b.stateDir)) process.kill(pid, "SIGKILL");
  await w.sandbox.close();
  await w.b.cleanup();
}

async function call(w: World, name: string, args: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const result = (await w.client.callTool({ name, arguments: args })) as CallToolResult;
  expect(JSON.stringify(result)).not.toContain(CANARY);
  return (result.structuredContent ?? {});
}

const writes = (w: World): number => WRITE_ROUTES.reduce((n, id) => n + w.sandbox.control.requestCount(id), 0);

/** An upcoming confirmed booking's ref, through the tools. */
async function upcomingRef(w: World): Promise<string> {
  const listed = (await call(w, "tbank_hotels_list_bookings", { status: "active" })).bookings as { bookingRef: string; status: string }[];
  return listed.find((x) => x.status === "CONFIRMED")!.bookingRef;
}

/** The person at `tbank-mcp approve`, through the toolkit role: decides the next request shown. */
async function personDecides(w: World, decision: "approve" | "deny"): Promise<void> {
  const toolkit = await connectBroker({ socketPath: w.b.socketPath, role: "toolkit", clientVersion: "e2e", timeoutMs: 10_000 });
  try {
    for (let i = 0; i < 300; i++) {
      const first = (await toolkit.call("broker.list_approvals", {})).pending[0];
      if (first !== undefined) {
        await toolkit.call("broker.decide_approval", { approvalId: first.approvalId, decision });
        return;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error("no request reached the person");
  } finally {
    toolkit.close();
  }
}

describe("writes refused with real processes", () => {
  let off: World | undefined;
  let on: World | undefined;

  beforeAll(async () => {
    [off, on] = await Promise.all([startWorld("refuse-off", {}), startWorld("refuse-on", { ...GATES, TBANK_AUTH_BROKER_APPROVAL_TIMEOUT_MS: "5000" })]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([stopWorld(off), stopWorld(on)]);
  });

  it("the broker's gates off: prepare is preview_only without a phrase, execute is execution_unavailable, zero writes", async () => {
    const w = off!;
    const bookingRef = await upcomingRef(w);
    const status = await call(w, "tbank_hotels_connection_status");
    expect(status.paymentFormExecution).toMatchObject({ available: false });
    const prepared = await call(w, "tbank_hotels_prepare_cancellation", { bookingRef });
    expect(prepared).toMatchObject({ status: "preview_only", executionAvailable: false });
    expect(prepared).not.toHaveProperty("confirmationPhrase");
    const executed = await call(w, "tbank_hotels_execute_cancellation", {
      bookingRef,
      preparedRequestHash: "0".repeat(64),
      preparedAt: "2020-01-01T00:00:00.000Z",
      expiresAt: "2020-01-01T00:05:00.000Z",
      confirmationPhrase: "confirm cancel 00000000",
    });
    expect(executed.status).toBe("execution_unavailable");
    expect(writes(w)).toBe(0);
  });

  it("a changed field, an expired preparation, a wrong phrase, a denial and an approval timeout: each refused, nothing sent", async () => {
    const w = on!;
    const bookingRef = await upcomingRef(w);
    const other = ((await call(w, "tbank_hotels_list_bookings", { status: "active" })).bookings as { bookingRef: string }[]).find((x) => x.bookingRef !== bookingRef)!.bookingRef;
    const p = await call(w, "tbank_hotels_prepare_cancellation", { bookingRef });
    expect(p.status).toBe("prepared");
    const exec = (fields: Record<string, unknown>) =>
      call(w, "tbank_hotels_execute_cancellation", { bookingRef, preparedRequestHash: p.requestHash, preparedAt: p.preparedAt, expiresAt: p.expiresAt, confirmationPhrase: p.confirmationPhrase, ...fields });

    expect((await exec({ bookingRef: other })).status).toBe("preparation_invalid");
    expect((await exec({ confirmationPhrase: "confirm cancel 12345678" })).status).toBe("preparation_invalid");

    // A consistent preparation made ten minutes ago: only the broker's clock says it expired.
    const at = Date.now() - 10 * 60_000;
    const stale = { kind: "cancellation", request: { bookingRef }, preparedAt: new Date(at).toISOString(), expiresAt: new Date(at + PREPARATION_TTL_MS).toISOString() } as PreparedWrite;
    const staleHash = requestHashOf(stale);
    const expired = await exec({ preparedRequestHash: staleHash, preparedAt: stale.preparedAt, expiresAt: stale.expiresAt, confirmationPhrase: confirmationPhraseOf("cancellation", staleHash) });
    expect(expired).toMatchObject({ status: "preparation_invalid", reason: "expired" });

    const [denied] = await Promise.all([exec({}), personDecides(w, "deny")]);
    expect(denied.status).toBe("approval_denied");
    const timedOut = await exec({});
    expect(timedOut.status).toBe("approval_timeout");
    expect(writes(w)).toBe(0);
  }, 30_000);

  it("20 parallel executes of one prepared cancellation: one approval, one POST, the others in_progress (or busy)", async () => {
    const w = on!;
    const bookingRef = await upcomingRef(w);
    const p = await call(w, "tbank_hotels_prepare_cancellation", { bookingRef });
    const args = { bookingRef, preparedRequestHash: p.requestHash, preparedAt: p.preparedAt, expiresAt: p.expiresAt, confirmationPhrase: p.confirmationPhrase };
    const running = Promise.all(Array.from({ length: 20 }, () => call(w, "tbank_hotels_execute_cancellation", args)));
    await personDecides(w, "approve");
    const results = await running;
    // One execution sends and commits. The others, depending on how the calls overlap: in_progress
    // while it runs, busy past 16 requests in flight on one connection (nothing sent), or, when they
    // reach the broker after it committed (a loaded machine), the recorded outcome replayed.
    expect(results.filter((r) => r.status === "committed" && r.replayed === false)).toHaveLength(1);
    const others = results.filter((r) => !(r.status === "committed" && r.replayed === false));
    expect(others.filter((r) => !(r.status === "in_progress" || r.status === "busy" || (r.status === "committed" && r.replayed === true)))).toEqual([]);
    expect(w.sandbox.control.requestCount("cancel_order")).toBe(1);
    expect(w.sandbox.control.commitCount("cancel_order")).toBe(1);
  }, 30_000);
});
