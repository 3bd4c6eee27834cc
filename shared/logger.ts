import pino, { type DestinationStream, type Logger as PinoLogger } from "pino";
import { MASK, redactKeys, SecretRegistry } from "./redact.js";

export { MASK, redactKeys, SecretRegistry, SENSITIVE_KEYS } from "./redact.js";

export type Logger = PinoLogger;

/** Exact pino paths for the shapes we log most (HTTP headers); cheap, unlike leading wildcards. */
export const REDACT_PATHS: readonly string[] = [
  "headers.authorization",
  "headers.cookie",
  "req.headers.authorization",
  "req.headers.cookie",
  "request.headers.authorization",
  'res.headers["set-cookie"]',
];

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
