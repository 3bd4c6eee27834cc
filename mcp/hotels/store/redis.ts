import { createHash } from "node:crypto";
import type { RedisClientType } from "redis";
import { nullLogger, type Logger } from "../../../shared/logger.js";
import type { Clock } from "../../../shared/time.js";
import { checkTtl } from "./memory.js";
import type { SharedStore, UpdateOptions, UpdateWrite } from "./types.js";

/** Every key this toolkit writes starts with it, so a Redis shared with other programs stays readable. */
export const DEFAULT_KEY_PREFIX = "tbank-hotels:";
/**
 * Conflicting rounds one update may lose before it gives up. Updates of one key within a process are
 * queued, so only other instances conflict; 20 lost rounds means something is hammering it.
 */
export const MAX_UPDATE_ATTEMPTS = 20;

export interface RedisStoreOptions {
  url: string;
  keyPrefix?: string;
  /** How long a command waits for the connection while it is down (the bound on a call while Redis is unreachable). */
  connectWaitMs?: number;
  /** How long a sent command waits for its answer (the bound on a call while Redis hangs). */
  commandTimeoutMs?: number;
  logger?: Logger;
  now?: Clock;
}

// Fixed window in one round trip: the first hit starts the window; a key found without an expiry
// (written by something else) gets one rather than counting forever.
const HIT_SCRIPT = `local c = redis.call('INCR', KEYS[1])
if c == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {c, redis.call('PTTL', KEYS[1])}`;

// Compare and set in one round trip: the key is written (with the keys that go alongside it) only if
// it still exists and holds the text the change was computed from, by SHA-1. KEYS[1] keeps its TTL;
// KEYS[i] (i > 1) takes ARGV[2i - 1] with PX ARGV[2i], or the key's own PTTL when that is longer:
// a part computed on an instance whose clock runs ahead never expires before the key naming it.
const CAS_SCRIPT = `local v = redis.call('GET', KEYS[1])
if not v or redis.sha1hex(v) ~= ARGV[1] then return 0 end
local ttl = redis.call('PTTL', KEYS[1])
for i = 2, #KEYS do redis.call('SET', KEYS[i], ARGV[i * 2 - 1], 'PX', string.format('%d', math.max(tonumber(ARGV[i * 2]), ttl))) end
redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
return 1`;

type Client = RedisClientType;

// The shared store on Redis: TTLs are PX expiries kept by Redis; an update is a GET, the change
// computed here, and a compare-and-set script, retried on conflict (two round trips; WATCH/GET/MULTI
// took three and held a connection for them). Every command goes over one connection: the client sends
// the commands of one event-loop turn in one write and Redis answers them in one read, where a pool
// of connections pays a write and a read per command (figures: docs/performance.md). The client
// module is loaded on first use, so the stdio server (which never sets a store URL) does not pay
// for it at start-up.
export class RedisSharedStore implements SharedStore {
  readonly kind = "redis";
  private readonly client: Promise<Client>;
  private readonly prefix: string;
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly logger: Logger;
  private readonly now: Clock;
  private lastErrorLogMs = Number.NEGATIVE_INFINITY;
  private readonly deadlines: CommandDeadlines;
  private readonly connectWaitMs: number;
  // Commands waiting for the connection to come back, each until its connectWaitMs runs out.
  private readonly readyWaiters = new Set<() => void>();

  constructor(options: RedisStoreOptions) {
    this.prefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
    this.logger = options.logger ?? nullLogger;
    this.now = options.now ?? Date.now;
    this.deadlines = new CommandDeadlines(options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS);
    this.connectWaitMs = options.connectWaitMs ?? DEFAULT_CONNECT_WAIT_MS;
    this.client = this.open(options);
    // A failed load surfaces on the first command; this only keeps it from being unhandled.
    this.client.catch(() => undefined);
  }

  async get(key: string): Promise<string | undefined> {
    const client = await this.connected();
    return (await this.deadlines.run(() => client.get(this.prefix + key))) ?? undefined;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    checkTtl(ttlMs);
    const client = await this.connected();
    await this.deadlines.run(() => client.set(this.prefix + key, value, { expiration: { type: "PX", value: ttlMs } }));
  }

