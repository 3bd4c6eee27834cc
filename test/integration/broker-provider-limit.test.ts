import { afterEach, describe, expect, it } from "vitest";
import { startSandbox } from "../../scripts/sandbox/index.js";
import { PROVIDER_MAX_IN_FLIGHT, PROVIDER_QUEUE_LIMIT } from "../../broker/provider/client.js";
import { parseConfig } from "../../shared/config/index.js";
import { connectBroker } from "../../shared/protocol/client.js";
import { BrokerError } from "../../shared/protocol/errors.js";
import { brokerEnv } from "../e2e/helpers/broker-process.js";
import { testClock } from "../fixtures/clock.js";
import { signIn, startInProcessBroker } from "../fixtures/in-process-broker.js";

// One client pipelining reads must not become a flood at the bank: the broker holds at most
// PROVIDER_MAX_IN_FLIGHT provider requests, queues PROVIDER_QUEUE_LIMIT more and refuses the rest
// locally as `busy`. Counted where the bank would count them: at the sandbox.

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe("the broker's limit on provider requests", () => {
  it("64 parallel hotels.list_bookings: the sandbox sees at most the limit at once, the overflow is busy", async () => {
    const clock = testClock();
    const sandbox = await startSandbox({ seed: "provider-limit", deviceIntervalSeconds: 0, now: clock.now });
    cleanups.push(() => sandbox.close());
    const b = await brokerEnv(sandbox);
    cleanups.push(() => b.cleanup());
    const parsed = parseConfig(b.env);
    if (!parsed.ok) throw new Error(`bad broker config: ${JSON.stringify(parsed.problems)}`);
    const broker = await startInProcessBroker(parsed.config, { now: clock.now, selfPeer: true, requestTimeoutMs: 10_000 });
    cleanups.push(() => broker.stop("test"));
    await signIn(b.socketPath, sandbox);
    // Four connections of 16 calls each: the broker reads at most 16 requests per connection ahead
    // of their replies, so all 64 reach it at once, as from several clients.
    const connections = await Promise.all(
      Array.from({ length: 4 }, () => connectBroker({ socketPath: b.socketPath, role: "hotels", clientVersion: "test", timeoutMs: 10_000 })),
    );
    cleanups.push(() => Promise.resolve(connections.forEach((c) => c.close())));
    // The first read also runs the broker's route check; the flood comes after it.
    await connections[0]!.call("hotels.list_bookings", { limit: 1 });
    sandbox.control.resetCounters();
    sandbox.control.setFault("orders", { kind: "latency", ms: 200 });

    const outcomes = await Promise.all(
      connections.flatMap((c) =>
        Array.from({ length: 16 }, () =>
          c.call("hotels.list_bookings", { limit: 1 }).then(
            () => "ok",
            (err: unknown) => (err instanceof BrokerError ? err.code : String(err)),
          ),
        ),
      ),
    );

    expect(sandbox.control.peakInFlight()).toBe(PROVIDER_MAX_IN_FLIGHT);
    const served = PROVIDER_MAX_IN_FLIGHT + PROVIDER_QUEUE_LIMIT;
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(served);
    expect(outcomes.filter((o) => o === "busy")).toHaveLength(64 - served);
    expect(sandbox.control.requestCount("orders")).toBe(served);
  });
});
