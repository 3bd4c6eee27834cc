// Redaction without pino: the pino logger (logger.ts) and the broker's start-up lines
// (line-logger.ts) share it.

export const MASK = "[redacted]";

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

const MAX_DEPTH = 8;

/**
 * Copies plain objects, arrays and errors, masking sensitive keys at any depth. Other class
 * instances are left to the value scrubber.
 */
export function redactKeys(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "[depth]";
  if (value instanceof Error) return redactError(value, depth);
  if (Array.isArray(value)) return value.map((v) => redactKeys(v, depth + 1));
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SENSITIVE_KEYS.has(k.toLowerCase()) ? MASK : redactKeys(v, depth + 1);
  return out;
}


/**
 * An error's own fields (a provider client's `response.headers`, say) are masked like any object's.
 * The copy keeps the error's class, message, stack and cause, so pino's err serializer still names
 * its type; `name` is the class's, not a person's.
 */
function redactError(err: Error, depth: number): Error {
  const copy = Object.create(Object.getPrototypeOf(err) as object) as Error & Record<string, unknown>;
  const hidden = (key: string, v: unknown): void => void Object.defineProperty(copy, key, { value: v, enumerable: false, writable: true, configurable: true });
  hidden("message", err.message);
  hidden("stack", err.stack);
  if (err.cause !== undefined) hidden("cause", redactKeys(err.cause, depth + 1));
  for (const [k, v] of Object.entries(err)) copy[k] = k !== "name" && SENSITIVE_KEYS.has(k.toLowerCase()) ? MASK : redactKeys(v, depth + 1);
  return copy;
}

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