  update(key: string, change: (current: string | undefined) => string | UpdateWrite | undefined, options: UpdateOptions = {}): Promise<string | undefined> {
    return this.queued(key, async () => {
      const client = await this.connected();
      const full = this.prefix + key;
      // A call usually reads its journey, then changes it: the first round starts from that read
      // instead of reading again. Unconfirmed, it only counts if the compare-and-set finds it current.
      let hint = options.lastRead;
      for (let attempt = 1; ; ) {
        const fromHint = hint !== undefined;
        const current = hint ?? (await this.deadlines.run(() => client.get(full))) ?? undefined;
        hint = undefined;
        const next = current === undefined ? undefined : change(current);
        if (next === undefined || current === undefined) {
          // Nothing to write, judged from a read that may be stale: judge again from a fresh one.
          if (fromHint) continue;
          return current;
        }
        const alongside = typeof next === "string" ? [] : next.alongside;
        for (const w of alongside) checkTtl(w.ttlMs);
        const value = typeof next === "string" ? next : next.value;
        const written = await this.deadlines.run(() =>
          client.eval(CAS_SCRIPT, {
            keys: [full, ...alongside.map((w) => this.prefix + w.key)],
            arguments: [sha1(current), value, ...alongside.flatMap((w) => [w.value, String(w.ttlMs)])],
          }),
        );
        if (written === 1) return value;
        if (fromHint) continue;
        if (attempt >= MAX_UPDATE_ATTEMPTS) throw new Error(`shared store: ${key} kept changing under the update (${attempt} rounds lost)`);
        await delay(Math.random() * 2 * attempt);
        attempt += 1;
      }
    });
  }

  async del(key: string): Promise<void> {
    const client = await this.connected();
    await this.deadlines.run(() => client.del(this.prefix + key));
  }

  async hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }> {
    checkTtl(windowMs);
    const client = await this.connected();
    const reply = await this.deadlines.run(() => client.eval(HIT_SCRIPT, { keys: [this.prefix + key], arguments: [String(windowMs)] }));
    const [count, ttl] = Array.isArray(reply) ? reply : [];
    if (typeof count !== "number" || typeof ttl !== "number") throw new Error("unexpected reply to the rate-window script");
    return { count, resetInMs: Math.max(0, ttl) };
  }

  async ping(): Promise<void> {
    const client = await this.connected();
    await this.deadlines.run(() => client.ping());
  }

  async close(): Promise<void> {
    this.deadlines.stop();
    let client: Client;
    try {
      client = await this.client;
    } catch {
      return;
    }
    // close() waits for commands in flight and says QUIT, which never comes back from a dead server.
    if (client.isOpen) await Promise.race([client.close().catch(() => undefined), delay(1000)]);
    if (client.isOpen) client.destroy();
  }

  /**
   * The client once its connection is up. While it is down a command waits for it at most
   * connectWaitMs and then fails: queued behind a Redis that is away, every call would hang instead.
   */
  private async connected(): Promise<Client> {
    const client = await this.client;
    if (client.isReady) return client;
    if (!client.isOpen) throw new Error("shared store (redis) is closed");
    await new Promise<void>((resolve, reject) => {
      const ready = () => {
        clearTimeout(timer);
        this.readyWaiters.delete(ready);
        resolve();
      };
      // A waiter that gives up leaves nothing behind: a long outage does not pile up handlers.
      const timer = setTimeout(() => {
        this.readyWaiters.delete(ready);
        reject(new Error(`shared store (redis) is not connected (waited ${this.connectWaitMs} ms)`));
      }, this.connectWaitMs);
      this.readyWaiters.add(ready);
    });
    return client;
  }

  private async open(options: RedisStoreOptions): Promise<Client> {
    const loaded = await import("redis");
    // Bundled with code splitting (dist/), esbuild hands this CommonJS package over as `default` only.
    const { createClient } = "createClient" in loaded ? loaded : (loaded as unknown as { default: typeof loaded }).default;
    const client = createClient({
      url: options.url,
      // Nothing is queued while the connection is down: connected() waits a bounded moment instead.
      disableOfflineQueue: true,
      // Bounded by CommandDeadlines instead: the client's own timeout is a timer per command.
      commandOptions: { timeout: 0 },
      socket: { connectTimeout: 2000, reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 2000) },
    }) as unknown as Client;
    client.on("error", (error: unknown) => this.logError(error));
    client.on("ready", () => {
      for (const ready of [...this.readyWaiters]) ready();
    });
    // Reconnects retry forever: a Redis that comes back is used again without a restart.
    client.connect().catch(() => undefined);
    return client;
  }

  // Reconnecting emits an error per attempt; one line per 10 s says the same. The message names the
  // host and port, never the URL (which may carry a password).
  private logError(error: unknown): void {
    const nowMs = this.now();
    if (nowMs - this.lastErrorLogMs < 10_000) return;
    this.lastErrorLogMs = nowMs;
    this.logger.warn({ error: error instanceof Error ? error.message : String(error) }, "shared store (redis) unreachable; retrying");
  }

  // Updates of one key inside this process wait their turn, so an update only ever races other instances.
  private queued<T>(key: string, run: () => Promise<T>): Promise<T> {
    const before = this.queues.get(key) ?? Promise.resolve();
    const result = before.then(run, run);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(key, tail);
    void tail.then(() => {
      if (this.queues.get(key) === tail) this.queues.delete(key);
    });
    return result;
  }
}

