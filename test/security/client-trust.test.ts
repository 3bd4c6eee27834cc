import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, chown, mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { run as login } from "../../scripts/cli/commands/login.js";
import { BrokerClient, brokerFailure } from "../../mcp/shared/broker-client.js";
import { CommandError } from "../../scripts/cli/errors.js";
import { ensureBroker, LauncherError } from "../../shared/broker-launcher.js";
import { connectBroker } from "../../shared/protocol/client.js";
import { BrokerUntrustedError } from "../../shared/protocol/socket-trust.js";

const isRoot = process.getuid?.() === 0;
const WELCOME = JSON.stringify({ type: "welcome", protocol: 2, brokerVersion: "9.9.9", operations: [], verifiedOperations: [] }) + "\n";

// The attacker's broker: answers every hello with a welcome and reports each byte it receives.
const FAKE_BROKER = `
const net = require("node:net");
const fs = require("node:fs");
const server = net.createServer((s) => s.on("data", (d) => { process.stdout.write("got " + d.length + "\\n"); s.write(${JSON.stringify(WELCOME)}); }));
server.listen(process.argv[1], () => { fs.chmodSync(process.argv[1], 0o666); process.stdout.write("listening\\n"); });
`;

interface Fake {
  received: () => number;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function tempRoot(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "tbk-trust-"));
  cleanups.push(() => rm(root, { recursive: true, force: true }));
  return root;
}

/** A directory anyone may create files in, like /tmp: world-writable and sticky. */
async function sharedDir(root: string): Promise<string> {
  const dir = join(root, "shared");
  await mkdir(dir);
  await chmod(dir, 0o1777);
  await chmod(root, 0o755);
  return dir;
}

