import { createHash, randomBytes } from "node:crypto";

// Opaque ids are a prefix plus unpadded base64url of fresh random bytes. The prefix tells a human
// (and a log redactor) what kind of thing it is; the bytes carry no meaning at all.
export const REF_PREFIXES = {
  bookingRef: { prefix: "bkr_", bytes: 16 },
  // A bearer capability between the two MCPs: 256 bits, stored by the broker only as a SHA-256.
  paymentHandoffRef: { prefix: "phr_", bytes: 32 },
  journeyId: { prefix: "jrn_", bytes: 16 },
  // Names a booking draft, which holds guest PII in memory only (mcp/hotels/booking/store.ts).
  bookingDraftId: { prefix: "bdr_", bytes: 16 },
  // Scoped to one journey and shown to the model many times, so shorter (72 bits) to save tokens.
  optionId: { prefix: "opt_", bytes: 9 },
  extraServiceOptionRef: { prefix: "esr_", bytes: 16 },
  loginId: { prefix: "lgn_", bytes: 16 },
  requestId: { prefix: "req_", bytes: 9 },
} as const satisfies Record<string, { prefix: string; bytes: number }>;

export type RefKind = keyof typeof REF_PREFIXES;

export type RandomBytes = (size: number) => Uint8Array;

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

export function refBodyLength(bytes: number): number {
  return Math.ceil((bytes * 8) / 6);
}

// The last base64url character also carries the zero padding bits, so only some characters are
// possible there; encoding that in the pattern makes every accepted ref the canonical encoding.
function lastCharClass(bytes: number): string {
  const padBits = (6 - ((bytes * 8) % 6)) % 6;
  const step = 1 << padBits;
  let chars = "";
  for (let i = 0; i < 64; i += step) chars += BASE64URL[i];
  return `[${chars.replace("-", "\\-")}]`;
}

function bodyPattern(bytes: number): string {
  const length = refBodyLength(bytes);
  return `[A-Za-z0-9_-]{${length - 1}}${lastCharClass(bytes)}`;
}

const PATTERNS = new Map<RefKind, RegExp>(
  (Object.keys(REF_PREFIXES) as RefKind[]).map((kind) => {
    const { prefix, bytes } = REF_PREFIXES[kind];
    return [kind, new RegExp(`^${prefix}${bodyPattern(bytes)}$`)];
  }),
);

export function refPattern(kind: RefKind): RegExp {
  const pattern = PATTERNS.get(kind);
  if (!pattern) throw new TypeError(`unknown ref kind: ${String(kind)}`);
  return pattern;
}

// crypto.randomBytes is a call into OpenSSL per id, and a plan names about a hundred options. Ids
// need fresh CSPRNG bytes, not a read each: these come from a block read at once, every byte handed
// out once, as Node's randomUUID does with its cache.
const POOL_BYTES = 4096;
let pool: Buffer = Buffer.alloc(0);
let poolUsed = 0;

/** CSPRNG bytes like crypto.randomBytes, read from the system in 4 KiB blocks; never the same bytes twice. */
export function pooledRandomBytes(size: number): Buffer {
  if (!Number.isInteger(size) || size < 0) throw new RangeError("size must be a non-negative integer");
  if (size > POOL_BYTES / 8) return randomBytes(size);
  if (poolUsed + size > pool.length) {
    // A new block, not the old one refilled: earlier ids may still be views of it.
    pool = randomBytes(POOL_BYTES);
    poolUsed = 0;
  }
  const out = pool.subarray(poolUsed, poolUsed + size);
  poolUsed += size;
  return out;
}

export function newRef(kind: RefKind, random: RandomBytes = randomBytes): string {
  const { prefix, bytes } = REF_PREFIXES[kind];
  const buf = random(bytes);
  // A short read from an injected source would silently weaken the ref: refuse instead.
  if (buf.length !== bytes) throw new RangeError(`random source returned ${buf.length} bytes, need ${bytes}`);
  return prefix + Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength).toString("base64url");
}

export function isRef(kind: RefKind, value: unknown): value is string {
  return typeof value === "string" && refPattern(kind).test(value);
}

export function sha256Hex(value: string | Uint8Array): string {
  return createHash("sha256").update(value).digest("hex");
}
