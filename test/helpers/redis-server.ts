// A real redis-server for the tests and bench:http (which reads its CPU time by pid).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Redis keeps the real clock even when CI replays a suite under libfaketime: it hangs on start under
 * the preloaded library, and its TTLs are relative, so a shifted clock would prove nothing there.
 */
export function realClockEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([key]) => key !== "LD_PRELOAD" && !key.startsWith("FAKETIME")));
}

export const REDIS_SERVER = process.env.TBANK_TEST_REDIS_SERVER ?? "/usr/bin/redis-server";

export interface RedisServer {
  url: string;
  port: number;
  /** The running process's pid (0 while stopped). */
  readonly pid: number;
  /** Stops the server and waits for it to exit (the data dir stays until `close`). */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  restart(): Promise<void>;
  /** Freezes the process (SIGSTOP): connections stay open and nothing is answered, as in a hung server. */
  pause(): void;
  /** Lets a paused server run again (SIGCONT). */
  resume(): void;
  close(): Promise<void>;
}

/**
 * A real redis-server on a free loopback port, persisting nothing, in its own temp dir. Missing
 * redis-server is a failure with the way to fix it, never a skip: `npm test` installs it first (npm run test:setup).
 */
export async function startRedisServer(): Promise<RedisServer> {
  if (!existsSync(REDIS_SERVER)) {
    throw new Error(`${REDIS_SERVER} is missing: install Debian's redis-server (apt-get install redis-server) or set TBANK_TEST_REDIS_SERVER`);
  }
  const dir = await mkdtemp(join(tmpdir(), "tbank-redis-"));
  const port = await freePort();
  let child: ChildProcess | undefined;
  const log = join(dir, "redis.log");
  const start = async (): Promise<void> => {
    const spawned = spawn(REDIS_SERVER, ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "", "--appendonly", "no", "--logfile", log], {
      stdio: "ignore",
      env: realClockEnv(),
    });
    child = spawned;
    const failedToSpawn = new Promise<never>((_, reject) => spawned.once("error", reject));
    failedToSpawn.catch(() => undefined);
    try {
      await Promise.race([waitForPong(port, spawned), failedToSpawn]);
    } catch (err) {
      await stop();
      const tail = (await readFile(log, "utf8").catch(() => "")).trim().split("\n").slice(-3).join(" | ");
      throw new Error(`${err instanceof Error ? err.message : String(err)}${tail ? `; its log ends: ${tail}` : ""}`, { cause: err });
    }
  };
  const stop = async (): Promise<void> => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null || running.pid === undefined) return;
    const exited = new Promise<void>((resolve) => running.once("exit", () => resolve()));
    running.kill("SIGKILL");
    await exited;
  };
  try {
    await start();
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    get pid() {
      return child?.pid ?? 0;
    },
    stop,
    restart: start,
    pause: () => void child?.kill("SIGSTOP"),
    resume: () => void child?.kill("SIGCONT"),
    close: async () => {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function waitForPong(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`redis-server exited (${child.exitCode ?? child.signalCode})`);
    // Still running after the PONG: the answer was this server's, not one that took the port first.
    if ((await pong(port)) && !exited()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("redis-server did not answer PING within 10 s");
}

function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let reply = "";
    socket.setEncoding("utf8");
    // A listener that accepts and never answers is not a redis-server that is up.
    socket.setTimeout(500, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("close", () => resolve(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.on("data", (d: string) => {
      reply += d;
      if (reply.includes("\r\n")) {
        socket.destroy();
        resolve(reply.startsWith("+PONG"));
      }
    });
    socket.once("error", () => resolve(false));
  });
}