function countReceived(lines: () => string): () => number {
  return () => [...lines().matchAll(/^got (\d+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
}

/** The fake broker run as uid 65534 (another user on the machine). */
async function foreignFake(socketPath: string): Promise<Fake> {
  const child: ChildProcess = spawn("setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", process.execPath, "-e", FAKE_BROKER, socketPath], { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  cleanups.unshift(async () => {
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
  });
  for (let i = 0; i < 100 && !out.includes("listening"); i++) await new Promise((r) => setTimeout(r, 50));
  if (!out.includes("listening")) throw new Error("the fake broker did not start");
  return { received: countReceived(() => out) };
}

/** The same fake, in this process (our own uid). */
async function ownFake(socketPath: string): Promise<Fake> {
  let received = 0;
  const sockets: Socket[] = [];
  const server: Server = createServer((s) => {
    sockets.push(s);
    s.on("data", (d) => ((received += d.length), s.write(WELCOME)));
  });
  await new Promise<void>((r) => server.listen(socketPath, r));
  cleanups.unshift(() => {
    sockets.forEach((s) => s.destroy());
    return new Promise((r) => server.close(() => r()));
  });
  return { received: () => received };
}

const connect = (socketPath: string) => connectBroker({ socketPath, role: "hotels", clientVersion: "t", timeoutMs: 2000 });
const settle = (): Promise<void> => new Promise((r) => setTimeout(r, 100));

describe.runIf(isRoot || process.env.CI === "true")("clients refuse a socket another user controls, before sending a byte", () => {
  it("connectBroker refuses another user's broker in a world-writable directory", async () => {
    const dir = await sharedDir(await tempRoot());
    const socketPath = join(dir, "auth.sock");
    const fake = await foreignFake(socketPath);
    const err: unknown = await connect(socketPath).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BrokerUntrustedError);
    expect((err as Error).message).toContain(`the socket directory ${dir} is not private to you`);
    expect((err as Error).message).toContain("TBANK_AUTH_BROKER_SOCKET");
    await settle();
    expect(fake.received()).toBe(0);
  });

  it("connectBroker refuses a listener of another uid even when directory and socket file look like ours", async () => {
    const root = await tempRoot();
    const shared = await sharedDir(root);
    const fake = await foreignFake(join(shared, "auth.sock"));
    // A socket keeps its listener when renamed: our private dir, our file owner, their process.
    const own = join(root, "run");
    await mkdir(own, { mode: 0o700 });
    const socketPath = join(own, "auth.sock");
    await rename(join(shared, "auth.sock"), socketPath);
    await chown(socketPath, process.getuid!(), process.getgid!());
    const err: unknown = await connect(socketPath).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BrokerUntrustedError);
    expect((err as Error).message).toMatch(/process of uid 65534/);
    await settle();
    expect(fake.received()).toBe(0);
  });

  it("connectBroker refuses a socket file owned by another uid", async () => {
    const root = await tempRoot();
    const own = join(root, "run");
    await mkdir(own, { mode: 0o700 });
    const socketPath = join(own, "auth.sock");
    const fake = await ownFake(socketPath);
    await chown(socketPath, 65534, 65534);
    const err: unknown = await connect(socketPath).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BrokerUntrustedError);
    expect((err as Error).message).toContain(`${socketPath} is owned by uid 65534`);
    expect(fake.received()).toBe(0);
  });

  it("the launcher refuses another user's broker and spawns none", async () => {
    const root = await tempRoot();
    const dir = await sharedDir(root);
    const socketPath = join(dir, "auth.sock");
    const fake = await foreignFake(socketPath);
    const marker = join(root, "spawned");
    const brokerBin = join(root, "fake-broker.mjs");
    await writeFile(brokerBin, `import { writeFileSync } from "node:fs"; writeFileSync(${JSON.stringify(marker)}, "x");\n`);
    const err: unknown = await ensureBroker({ socketPath, stateDir: join(root, "state"), brokerBin, env: {}, timeoutMs: 1500 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LauncherError);
    expect((err as LauncherError).problem).toBe("socket_untrusted");
    await settle();
    expect(existsSync(marker)).toBe(false);
    expect(fake.received()).toBe(0);
  });

  it("tbank-mcp login refuses another user's broker: no device code is asked for", async () => {
    const root = await tempRoot();
    const dir = await sharedDir(root);
    const socketPath = join(dir, "auth.sock");
    const fake = await foreignFake(socketPath);
    let out = "";
    const io = {
      stdout: { write: (s: string) => void (out += s) },
      stderr: { write: (s: string) => void (out += s) },
      env: { HOME: root, PATH: process.env.PATH ?? "/usr/bin:/bin", TBANK_AUTH_BROKER_SOCKET: socketPath, TBANK_AUTH_BROKER_STATE_DIR: join(root, "state"), TBANK_AUTH_SESSION_STORE: "file" },
      signal: new AbortController().signal,
    };
    const err: unknown = await login(["--no-wait"], io).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CommandError);
    expect((err as Error).message).toContain(dir);
    await settle();
    expect(fake.received()).toBe(0);
    expect(out).not.toMatch(/enter the code/);
  });
});

describe("clients refuse a socket directory that is not private (same uid)", () => {
  it("connectBroker refuses a group- or world-writable socket directory", async () => {
    const root = await tempRoot();
    const dir = join(root, "run");
    await mkdir(dir);
    await chmod(dir, 0o777);
    const socketPath = join(dir, "auth.sock");
    const fake = await ownFake(socketPath);
    const err: unknown = await connect(socketPath).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BrokerUntrustedError);
    expect((err as Error).message).toContain(`the socket directory ${dir} is not private to you`);
    expect(fake.received()).toBe(0);
  });

  it("the MCP servers report broker_untrusted with a next step, and send nothing", async () => {
    const root = await tempRoot();
    const dir = join(root, "run");
    await mkdir(dir);
    await chmod(dir, 0o770);
    const fake = await ownFake(join(dir, "auth.sock"));
    let starts = 0;
    const startBroker = (): Promise<void> => {
      starts++;
      return Promise.resolve();
    };
    const client = new BrokerClient({ socketPath: join(dir, "auth.sock"), role: "hotels", clientVersion: "t", timeoutMs: 2000, startBroker });
    expect((await client.readiness()).state).toBe("broker_untrusted");
    const failure = brokerFailure(await client.call("hotels.list_bookings", {}).catch((e: unknown) => e));
    expect(failure).toMatchObject({ status: "broker_untrusted", retryAllowed: false });
    expect(failure.nextStep).toMatch(/tbank-mcp doctor/);
    expect(fake.received()).toBe(0);
    // Spawning a broker elsewhere would not make the path ours: an untrusted socket starts nothing.
    expect(starts).toBe(0);
  });

  it("fails closed when the listening process's uid cannot be read", async () => {
    const root = await tempRoot();
    const dir = join(root, "run");
    await mkdir(dir, { mode: 0o700 });
    const fake = await ownFake(join(dir, "auth.sock"));
    const err: unknown = await connectBroker({ socketPath: join(dir, "auth.sock"), role: "hotels", clientVersion: "t", timeoutMs: 2000, trust: { readPeer: () => undefined } }).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: "BrokerUntrustedError", problem: "peer_unverifiable" });
    await settle();
    expect(fake.received()).toBe(0);
  });

  it("the launcher refuses a loose directory with no socket in it instead of spawning a broker", async () => {
    const root = await tempRoot();
    const dir = join(root, "run");
    await mkdir(dir);
    await chmod(dir, 0o777);
    const marker = join(root, "spawned");
    const brokerBin = join(root, "fake-broker.mjs");
    await writeFile(brokerBin, `import { writeFileSync } from "node:fs"; writeFileSync(${JSON.stringify(marker)}, "x");\n`);
    const err: unknown = await ensureBroker({ socketPath: join(dir, "auth.sock"), stateDir: join(root, "state"), brokerBin, env: {}, timeoutMs: 1500 }).catch((e: unknown) => e);
    expect((err as LauncherError).problem).toBe("socket_untrusted");
    await settle();
    expect(existsSync(marker)).toBe(false);
  });

  it("still connects to a listener of our own uid in a private directory", async () => {
    const root = await tempRoot();
    const dir = join(root, "run");
    await mkdir(dir, { mode: 0o700 });
    const fake = await ownFake(join(dir, "auth.sock"));
    const conn = await connect(join(dir, "auth.sock"));
    expect(conn.welcome.brokerVersion).toBe("9.9.9");
    conn.close();
    expect(fake.received()).toBeGreaterThan(0);
  });
});
