import { chmod, mkdir } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { dirname } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BrokerClient, brokerFailure } from "../../mcp/shared/broker-client.js";
import { HOTELS_ORDER_READ_OPERATIONS, ROLE_OPERATIONS } from "../../shared/protocol/operations.js";
import { tempBrokerDirs } from "./helpers/broker-harness.js";

// A broker started from an older toolkit keeps running after an update: it speaks protocol 2 but
// does not list the low-level order reads. The customer reads must stay ready; the order reads must
// say that this broker lacks them (and how to get the current one), not that the session is unverified.

const OLDER = ROLE_OPERATIONS.hotels.filter((op) => !(HOTELS_ORDER_READ_OPERATIONS as readonly string[]).includes(op));

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A protocol-2 broker that lists only OLDER and counts every request it gets. */
async function olderBroker(socketPath: string): Promise<{ requests: string[] }> {
  const requests: string[] = [];
  await mkdir(dirname(socketPath), { recursive: true, mode: 0o700 });
  const server: Server = createServer((socket) => {
    let buffered = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      buffered += chunk;
      for (let i = buffered.indexOf("\n"); i >= 0; i = buffered.indexOf("\n")) {
        const msg = JSON.parse(buffered.slice(0, i)) as { type?: string; id?: string; op?: string };
        buffered = buffered.slice(i + 1);
        if (msg.type === "hello") {
          socket.write(`${JSON.stringify({ type: "welcome", protocol: 2, brokerVersion: "0.0.9", operations: OLDER, verifiedOperations: OLDER })}\n`);
          continue;
        }
        requests.push(msg.op ?? "");
        const reply =
          msg.op === "hotels.status"
            ? { id: msg.id, ok: true, result: { state: "mobile_read_only_ready" } }
            : { id: msg.id, ok: false, error: { code: "operation_not_allowed", message: "operation not allowed", retryAllowed: false } };
        socket.write(`${JSON.stringify(reply)}\n`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  await chmod(socketPath, 0o600);
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return { requests };
}

describe("an older broker without the low-level order reads", () => {
  it("keeps customer reads ready and answers the order reads locally with operation_not_allowed and the restart step", async () => {
    const dirs = await tempBrokerDirs();
    cleanups.push(dirs.cleanup);
    const broker = await olderBroker(dirs.socketPath);
    const client = new BrokerClient({ socketPath: dirs.socketPath, role: "hotels", clientVersion: "t", timeoutMs: 2000 });
    cleanups.push(() => Promise.resolve(client.close()));
    expect((await client.readiness()).state).toBe("mobile_read_only_ready");
    for (const op of HOTELS_ORDER_READ_OPERATIONS) {
      const failure = brokerFailure(await client.call(op, { bookingRef: "bkr_AAAAAAAAAAAAAAAAAAAAAA" }).catch((e: unknown) => e), op);
      expect(failure).toMatchObject({ status: "operation_not_allowed", retryAllowed: false });
      expect(failure.nextStep).toContain("tbank-mcp stop-broker");
    }
    // Only readiness's status call reached it: the order reads were not sent.
    expect(broker.requests).toEqual(["hotels.status"]);
  });
});
