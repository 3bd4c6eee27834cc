import pino, { type DestinationStream, type Logger as PinoLogger } from "pino";

export type Logger = PinoLogger;

/** Keys whose values are secret or personal wherever they appear (compared case-insensitively). */
export const SENSITIVE_KEYS: ReadonlySet<string> = new Set(
  [
    "authorization",
    "proxy-authorization",
    "cookie",
    "set-cookie",
    "x-api-key",
    "token",
    "accessToken",
    "access_token",
    "refreshToken",
    "refresh_token",
    "idToken",
    "id_token",
    "device_code",
    "deviceCode",
    "key",
    "privateKey",
    "secret",
    "clientSecret",
    "password",
    "phone",
    "email",
    "name",
    "firstName",
    "lastName",
    "middleName",
    "fullName",
    "birthDate",
    "orderId",
  ].map((k) => k.toLowerCase()),
);

/** Exact pino paths for the shapes we log most (HTTP headers); cheap, unlike leading wildcards. */
export const REDACT_PATHS: readonly string[] = [
  "headers.authorization",
  "headers.cookie",
  "req.headers.authorization",
  "req.headers.cookie",
  "request.headers.authorization",
  'res.headers["set-cookie"]',
];

const MAX_DEPTH = 8;

/** Copies plain objects and arrays, masking sensitive keys at any depth. Errors are left to the value scrubber. */
export function redactKeys(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== "object" || value instanceof Error) return value;
  if (depth >= MAX_DEPTH) return "[depth]";
  if (Array.isArray(value)) return value.map((v) => redactKeys(v, depth + 1));
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SENSITIVE_KEYS.has(k.toLowerCase()) ? MASK : redactKeys(v, depth + 1);
  return out;
}

const MASK = "[redacted]";

/** Secret values learned at run time (tokens, orderIds) that must never appear in a log line. */
export class SecretRegistry {
  private readonly values = new Set<string>();
  add(value: string | undefined): void {
    // Very short values would mask innocent text and are not secrets worth the name.
    if (value === undefined || value.length < 8) return;
    this.values.add(value);
    const escaped = JSON.stringify(value).slice(1, -1);
    if (escaped !== value) this.values.add(escaped);
  }
  delete(value: string): void {
    this.values.delete(value);
    this.values.delete(JSON.stringify(value).slice(1, -1));
  }
  scrub(line: string): string {
    let out = line;
    for (const value of this.values) if (out.includes(value)) out = out.split(value).join(MASK);
    return out;
  }
  get size(): number {
    return this.values.size;
  }
}

export interface LoggerOptions {
  /** Where lines go: a stream with write(), default stderr (stdout is the MCP wire). */
  destination?: DestinationStream;
  level?: pino.LevelWithSilent;
  secrets?: SecretRegistry;
  name?: string;
  /**
   * Write stderr lines asynchronously, coalescing those that come while a write is in flight (the
   * remote mode's request lines: a synchronous write per request is a visible share of its CPU).
   * pino flushes what is pending when the process exits.
   */
  asyncStderr?: boolean;
}

/**
 * A pino logger that masks sensitive keys (at any depth, and by exact header paths) and scrubs registered secret values from each
 * finished line, so messages, error messages and stacks are covered too.
 */
export function createLogger(opts: LoggerOptions = {}): Logger {
  const secrets = opts.secrets ?? new SecretRegistry();
  const target = opts.destination ?? pino.destination({ fd: 2, sync: opts.asyncStderr !== true });
  const scrubbing: DestinationStream = { write: (line: string) => target.write(secrets.scrub(line)) };
  return pino(
    {
      level: opts.level ?? "info",
      // Not pino's `name`: that key is redacted as personal data.
      base: opts.name === undefined ? { pid: process.pid } : { pid: process.pid, component: opts.name },
      redact: { paths: [...REDACT_PATHS], censor: MASK },
      formatters: {
        log: (obj) => redactKeys(obj) as Record<string, unknown>,
        bindings: (bindings) => redactKeys(bindings) as Record<string, unknown>,
      },
      serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
    },
    scrubbing,
  );
}

export const nullLogger: Logger = pino({ level: "silent" });
