import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ensureBroker, LauncherError } from "../../shared/broker-launcher.js";

describe("broker launcher against a socket that is not (yet) a broker", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0)) await c();
  });

  /** A temp state dir, a socket served by `onConnection`, and a broker bin that only leaves a mark. */
  async function setup(onConnection: (socket: Socket) => void) {
    const root = await mkdtemp(join(tmpdir(), "tbank-launcher-"));
    const sockets: Socket[] = [];
    const server: Server = createServer((s) => {
      sockets.push(s);
      onConnection(s);
    });
    const socketPath = join(root, "auth.sock");
    await new Promise<void>((r) => server.listen(socketPath, r));
    const marker = join(root, "spawned");
    const brokerBin = join(root, "fake-broker.mjs");
    await writeFile(brokerBin, `import { writeFileSync } from "node:fs"; writeFileSync(${JSON.stringify(marker)}, "x");\n`);
    cleanups.push(async () => {
      sockets.forEach((s) => s.destroy());
      await new Promise((r) => server.close(r));
      await rm(root, { recursive: true, force: true });
    });
    return { socketPath, stateDir: join(root, "state"), brokerBin, marker };
  }

  it("waits for a listener that is slow to say welcome instead of racing it with a spawn", async () => {
    const s = await setup(() => undefined);
    const started = Date.now();
    const err: unknown = await ensureBroker({ ...s, env: {}, timeoutMs: 1500 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LauncherError);
    expect((err as LauncherError).problem).toBe("not_ready");
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(existsSync(s.marker)).toBe(false);
  });

  it("refuses a listener that answers with something other than a broker, and spawns nothing", async () => {
    const s = await setup((socket) => socket.end("HTTP/1.1 400 Bad Request\r\n\r\n"));
    const err: unknown = await ensureBroker({ ...s, env: {}, timeoutMs: 1500 }).catch((e: unknown) => e);
    expect((err as LauncherError).problem).toBe("socket_unusable");
    expect(existsSync(s.marker)).toBe(false);
  });
});

describe("broker launcher when the spawned broker exits during start-up", () => {
  const roots: string[] = [];
  afterEach(async () => {
    for (const r of roots.splice(0)) await rm(r, { recursive: true, force: true });
  });

  async function withBrokerBin(source: string) {
    const root = await mkdtemp(join(tmpdir(), "tbank-launcher-exit-"));
    roots.push(root);
    const brokerBin = join(root, "fake-broker.mjs");
    await writeFile(brokerBin, source);
    return { socketPath: join(root, "auth.sock"), stateDir: join(root, "state"), brokerBin };
  }

  // The readiness window is far longer than the test timeout: waiting it out fails the test.
  it("fails at once with broker_exited when the child exits 0 and no broker answers", { timeout: 5000 }, async () => {
    const s = await withBrokerBin("process.exit(0);\n");
    const err: unknown = await ensureBroker({ ...s, env: {}, timeoutMs: 600_000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LauncherError);
    expect((err as LauncherError).problem).toBe("broker_exited");
    expect((err as LauncherError).message).toMatch(/code 0/);
  });

  it("fails with broker_exited and the exit code when the child exits non-zero", { timeout: 5000 }, async () => {
    const s = await withBrokerBin("process.exit(3);\n");
    const err: unknown = await ensureBroker({ ...s, env: {}, timeoutMs: 600_000 }).catch((e: unknown) => e);
    expect((err as LauncherError).problem).toBe("broker_exited");
    expect((err as LauncherError).message).toMatch(/code 3/);
  });
});
