import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createBrokerServer, type BrokerServerOptions } from "./helpers/broker-server.js";
import { connectBroker } from "../../shared/protocol/client.js";
import { BrokerError } from "../../shared/protocol/errors.js";
import { SAMPLES } from "../fixtures/operation-samples.js";
import { RawClient, recordingAudit, sampleHandlers, tempBrokerDirs } from "./helpers/broker-harness.js";

const uid = process.getuid?.() ?? 0;
const HELLO = `${JSON.stringify({ type: "hello", protocol: 2, client: "hotels", clientVersion: "t" })}\n`;
const STATUS = (i: number): string => `${JSON.stringify({ id: String(i), op: "hotels.status", args: {} })}\n`;

// The server alone, so each attack can be given its own small limits.
async function serve(overrides: Partial<BrokerServerOptions> = {}) {
  const dirs = await tempBrokerDirs();
  await mkdir(dirname(dirs.socketPath), { recursive: true, mode: 0o700 });
  const audit = recordingAudit();
  let statusCalls = 0;
  const server = createBrokerServer({
    socketPath: dirs.socketPath,
    handlers: sampleHandlers({ "hotels.status": () => (statusCalls++, SAMPLES["hotels.status"].result) }),
    brokerVersion: "0.0.0-test",
    verifiedOperations: () => [],
    readPeer: () => ({ pid: 1, uid, gid: 0 }),
    allowedUid: uid,
    audit,
    requestTimeoutMs: 2000,
    ...overrides,
  });
  await server.listen();
  const clients: RawClient[] = [];
  const running = {
    server,
    audit,
    socketPath: dirs.socketPath,
    statusCalls: () => statusCalls,
    client: () => {
      const c = new RawClient(dirs.socketPath);
      clients.push(c);
      return c;
    },
    stop: async () => {
      clients.forEach((c) => c.close());
      await server.close();
      await dirs.cleanup();
    },
  };
  return running;
}

/** Many pipelined status requests that the client never reads the answers to. */
function pipeline(c: RawClient, requests: number): void {
  const batch = Array.from({ length: 1000 }, (_, i) => STATUS(i)).join("");
  c.write(HELLO);
  for (let i = 0; i < requests / 1000; i++) c.write(batch);
}

const afterSettled = (): Promise<void> => new Promise((r) => setImmediate(r));

// The first client's requests wait, its socket paused, while the operations load: answer one request
// first, so a paused connection seen later is the backpressure under test.
async function loaded(b: { client(): RawClient }): Promise<void> {
  const first = b.client();
  await first.hello("hotels");
  expect(await first.call("warm", "hotels.status")).toMatchObject({ ok: true });
}

