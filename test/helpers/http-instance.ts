// A built `tbank-hotels-mcp --http` in a process of its own, for the tests and bench:http: on a free
// port (--port 0), its URL read from the "listening on" line it prints to stderr once it listens.
import { spawn, type ChildProcess } from "node:child_process";

export const HTTP_BIN = "dist/tbank-hotels-mcp.js";

export interface HttpInstanceOptions {
  /** The whole environment: nothing is inherited. */
  env: Record<string, string>;
  /** Flags after `--http --port 0` (a later --port wins). */
  args?: readonly string[];
  /** Node's own flags (bench:http's --profile). */
  nodeArgs?: readonly string[];
  /** Another script taking the same flags (bench:http's plain SDK path); the built bin by default. */
  bin?: string;
  /**
   * Keep everything it prints to stderr (its logs) for `stderr()`. bench:http does not: under load
   * it logs a line per request; only the last few KB stay, for error messages.
   */
  keepLog?: boolean;
  timeoutMs?: number;
}

export interface HttpInstance {
  child: ChildProcess;
  url: string;
  pid: number;
  /** What it printed to stderr so far (only the tail without `keepLog`). */
  stderr(): string;
  /** Its exit code once it exits (null when a signal ended it). */
  exited: Promise<number | null>;
  /** SIGTERM (it drains its calls in flight), SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
}

const LISTENING = /listening on (http:\/\/[^\s]+\/mcp)/;
const TAIL_CHARS = 4096;

export function startHttpInstance(options: HttpInstanceOptions): Promise<HttpInstance> {
  const { env, args = [], nodeArgs = [], bin = HTTP_BIN, keepLog = true, timeoutMs = 15_000 } = options;
  const child = spawn(process.execPath, [...nodeArgs, bin, "--http", "--port", "0", ...args], { env, stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  // A child that could not be spawned at all (EAGAIN, a missing node) reports "error" and no "exit";
  // a later error (a failed kill) leaves a running child, which only its exit ends.
  const exited = new Promise<number | null>((resolve) => {
    child.once("exit", (code) => resolve(code));
    child.on("error", (err) => {
      log += `\n${err.message}`;
      if (child.pid === undefined) resolve(null);
    });
  });
  const instance = (url: string): HttpInstance => ({
    child,
    url,
    pid: child.pid ?? 0,
    stderr: () => log,
    exited,
    stop: (graceMs = 5000) => stopChild(child, exited, graceMs),
  });
  child.stderr.setEncoding("utf8");
  return new Promise((resolve, reject) => {
    let listening = false;
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`tbank-hotels-mcp --http printed no "listening on" line in ${timeoutMs} ms: ${log.slice(-TAIL_CHARS)}`));
    }, timeoutMs);
    child.stderr.on("data", (d: string) => {
      log += d;
      const url = listening ? undefined : LISTENING.exec(log)?.[1];
      if (!keepLog && log.length > 2 * TAIL_CHARS) log = log.slice(-TAIL_CHARS);
      if (url === undefined) return;
      listening = true;
      clearTimeout(timer);
      resolve(instance(url));
    });
    void exited.then((code) => {
      clearTimeout(timer);
      if (!listening) reject(new Error(`tbank-hotels-mcp --http exited (${code}) before listening: ${log.slice(-TAIL_CHARS)}`));
    });
  });
}

function stopChild(child: ChildProcess, exited: Promise<number | null>, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const kill = setTimeout(() => child.kill("SIGKILL"), graceMs);
  child.kill("SIGTERM");
  return exited.then(() => clearTimeout(kill));
}
