import pino, { type DestinationStream, type Logger as PinoLogger } from "pino";

export type Logger = PinoLogger;

const SENSITIVE_KEYS = [
  "authorization",
  "Authorization",
  "cookie",
  "token",
  "accessToken",
  "access_token",
  "refreshToken",
  "refresh_token",
  "idToken",
  "device_code",
  "deviceCode",
  "key",
  "privateKey",
  "secret",
  "password",
  "phone",
  "email",
  "name",
  "firstName",
  "lastName",
  "middleName",
  "fullName",
  "orderId",
];

/** Key names at any of the first four levels, and request/response header objects. */
export const REDACT_PATHS: readonly string[] = [
  ...SENSITIVE_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`, `*.*.*.${k}`]),
  'headers["x-api-key"]',
  '*.headers["x-api-key"]',
];

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
}

/**
 * A pino logger that redacts sensitive keys by path and scrubs registered secret values from each
 * finished line, so messages, error messages and stacks are covered too.
 */
export function createLogger(opts: LoggerOptions = {}): Logger {
  const secrets = opts.secrets ?? new SecretRegistry();
  const target = opts.destination ?? pino.destination({ fd: 2, sync: true });
  const scrubbing: DestinationStream = { write: (line: string) => target.write(secrets.scrub(line)) };
  return pino(
    {
      level: opts.level ?? "info",
      // Not pino's `name`: that key is redacted as personal data.
      base: opts.name === undefined ? { pid: process.pid } : { pid: process.pid, component: opts.name },
      redact: { paths: [...REDACT_PATHS], censor: MASK },
      serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
    },
    scrubbing,
  );
}

export const nullLogger: Logger = pino({ level: "silent" });
