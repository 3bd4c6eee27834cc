import { randomBytes } from "node:crypto";
import type { RandomBytes } from "../../../shared/refs.js";
import { Collector, type CollectorSnapshot } from "./collect.js";
import { OptionIdRegistry } from "./options.js";

// Journeys cross the shared store as text. Plain JSON would lose what a journey really holds: a
// distance the provider did not give is NaN (provider-shapes.ts), optional fields are sometimes
// present as undefined, and the collector and the optionId registry are classes. Each of those is
// written as a one-key object {"$t": …}; everything else is ordinary JSON.

const TAG = "$t";

type Tagged =
  | { [TAG]: "NaN" | "Infinity" | "-Infinity" | "undefined" }
  | { [TAG]: "Collector"; snapshot: CollectorSnapshot }
  | { [TAG]: "OptionIdRegistry"; entries: [string, string][] };

export class JourneyCodecError extends Error {
  override readonly name = "JourneyCodecError";
}

/**
 * The value with every NaN, infinity, undefined and class instance replaced by its tag. Objects and
 * arrays holding none of them are returned as they are, not copied, and JSON.stringify then runs
 * without a replacer. A replacer is called for every key, which makes encoding a large collection
 * several times slower than plain JSON.stringify, and encoding collections is the largest CPU cost
 * of Redis mode (figures: docs/performance.md).
 */
function jsonSafe(value: unknown): unknown {
  switch (typeof value) {
    case "number":
      return Number.isFinite(value) ? value : { [TAG]: String(value) };
    case "undefined":
      return { [TAG]: "undefined" } satisfies Tagged;
    case "function":
    case "symbol":
      throw new JourneyCodecError(`a journey cannot hold a ${typeof value}`);
    case "object":
      if (value === null) return null;
      return Array.isArray(value) ? safeArray(value as unknown[]) : safeObject(value);
    default:
      return value;
  }
}

/** Most values of a journey: written as they are, without a call per value. */
function isPlainJson(value: unknown): boolean {
  return typeof value === "string" || typeof value === "boolean" || value === null || (typeof value === "number" && Number.isFinite(value));
}

function safeArray(list: readonly unknown[]): unknown[] {
  let out: unknown[] | undefined;
  for (let i = 0; i < list.length; i += 1) {
    const item = list[i];
    if (isPlainJson(item)) continue;
    const safe = jsonSafe(item);
    if (safe !== item) (out ??= list.slice())[i] = safe;
  }
  return out ?? (list as unknown[]);
}

function safeObject(value: object): unknown {
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === null) {
    if (Object.hasOwn(value, TAG)) throw new JourneyCodecError(`a journey object cannot have a "${TAG}" key`);
    const record = value as Record<string, unknown>;
    let out: Record<string, unknown> | undefined;
    for (const key of Object.keys(record)) {
      const item = record[key];
      if (isPlainJson(item)) continue;
      const safe = jsonSafe(item);
      if (safe !== item) (out ??= { ...record })[key] = safe;
    }
    return out ?? record;
  }
  if (value instanceof Collector) return { [TAG]: "Collector", snapshot: jsonSafe(value.snapshot()) };
  if (value instanceof OptionIdRegistry) return { [TAG]: "OptionIdRegistry", entries: value.entries() } satisfies Tagged;
  // A Map, Set, Date or other class would come back as {} or a string without a word: refuse it instead.
  throw new JourneyCodecError(`a journey cannot hold a ${value.constructor.name}`);
}

export function encodeJourneyValue(value: unknown): string {
  return JSON.stringify(jsonSafe(value));
}

export interface DecodeOptions {
  /** The restored registries' source of new optionIds. */
  random?: RandomBytes;
  /**
   * Freeze every object and array (and the collector's own fields), for a value shared between calls
   * (stored-journey-repo.ts caches decoded parts): code that changes it in place throws instead of changing
   * it for every later reader.
   */
  freeze?: boolean;
}

/**
 * Freezes a journey value in place as deeply as decodeJourneyValue(…, { freeze: true }) does, for a
 * value this instance built itself and now keeps to share between calls (stored-journey-repo.ts).
 */
export function freezeJourneyValue<T>(value: T): T {
  deepFreeze(value);
  return value;
}

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return;
  if (value instanceof Collector) {
    // Its items, limits and last page are the snapshot's own objects.
    deepFreeze(value.snapshot());
  } else if (!(value instanceof OptionIdRegistry)) {
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  Object.freeze(value);
}

/** The inverse of encodeJourneyValue. */
export function decodeJourneyValue(text: string, options: DecodeOptions = {}): unknown {
  return revive(JSON.parse(text) as unknown, options.random ?? randomBytes, options.freeze === true);
}

function revive(value: unknown, random: RandomBytes, freeze: boolean): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const item: unknown = value[i];
      const revived = revive(item, random, freeze);
      if (revived !== item) value[i] = revived;
    }
    return freeze ? Object.freeze(value) : value;
  }
  const record = value as Record<string, unknown>;
  if (Object.hasOwn(record, TAG)) {
    const restored = fromTagged(record as Tagged, random, freeze);
    return freeze && typeof restored === "object" && restored !== null ? Object.freeze(restored) : restored;
  }
  for (const key of Object.keys(record)) {
    const item = record[key];
    const revived = revive(item, random, freeze);
    if (revived !== item) record[key] = revived;
  }
  return freeze ? Object.freeze(record) : record;
}

function fromTagged(tagged: Tagged, random: RandomBytes, freeze: boolean): unknown {
  switch (tagged[TAG]) {
    case "NaN":
      return Number.NaN;
    case "Infinity":
      return Number.POSITIVE_INFINITY;
    case "-Infinity":
      return Number.NEGATIVE_INFINITY;
    case "undefined":
      return undefined;
    case "Collector":
      return Collector.fromSnapshot(revive(tagged.snapshot, random, freeze) as CollectorSnapshot);
    case "OptionIdRegistry":
      return OptionIdRegistry.fromEntries(tagged.entries, random);
    default:
      throw new JourneyCodecError(`unknown journey tag ${JSON.stringify((tagged as Record<string, unknown>)[TAG])}`);
  }
}
