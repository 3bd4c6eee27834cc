import { afterEach, describe, expect, it } from "vitest";
import { nullAudit } from "../../broker/audit.js";
import { runBroker } from "../../broker/main.js";
import { createBrokerParts } from "../../broker/wire.js";
import type { FaultInput } from "../../scripts/sandbox/faults.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { parseConfig } from "../../shared/config/index.js";
import { nullLogger, SecretRegistry } from "../../shared/logger.js";
import { connectBroker } from "../../shared/protocol/client.js";
import { brokerEnv } from "../e2e/helpers/broker-process.js";
import { startHotelsHarness } from "./helpers/hotels-mcp-harness.js";

// The hotels side of the broker's route check: the customer read that proves the Hotels API accepts
// this session. A real broker, a real login, and a sandbox whose customer route fails or works.

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function signedInBroker(faults: Record<string, FaultInput>) {
  const sandbox = await startSandbox({ seed: "hotels-verify", deviceIntervalSeconds: 0, faults });
  cleanups.push(() => sandbox.close());
  const b = await brokerEnv(sandbox);
  cleanups.push(() => b.cleanup());
  const parsed = parseConfig(b.env);
  if (!parsed.ok) throw new Error(`bad broker config: ${JSON.stringify(parsed.problems)}`);
  const config = parsed.config;
  const uid = process.getuid?.() ?? 0;
  const secrets = new SecretRegistry();
  const broker = await runBroker({
    socketPath: config.broker.socketPath,
    stateDir: config.broker.stateDir,
    version: "0.0.0-test",
    requestTimeoutMs: config.broker.timeoutMs,
    logger: nullLogger,
    audit: nullAudit,
    readPeer: () => ({ pid: process.pid, uid, gid: 0 }),
    createParts: ({ requestStop, info }) => createBrokerParts({ config, logger: nullLogger, secrets, info, requestStop }),
  });
  if (broker.kind !== "running") throw new Error("expected a running broker");
  cleanups.push(() => broker.stop("test"));
  await login(b.socketPath, sandbox);
  const hotels = await startHotelsHarness({ sharedSandbox: sandbox, env: b.env });
  cleanups.push(() => hotels.close());
  return { sandbox, hotels };
}

async function login(socketPath: string, sandbox: Sandbox): Promise<void> {
  const toolkit = await connectBroker({ socketPath, role: "toolkit", clientVersion: "test", timeoutMs: 10_000 });
  try {
    const start = await toolkit.call("broker.login_start", {});
    sandbox.control.approveDevice(start.userCode);
    for (let i = 0; i < 40; i++) {
      const { state } = await toolkit.call("broker.login_poll", { loginId: start.loginId });
      if (state === "approved") return;
      if (state !== "pending") throw new Error(`login ended ${state}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error("login did not complete");
  } finally {
    toolkit.close();
  }
}

describe("Hotels MCP and the broker's check of the Hotels API", () => {
  it("the customer read passes the check: mobile_read_only_ready, and bookings are read", async () => {
    const { sandbox, hotels } = await signedInBroker({});
    const status = await hotels.call("tbank_hotels_connection_status");
    expect(status.data.customerReadiness).toEqual({ state: "mobile_read_only_ready" });
    expect(sandbox.control.requestCount("customer")).toBe(1);
    const list = await hotels.call("tbank_hotels_list_bookings", { limit: 1 });
    expect(list.data.status).toBe("ok");
  });

  it("the customer read answers 503 to the check: partial_read_only_unverified, and no booking read leaves the broker", async () => {
    const { sandbox, hotels } = await signedInBroker({ customer: { kind: "status", status: 503 } });
    const status = await hotels.call("tbank_hotels_connection_status");
    expect(status.data.customerReadiness).toMatchObject({ state: "partial_read_only_unverified" });
    expect(status.text).toContain("customer: partial_read_only_unverified");
    expect(sandbox.control.requestCount("customer")).toBe(1);
    const list = await hotels.call("tbank_hotels_list_bookings", { limit: 1 });
    expect(list.result.isError).toBe(true);
    expect(list.data).toMatchObject({ status: "partial_read_only_unverified", retryAllowed: false });
    expect(sandbox.control.requestCount("orders")).toBe(0);
  });
});
