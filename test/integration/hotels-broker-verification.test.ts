import { afterEach, describe, expect, it } from "vitest";
import type { FaultInput } from "../../scripts/sandbox/faults.js";
import { startSandbox } from "../../scripts/sandbox/index.js";
import { parseConfig } from "../../shared/config/index.js";
import { brokerEnv } from "../e2e/helpers/broker-process.js";
import { testClock } from "../fixtures/clock.js";
import { signIn, startInProcessBroker } from "../fixtures/in-process-broker.js";
import { startHotelsHarness } from "./helpers/hotels-mcp-harness.js";

// The hotels side of the broker's route check: the customer read that proves the Hotels API accepts
// this session. A real broker, a real login, and a sandbox whose customer route fails or works.

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function signedInBroker(faults: Record<string, FaultInput>) {
  const clock = testClock();
  const sandbox = await startSandbox({ seed: "hotels-verify", deviceIntervalSeconds: 0, faults, now: clock.now });
  cleanups.push(() => sandbox.close());
  const b = await brokerEnv(sandbox);
  cleanups.push(() => b.cleanup());
  const parsed = parseConfig(b.env);
  if (!parsed.ok) throw new Error(`bad broker config: ${JSON.stringify(parsed.problems)}`);
  const broker = await startInProcessBroker(parsed.config, { now: clock.now, selfPeer: true });
  cleanups.push(() => broker.stop("test"));
  await signIn(b.socketPath, sandbox, 50);
  const hotels = await startHotelsHarness({ sharedSandbox: sandbox, env: b.env });
  cleanups.push(() => hotels.close());
  return { sandbox, hotels };
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
