import { afterEach, describe, expect, it } from "vitest";
import { SERVING_FAILED } from "../../broker/main.js";
import { connectBroker } from "../../shared/protocol/client.js";
import { RawClient, sampleHandlers, startTestBroker, tempBrokerDirs } from "./helpers/broker-harness.js";

// The serving half loads when a held connection first speaks (broker/server/listener.ts): these
// are the orders of events around that load a real set of clients produces.
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function dirs() {
  const d = await tempBrokerDirs();
  cleanups.push(d.cleanup);
  return d;
}

function client(path: string): RawClient {
  const c = new RawClient(path);
  cleanups.push(() => Promise.resolve(c.socket.destroy()));
  return c;
}

const hello = JSON.stringify({ type: "hello", protocol: 2, client: "hotels", clientVersion: "t" });
const status = (id: string) => JSON.stringify({ id, op: "hotels.status", args: {} });

/** Parts whose build waits for release(), counting builds and closes. */
function gatedParts() {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let building!: () => void;
  const started = new Promise<void>((r) => (building = r));
  const counts = { built: 0, closed: 0 };
  const createParts = async () => {
    counts.built++;
    building();
    await gate;
    return { handlers: sampleHandlers(), close: () => (counts.closed++, Promise.resolve()) };
  };
  return { release, started, createParts, counts };
}

describe("the broker's serving half", () => {
  it("serves a connection that stayed silent through the load once it speaks, each request once", async () => {
    const d = await dirs();
    const parts = gatedParts();
    const broker = await startTestBroker({ ...d, createParts: parts.createParts });
    cleanups.push(() => broker.stop("test"));
    const first = client(d.socketPath);
    const silent = client(d.socketPath);
    first.write(`${hello}\n${status("a1")}\n`);
    await parts.started;
    await expect.poll(() => broker.info.connections()).toBe(2);
    parts.release();
    expect(await first.next()).toMatchObject({ type: "welcome" });
    expect(await first.next()).toMatchObject({ id: "a1", ok: true });
    silent.write(`${hello}\n${status("b1")}\n`);
    expect(await silent.next()).toMatchObject({ type: "welcome" });
    expect(await silent.next()).toMatchObject({ id: "b1", ok: true });
    silent.write(`${status("b2")}\n`);
    expect(await silent.next()).toMatchObject({ id: "b2", ok: true });
    // Nothing answered twice.
    await expect(silent.next(300)).rejects.toThrow(/no line in time/);
  });

  it("answers 32 clients that start together on a fresh broker, loaded lazily or at start", async () => {
    for (const loadAtStart of [false, true]) {
      const d = await dirs();
      const broker = await startTestBroker({ ...d, loadAtStart });
      cleanups.push(() => broker.stop("test"));
      const answers = await Promise.allSettled(
        Array.from({ length: 32 }, async () => {
          const conn = await connectBroker({ socketPath: d.socketPath, role: "hotels", clientVersion: "t", timeoutMs: 5000 });
          try {
            return await conn.call("hotels.status", {});
          } finally {
            conn.close();
          }
        }),
      );
      expect(answers.filter((a) => a.status === "rejected"), `loadAtStart ${loadAtStart}`).toEqual([]);
    }
  });

  it("closes parts that finish building after a stop", async () => {
    const d = await dirs();
    const parts = gatedParts();
    const broker = await startTestBroker({ ...d, createParts: parts.createParts });
    client(d.socketPath).write(`${hello}\n`);
    await parts.started;
    const stopping = broker.stop("test");
    // Long enough for a stop that does not wait for the load to finish without it.
    await new Promise((r) => setTimeout(r, 50));
    parts.release();
    await stopping;
    expect(parts.counts).toEqual({ built: 1, closed: 1 });
  });

  it("after a failed load serves nobody, not even a client that comes before the stop", async () => {
    const d = await dirs();
    let built = 0;
    const broker = await startTestBroker({ ...d, createParts: () => (built++ === 0 ? Promise.reject(new Error("transient")) : Promise.resolve({ handlers: sampleHandlers(), close: () => Promise.resolve() })) });
    cleanups.push(() => broker.stop("test"));
    const first = client(d.socketPath);
    first.write(`${hello}\n`);
    expect(await first.next()).toBeUndefined();
    const second = client(d.socketPath);
    second.write(`${hello}\n`);
    expect(await second.next()).toBeUndefined();
    expect(built).toBe(1);
    await expect(broker.stopped).resolves.toBe(`${SERVING_FAILED}: transient`);
  });

  it("says busy to a connection past the limit while the half has not loaded", async () => {
    const d = await dirs();
    const broker = await startTestBroker({ ...d });
    cleanups.push(() => broker.stop("test"));
    const silent = Array.from({ length: 64 }, () => client(d.socketPath));
    await expect.poll(() => broker.info.connections()).toBe(silent.length);
    const late = client(d.socketPath);
    expect(await late.next()).toMatchObject({ type: "error", error: { code: "busy", retryAllowed: true } });
  });
});
