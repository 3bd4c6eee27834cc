// Money travels as canonical decimal strings and is computed with BigInt; a float never holds an
// amount after the provider's JSON has been parsed.
//
// Canonical form: optional "-", no leading zeros, no "+", no trailing fractional zeros, no "-0".
// Rounding everywhere in this module is half-up (ties away from zero): it is what people and
// receipts do, so "за ночь" figures match what a user computes by hand.

import { DEFAULT_LANG, type Lang } from "./locale.js";

export type Decimal = string;
export type Currency = string;

export const DECIMAL_PATTERN = /^-?(0|[1-9]\d*)(\.\d*[1-9])?$/;
export const CURRENCY_PATTERN = /^[A-Z]{3}$/;
// ru-RU groups thousands and separates the currency with a no-break space (U+00A0), as Intl does.
export const NBSP = "\u00a0";

export class DecimalError extends RangeError {
  override name = "DecimalError";
}

interface Scaled {
  units: bigint;
  scale: number;
}

export function isDecimal(value: unknown): value is Decimal {
  return typeof value === "string" && DECIMAL_PATTERN.test(value) && value !== "-0";
}

export function isCurrency(value: unknown): value is Currency {
  return typeof value === "string" && CURRENCY_PATTERN.test(value);
}

export function parseDecimal(value: string): Decimal {
  if (!isDecimal(value)) throw new DecimalError("not a canonical decimal");
  return value;
}

const PROVIDER_NUMBER = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

// String(n) is the shortest text that reads back as the same double, which is the best available
// guess at what the provider wrote (18450.5 → "18450.5", not 18450.500000000001).
export function decimalFromProviderNumber(n: number): Decimal {
  if (!Number.isFinite(n)) throw new DecimalError("amount is not a finite number");
  const m = PROVIDER_NUMBER.exec(String(n));
  if (!m) throw new DecimalError("unexpected number format");
  const [, sign = "", int = "", frac = "", exp = "0"] = m;
  const digits = BigInt(sign + int + frac);
  const scale = frac.length - Number(exp);
  if (scale >= 0) return toCanonical({ units: digits, scale });
  return toCanonical({ units: digits * 10n ** BigInt(-scale), scale: 0 });
}

function toScaled(value: Decimal): Scaled {
  const canonical = parseDecimal(value);
  const dot = canonical.indexOf(".");
  if (dot === -1) return { units: BigInt(canonical), scale: 0 };
  return { units: BigInt(canonical.slice(0, dot) + canonical.slice(dot + 1)), scale: canonical.length - dot - 1 };
}

function toCanonical({ units, scale }: Scaled): Decimal {
  let u = units;
  let s = scale;
  while (s > 0 && u % 10n === 0n) {
    u /= 10n;
    s -= 1;
  }
  const negative = u < 0n;
  const abs = (negative ? -u : u).toString();
  if (s === 0) return (negative ? "-" : "") + abs;
  const padded = abs.padStart(s + 1, "0");
  const out = `${padded.slice(0, padded.length - s)}.${padded.slice(padded.length - s)}`;
  return (negative ? "-" : "") + out;
}

function align(a: Scaled, b: Scaled): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * 10n ** BigInt(scale - a.scale), b.units * 10n ** BigInt(scale - b.scale), scale];
}

export function compareDecimal(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const [x, y] = align(toScaled(a), toScaled(b));
  return x < y ? -1 : x > y ? 1 : 0;
}

export function subtractDecimal(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = align(toScaled(a), toScaled(b));
  return toCanonical({ units: x - y, scale });
}

function toBigIntInteger(n: number | bigint, what: string): bigint {
  if (typeof n === "bigint") return n;
  if (!Number.isSafeInteger(n)) throw new DecimalError(`${what} must be a safe integer`);
  return BigInt(n);
}

// Integer division of scaled units, rounded half-up (away from zero on an exact tie).
function divRoundHalfUp(num: bigint, den: bigint): bigint {
  const negative = num < 0n !== den < 0n;
  const n = num < 0n ? -num : num;
  const d = den < 0n ? -den : den;
  let q = n / d;
  if ((n % d) * 2n >= d) q += 1n;
  return negative ? -q : q;
}

export function divideDecimal(a: Decimal, n: number | bigint, scale = 2): Decimal {
  const divisor = toBigIntInteger(n, "divisor");
  if (divisor === 0n) throw new DecimalError("division by zero");
  if (!Number.isInteger(scale) || scale < 0 || scale > 20) throw new DecimalError("scale must be 0..20");
  const x = toScaled(a);
  // Bring the dividend to the target scale; when it already has more digits, fold the surplus
  // into the divisor so the single rounding step below sees the exact quotient.
  const num = scale >= x.scale ? x.units * 10n ** BigInt(scale - x.scale) : x.units;
  const den = scale >= x.scale ? divisor : divisor * 10n ** BigInt(x.scale - scale);
  return toCanonical({ units: divRoundHalfUp(num, den), scale });
}

export function roundDecimal(a: Decimal, scale = 2): Decimal {
  return divideDecimal(a, 1, scale);
}

const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = { RUB: "₽", USD: "$", EUR: "€" };

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
}

// ru-RU display: "12 345,50 ₽", "1 200 $", "99,90 KZT". Whole amounts show no fraction; any other
// amount is rounded half-up to exactly two digits. RUB, USD and EUR get their symbol, every other
// currency its ISO code. All spaces are U+00A0.
export function formatMoney(amount: Decimal, currency: Currency, lang: Lang = DEFAULT_LANG): string {
  if (!isCurrency(currency)) throw new DecimalError("currency must be an ISO 4217 code");
  const whole = isDecimal(amount) && !amount.includes(".");
  const rounded = whole ? amount : roundDecimal(amount, 2);
  const negative = rounded.startsWith("-");
  const [int = "0", frac = ""] = (negative ? rounded.slice(1) : rounded).split(".");
  const symbol = CURRENCY_SYMBOLS[currency] ?? currency;
  const sign = negative ? "-" : "";
  if (lang === "en") {
    // "₽30,827.50", "$120", "AMD 45,000": the en-US convention, symbol first.
    const number = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",") + (whole ? "" : `.${frac.padEnd(2, "0")}`);
    return symbol.length === 1 ? `${sign}${symbol}${number}` : `${sign}${symbol}${NBSP}${number}`;
  }
  const number = groupThousands(int) + (whole ? "" : `,${frac.padEnd(2, "0")}`);
  return `${sign}${number}${NBSP}${symbol}`;
}