describe("broker server: a client that pipelines and never reads", () => {
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stop?.();
    stop = undefined;
  });

  it("stops reading from it while its replies are queued, so the broker's queue stays bounded", async () => {
    const b = await serve();
    stop = b.stop;
    await loaded(b);
    const attacker = b.client();
    attacker.socket.pause();
    pipeline(attacker, 200_000);
    // Either the broker stops reading (paused) or it has answered everything it was sent.
    await vi.waitFor(() => expect(b.server.stats().pausedConnections + Number(b.statusCalls() >= 200_000)).toBeGreaterThan(0), { timeout: 20_000, interval: 20 });
    await afterSettled();
    expect(b.server.stats().pausedConnections).toBe(1);
    // One read chunk of requests answered past the high-water mark, not the whole pipeline.
    expect(b.server.stats().queuedBytes).toBeLessThan(2 * 1024 * 1024);
    expect(b.statusCalls()).toBeLessThan(200_000);
    // Others are still served meanwhile.
    const other = b.client();
    await other.hello("hotels");
    expect(await other.call("x", "hotels.status")).toMatchObject({ ok: true });
  });

  it("drops it once its queued replies pass the per-connection cap, and audits that once", async () => {
    const b = await serve({ maxQueuedBytesPerConnection: 64 * 1024 });
    stop = b.stop;
    const attacker = b.client();
    attacker.socket.pause();
    pipeline(attacker, 50_000);
    const dropped = () => b.audit.events.filter((e) => e.event === "connection_dropped");
    await vi.waitFor(() => expect(dropped().length + Number(b.statusCalls() >= 50_000)).toBeGreaterThan(0), { timeout: 20_000, interval: 20 });
    await afterSettled();
    expect(dropped()).toEqual([expect.objectContaining({ outcome: "output_backlog", role: "hotels" })]);
    expect(b.server.connections()).toBe(0);
  });

  it("rate-limits its audit lines and says how many it left out", async () => {
    let t = 0;
    const b = await serve({ now: () => t });
    stop = b.stop;
    const c = b.client();
    await c.hello("hotels");
    c.write(Array.from({ length: 500 }, (_, i) => STATUS(i)).join(""));
    for (let i = 0; i < 500; i++) await c.next();
    expect(b.audit.events.filter((e) => e.event === "request").length).toBeLessThanOrEqual(100);
    t += 1000;
    expect(await c.call("later", "hotels.status")).toMatchObject({ ok: true });
    expect(b.audit.events.find((e) => e.event === "audit_suppressed")).toMatchObject({ outcome: "400 lines", role: "hotels" });
  });
});

describe("broker server: connection starvation", () => {
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stop?.();
    stop = undefined;
  });

  it("closes a connection whose hello does not complete within the hello deadline", async () => {
    const b = await serve({ helloTimeoutMs: 100 });
    stop = b.stop;
    const c = b.client();
    c.write(HELLO.slice(0, 10));
    expect(await c.waitClosed(5000)).toBe(true);
    expect(b.audit.events).toContainEqual(expect.objectContaining({ event: "handshake_refused", outcome: "timeout" }));
  });

  it("counts idleness from the last complete request, not from any byte", async () => {
    const b = await serve({ idleTimeoutMs: 300 });
    stop = b.stop;
    const c = b.client();
    await c.hello("hotels");
    // A request that never completes: one byte at a time, faster than the idle timeout.
    const partial = STATUS(1);
    let sent = 0;
    const trickle = setInterval(() => c.write(partial[sent++ % 10]!), 50);
    try {
      expect(await c.waitClosed(5000)).toBe(true);
    } finally {
      clearInterval(trickle);
    }
  });

  it("keeps a connection whose requests wait for the operations to load past the idle timeout, and answers them", async () => {
    let loaded: () => void = () => undefined;
    const ready = new Promise<void>((r) => (loaded = r));
    const b = await serve({ idleTimeoutMs: 200, handlers: { load: async () => (await ready, sampleHandlers()) } });
    stop = b.stop;
    const c = b.client();
    await c.hello("hotels");
    c.write(STATUS(1));
    await new Promise((r) => setTimeout(r, 600));
    loaded();
    expect(await c.next()).toMatchObject({ id: "1", ok: true });
  });

  it("answers a connection over the cap with a busy line before closing it, and the client reports busy", async () => {
    const b = await serve({ maxConnections: 2 });
    stop = b.stop;
    // Two slots held by hellos that never finish.
    b.client().write(HELLO.slice(0, 5));
    b.client().write(HELLO.slice(0, 5));
    await vi.waitFor(() => expect(b.server.connections()).toBe(2), { timeout: 5000, interval: 10 });
    const raw = b.client();
    expect(await raw.next()).toMatchObject({ type: "error", error: { code: "busy", retryAllowed: true } });
    expect(await raw.waitClosed()).toBe(true);
    const refused = connectBroker({ socketPath: b.socketPath, role: "toolkit", clientVersion: "t", timeoutMs: 2000 });
    await expect(refused).rejects.toBeInstanceOf(BrokerError);
    await expect(refused).rejects.toMatchObject({ code: "busy" });
  });
});
