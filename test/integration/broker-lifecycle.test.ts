import { spawn } from "node:child_process";
import { once } from "node:events";
import { chmod, chown, lstat, mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runBroker, SERVING_FAILED } from "../../broker/main.js";
import { nullLogger } from "../../shared/logger.js";
import { connectBroker } from "../../shared/protocol/client.js";
import { RawClient, sampleHandlers, startTestBroker, tempBrokerDirs } from "./helpers/broker-harness.js";

const isRoot = process.getuid?.() === 0;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function dirs() {
  const d = await tempBrokerDirs();
  cleanups.push(d.cleanup);
  return d;
}

/** Leaves a socket file nobody listens on, as a SIGKILLed broker would. */
async function staleSocket(path: string): Promise<void> {
  await mkdir(join(path, ".."), { recursive: true, mode: 0o700 });
  const child = spawn(process.execPath, ["-e", `require("net").createServer().listen(${JSON.stringify(path)}, () => process.stdout.write("up"))`], { stdio: ["ignore", "pipe", "ignore"] });
  await once(child.stdout, "data");
  child.kill("SIGKILL");
  await once(child, "exit");
}

describe("broker lifecycle", () => {
  it("recovers a stale socket", async () => {
    const d = await dirs();
    await staleSocket(d.socketPath);
    expect((await lstat(d.socketPath)).isSocket()).toBe(true);
    const broker = await startTestBroker(d);
    cleanups.push(() => broker.stop("test"));
    const conn = await connectBroker({ socketPath: d.socketPath, role: "toolkit", clientVersion: "t", timeoutMs: 2000 });
    expect(conn.welcome.brokerVersion).toBe("0.0.0-test");
    conn.close();
  });

  it("makes the socket 0600 and unlinks it on stop", async () => {
    const d = await dirs();
    const broker = await startTestBroker(d);
    expect((await lstat(d.socketPath)).mode & 0o777).toBe(0o600);
    expect((await lstat(join(d.socketPath, ".."))).mode & 0o777).toBe(0o700);
    await broker.stop("test");
    await expect(lstat(d.socketPath)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("two brokers started at once leave exactly one running; the other sees it and its version", async () => {
    const d = await dirs();
    const uid = process.getuid?.() ?? 0;
    const start = () =>
      runBroker({
        socketPath: d.socketPath,
        stateDir: d.stateDir,
        version: "9.9.9",
        requestTimeoutMs: 1000,
        logger: nullLogger,
        audit: { record: () => undefined },
        readPeer: () => ({ pid: 1, uid, gid: 0 }),
        createParts: () => Promise.resolve({ handlers: sampleHandlers(), close: () => Promise.resolve() }),
      });
    const results = await Promise.all([start(), start(), start()]);
    const running = results.filter((r) => r.kind === "running");
    expect(running).toHaveLength(1);
    expect(results.filter((r) => r.kind === "already_running").map((r) => r.kind === "already_running" && r.version)).toEqual(["9.9.9", "9.9.9"]);
    for (const r of running) if (r.kind === "running") cleanups.push(() => r.stop("test"));
  });

  it("steps down when its socket path is taken away", async () => {
    const d = await dirs();
    const broker = await startTestBroker({ ...d, selfCheckIntervalMs: 50 });
    const { unlink } = await import("node:fs/promises");
    await unlink(d.socketPath);
    await expect(broker.stopped).resolves.toMatch(/gone/);
  });

  it("refuses to start with a looser existing socket directory", async () => {
    const d = await dirs();
    await mkdir(join(d.socketPath, ".."), { recursive: true });
    await chmod(join(d.socketPath, ".."), 0o755);
    await expect(startTestBroker(d)).rejects.toThrow(/mode 755/);
    expect((await lstat(join(d.socketPath, ".."))).mode & 0o777).toBe(0o755);
  });

  it("refuses to start with a symlinked socket directory", async () => {
    const d = await dirs();
    const real = join(d.root, "real");
    await mkdir(real, { mode: 0o700 });
    await symlink(real, join(d.socketPath, ".."));
    await expect(startTestBroker(d)).rejects.toThrow(/symbolic link/);
  });

  it("refuses to start with a looser state directory", async () => {
    const d = await dirs();
    await mkdir(d.stateDir, { mode: 0o750 });
    await chmod(d.stateDir, 0o750);
    await expect(startTestBroker(d)).rejects.toThrow(/state directory refused/);
  });

  it.runIf(isRoot)("refuses to start with a socket directory owned by another user", async () => {
    const d = await dirs();
    const dir = join(d.socketPath, "..");
    await mkdir(dir, { mode: 0o700 });
    await chown(dir, 65534, 65534);
    await expect(startTestBroker(d)).rejects.toThrow(/owned by uid 65534/);
  });

  it("refuses an over-long socket path", async () => {
    const d = await dirs();
    await expect(startTestBroker({ ...d, socketPath: join(d.root, "x".repeat(120), "auth.sock") })).rejects.toThrow(/at most 107/);
  });

  it("refuses to replace a regular file at the socket path", async () => {
    const d = await dirs();
    await mkdir(join(d.socketPath, ".."), { recursive: true, mode: 0o700 });
    await writeFile(d.socketPath, "not a socket");
    await expect(startTestBroker(d)).rejects.toThrow(/not a socket/);
  });

  it("builds deferred handlers only once a client says hello, and serves requests from them", async () => {
    const d = await dirs();
    let loads = 0;
    const handlers = { load: () => (loads++, Promise.resolve(sampleHandlers())) };
    let partsBuilt = 0;
    const broker = await startTestBroker({ ...d, createParts: () => (partsBuilt++, Promise.resolve({ handlers, close: () => Promise.resolve() })) });
    cleanups.push(() => broker.stop("test"));
    // A connection that has not said anything yet (a launcher's probe) loads nothing, not even the parts.
    const raw = new RawClient(d.socketPath);
    cleanups.push(() => Promise.resolve(raw.socket.destroy()));
    await once(raw.socket, "connect");
    await new Promise((r) => setTimeout(r, 50));
    expect(partsBuilt).toBe(0);
    expect(loads).toBe(0);
    const conn = await connectBroker({ socketPath: d.socketPath, role: "hotels", clientVersion: "t", timeoutMs: 2000 });
    cleanups.push(() => Promise.resolve(conn.close()));
    await expect(conn.call("hotels.status", {})).resolves.toMatchObject({ state: "mobile_read_only_ready" });
    await expect(conn.call("hotels.status", {})).resolves.toMatchObject({ state: "mobile_read_only_ready" });
    expect(loads).toBe(1);
    expect(partsBuilt).toBe(1);
  });

  it("answers requests pipelined while the handlers load in order, as a loaded broker does", async () => {
    const d = await dirs();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const handlers = { load: () => gate.then(() => sampleHandlers()) };
    const broker = await startTestBroker({ ...d, createParts: () => Promise.resolve({ handlers, close: () => Promise.resolve() }) });
    cleanups.push(() => broker.stop("test"));
    const raw = new RawClient(d.socketPath);
    cleanups.push(() => Promise.resolve(raw.socket.destroy()));
    const hello = JSON.stringify({ type: "hello", protocol: 2, client: "hotels", clientVersion: "t" });
    // More than the 16 requests a connection may have in flight, then one the role may not call.
    const requests = Array.from({ length: 20 }, (_, i) => JSON.stringify({ id: `s${i}`, op: "hotels.status", args: {} }));
    raw.write(`${[hello, ...requests, JSON.stringify({ id: "x", op: "broker.stop", args: {} })].join("\n")}\n`);
    expect(await raw.next()).toMatchObject({ type: "welcome" });
    await new Promise((r) => setTimeout(r, 50));
    release();
    const replies: (Record<string, unknown> | undefined)[] = [];
    for (let i = 0; i < 21; i++) replies.push(await raw.next());
    const ids = replies.map((r) => r?.id);
    expect(replies.slice(0, 20).every((r) => r?.ok === true)).toBe(true);
    expect(replies[20]).toMatchObject({ ok: false, error: { code: "operation_not_allowed" } });
    expect(ids).toEqual([...requests.map((_, i) => `s${i}`), "x"]);
  });
  it("builds its parts with the first connection, not at start, and serves connections that came meanwhile in order", async () => {
    const d = await dirs();
    let partsBuilt = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let building!: () => void;
    const built = new Promise<void>((r) => (building = r));
    const broker = await startTestBroker({
      ...d,
      createParts: async () => {
        partsBuilt++;
        building();
        await gate;
        return { handlers: sampleHandlers(), close: () => Promise.resolve() };
      },
    });
    cleanups.push(() => broker.stop("test"));
    expect(partsBuilt).toBe(0);
    const hello = JSON.stringify({ type: "hello", protocol: 2, client: "hotels", clientVersion: "t" });
    const clients = [new RawClient(d.socketPath), new RawClient(d.socketPath)];
    for (const [i, c] of clients.entries()) {
      cleanups.push(() => Promise.resolve(c.socket.destroy()));
      c.write(`${hello}\n${JSON.stringify({ id: `c${i}`, op: "hotels.status", args: {} })}\n`);
    }
    await built;
    // Both are held, unread, while the parts build.
    await expect.poll(() => broker.info.connections()).toBe(2);
    expect(partsBuilt).toBe(1);
    release();
    for (const [i, c] of clients.entries()) {
      expect(await c.next()).toMatchObject({ type: "welcome" });
      expect(await c.next()).toMatchObject({ id: `c${i}`, ok: true });
    }
    expect(partsBuilt).toBe(1);
  });

  it("builds its parts at start when asked to, so that a failure stops the start", async () => {
    const d = await dirs();
    await expect(startTestBroker({ ...d, loadAtStart: true, createParts: () => Promise.reject(new Error("write ledger cannot open")) })).rejects.toThrow(/write ledger/);
    let partsBuilt = 0;
    const broker = await startTestBroker({ ...d, loadAtStart: true, createParts: () => (partsBuilt++, Promise.resolve({ handlers: sampleHandlers(), close: () => Promise.resolve() })) });
    cleanups.push(() => broker.stop("test"));
    expect(partsBuilt).toBe(1);
  });

  it("closes the connections and stops when what serves them cannot load (fail closed)", async () => {
    const d = await dirs();
    const broker = await startTestBroker({ ...d, createParts: () => Promise.reject(new Error("session store locked")) });
    cleanups.push(() => broker.stop("test"));
    const raw = new RawClient(d.socketPath);
    cleanups.push(() => Promise.resolve(raw.socket.destroy()));
    raw.write(`${JSON.stringify({ type: "hello", protocol: 2, client: "hotels", clientVersion: "t" })}\n`);
    expect(await raw.next()).toBeUndefined();
    expect(raw.closed).toBe(true);
    await expect(broker.stopped).resolves.toBe(`${SERVING_FAILED}: session store locked`);
  });
});