const DEFAULT_COMMAND_TIMEOUT_MS = 5_000;
const DEFAULT_CONNECT_WAIT_MS = 2_000;

// node-redis bounds each command with an AbortSignal.timeout of its own: a timer per command that,
// still referenced when it fires seconds after the answer, builds a DOMException (three commands per
// tool call: CPU and garbage on every call). One sweep every quarter of the bound rejects every
// command that has waited past it, so a hung Redis still fails a call within 1.25 times the bound.
// A command rejected that way stays queued on the connection until Redis answers it or the
// connection resets, so from then on new commands fail at once, never sent, until Redis answers
// anything: a hung Redis does not collect every call's commands (large journey parts, rate-limit
// hits applied late) behind it.
class CommandDeadlines {
  private readonly waiting = new Set<{ sinceMs: number; fail: (err: Error) => void }>();
  private sweeper: NodeJS.Timeout | undefined;
  private stalled = false;

  constructor(private readonly timeoutMs: number) {
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new RangeError("commandTimeoutMs must be a positive number of ms");
  }

  run<T>(send: () => Promise<T>): Promise<T> {
    if (this.stalled) return Promise.reject(new Error(`shared store (redis) is not answering (a command waited over ${this.timeoutMs} ms); retry shortly`));
    const command = send();
    return new Promise<T>((resolve, reject) => {
      const entry = { sinceMs: performance.now(), fail: reject };
      this.waiting.add(entry);
      this.sweeper ??= setInterval(() => this.sweep(), Math.max(10, this.timeoutMs / 4)).unref();
      // Whatever comes back, even for a command already given up on, says Redis answers again (or
      // the connection was reset and its queue dropped).
      command.then(
        (value) => {
          this.stalled = false;
          this.waiting.delete(entry);
          resolve(value);
        },
        (err: unknown) => {
          this.stalled = false;
          this.waiting.delete(entry);
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    });
  }

  stop(): void {
    clearInterval(this.sweeper);
    this.sweeper = undefined;
  }

  private sweep(): void {
    const cutoff = performance.now() - this.timeoutMs;
    for (const entry of this.waiting) {
      if (entry.sinceMs > cutoff) continue;
      this.waiting.delete(entry);
      this.stalled = true;
      entry.fail(new Error(`shared store (redis) did not answer within ${this.timeoutMs} ms`));
    }
    if (this.waiting.size === 0) this.stop();
  }
}

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const sha1 = (text: string): string => createHash("sha1").update(text).digest("hex");
