import type { RedisClientPoolType } from "redis";
import { nullLogger, type Logger } from "../../../shared/logger.js";
import type { Clock } from "../../../shared/time.js";
import { checkTtl } from "./memory.js";
import type { SharedStore, UpdateWrite } from "./types.js";

/** Every key this toolkit writes starts with it, so a Redis shared with other programs stays readable. */
export const DEFAULT_KEY_PREFIX = "tbank-hotels:";
/**
 * Conflicting WATCH/MULTI rounds one update may lose before it gives up. Updates of one key within a
 * process are queued, so only other instances conflict; 20 lost rounds means something is hammering it.
 */
export const MAX_UPDATE_ATTEMPTS = 20;

export interface RedisStoreOptions {
  url: string;
  keyPrefix?: string;
  /**
   * Connections (default 32): WATCH belongs to a connection, so each update holds its own while it
   * decodes and re-encodes a journey; 8 ran out under 200 concurrent sessions (bench:http).
   */
  maxConnections?: number;
  /** How long a command waits for a connection (the bound on a call while Redis is unreachable). */
  acquireTimeoutMs?: number;
  logger?: Logger;
  now?: Clock;
}

// Fixed window in one round trip: the first hit starts the window; a key found without an expiry
// (written by something else) gets one rather than counting forever.
const HIT_SCRIPT = `local c = redis.call('INCR', KEYS[1])
if c == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {c, redis.call('PTTL', KEYS[1])}`;

type Pool = RedisClientPoolType;

// The shared store on Redis: TTLs are PX expiries kept by Redis; updates are WATCH/MULTI on a pooled
// connection, retried on conflict. The client module is loaded on first use, so the stdio server
// (which never sets a store URL) does not pay for it at start-up.
export class RedisSharedStore implements SharedStore {
  readonly kind = "redis";
  private readonly pool: Promise<Pool>;
  private readonly prefix: string;
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly logger: Logger;
  private readonly now: Clock;
  private lastErrorLogMs = Number.NEGATIVE_INFINITY;
  // Loaded with the client: what a lost WATCH race rejects with.
  private WatchError: new () => Error = class NotLoaded extends Error {};

  constructor(options: RedisStoreOptions) {
    this.prefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
    this.logger = options.logger ?? nullLogger;
    this.now = options.now ?? Date.now;
    this.pool = this.open(options);
    // A failed load surfaces on the first command; this only keeps it from being unhandled.
    this.pool.catch(() => undefined);
  }

  async get(key: string): Promise<string | undefined> {
    const pool = await this.pool;
    return (await pool.get(this.prefix + key)) ?? undefined;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    checkTtl(ttlMs);
    const pool = await this.pool;
    await pool.set(this.prefix + key, value, { expiration: { type: "PX", value: ttlMs } });
  }

  update(key: string, change: (current: string | undefined) => string | UpdateWrite | undefined): Promise<string | undefined> {
    return this.queued(key, async () => {
      const pool = await this.pool;
      const full = this.prefix + key;
      return pool.execute(async (client) => {
        for (let attempt = 1; ; attempt += 1) {
          await client.watch(full);
          let next: string | UpdateWrite | undefined;
          let current: string | undefined;
          try {
            current = (await client.get(full)) ?? undefined;
            next = current === undefined ? undefined : change(current);
            if (typeof next === "object") for (const w of next.alongside) checkTtl(w.ttlMs);
          } catch (error) {
            await client.unwatch();
            throw error;
          }
          if (next === undefined) {
            await client.unwatch();
            return current;
          }
          const value = typeof next === "string" ? next : next.value;
          try {
            const multi = client.multi();
            if (typeof next === "object") for (const w of next.alongside) multi.set(this.prefix + w.key, w.value, { expiration: { type: "PX", value: w.ttlMs } });
            await multi.set(full, value, { expiration: "KEEPTTL" }).exec();
            return value;
          } catch (error) {
            if (!(error instanceof this.WatchError) || attempt >= MAX_UPDATE_ATTEMPTS) throw error;
          }
          await delay(Math.random() * 2 * attempt);
        }
      });
    });
  }

  async del(key: string): Promise<void> {
    const pool = await this.pool;
    await pool.del(this.prefix + key);
  }

  async hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }> {
    checkTtl(windowMs);
    const pool = await this.pool;
    const reply = await pool.eval(HIT_SCRIPT, { keys: [this.prefix + key], arguments: [String(windowMs)] });
    const [count, ttl] = Array.isArray(reply) ? reply : [];
    if (typeof count !== "number" || typeof ttl !== "number") throw new Error("unexpected reply to the rate-window script");
    return { count, resetInMs: Math.max(0, ttl) };
  }

  async ping(): Promise<void> {
    const pool = await this.pool;
    await pool.ping();
  }

  async close(): Promise<void> {
    let pool: Pool;
    try {
      pool = await this.pool;
    } catch {
      return;
    }
    // close() waits for commands in flight and says QUIT, which never comes back from a dead server.
    if (pool.isOpen) await Promise.race([pool.close().catch(() => undefined), delay(1000)]);
    if (pool.isOpen) pool.destroy();
  }

  private async open(options: RedisStoreOptions): Promise<Pool> {
    const loaded = await import("redis");
    // Bundled with code splitting (dist/), esbuild hands this CommonJS package over as `default` only.
    const { createClientPool, WatchError } = "createClientPool" in loaded ? loaded : (loaded as unknown as { default: typeof loaded }).default;
    this.WatchError = WatchError;
    const pool = createClientPool(
      {
        url: options.url,
        // Commands fail at once while the connection is down instead of queueing behind it.
        disableOfflineQueue: true,
        socket: { connectTimeout: 2000, reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 2000) },
      },
      { minimum: 1, maximum: options.maxConnections ?? 32, acquireTimeout: options.acquireTimeoutMs ?? 2000 },
    );
    pool.on("error", (error: unknown) => this.logError(error));
    // Reconnects retry forever: a Redis that comes back is used again without a restart.
    pool.connect().catch(() => undefined);
    return pool;
  }

  // Reconnecting emits an error per attempt; one line per 10 s says the same. The message names the
  // host and port, never the URL (which may carry a password).
  private logError(error: unknown): void {
    const nowMs = this.now();
    if (nowMs - this.lastErrorLogMs < 10_000) return;
    this.lastErrorLogMs = nowMs;
    this.logger.warn({ error: error instanceof Error ? error.message : String(error) }, "shared store (redis) unreachable; retrying");
  }

  // Updates of one key inside this process wait their turn, so WATCH only ever races other instances.
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

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
