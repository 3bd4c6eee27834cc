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

function replacer(_key: string, value: unknown): unknown {
  switch (typeof value) {
    case "number":
      return Number.isFinite(value) ? value : { [TAG]: String(value) };
    case "undefined":
      return { [TAG]: "undefined" } satisfies Tagged;
    case "function":
    case "symbol":
      throw new JourneyCodecError(`a journey cannot hold a ${typeof value}`);
    case "object":
      return value === null || Array.isArray(value) ? value : taggedObject(value);
    default:
      return value;
  }
}

function taggedObject(value: object): unknown {
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === null) {
    if (Object.hasOwn(value, TAG)) throw new JourneyCodecError(`a journey object cannot have a "${TAG}" key`);
    return value;
  }
  if (value instanceof Collector) return { [TAG]: "Collector", snapshot: value.snapshot() } satisfies Tagged;
  if (value instanceof OptionIdRegistry) return { [TAG]: "OptionIdRegistry", entries: value.entries() } satisfies Tagged;
  // A Map, Set or other class would come back as {} without a word: refuse it instead.
  throw new JourneyCodecError(`a journey cannot hold a ${value.constructor.name}`);
}

export function encodeJourneyValue(value: unknown): string {
  return JSON.stringify(value, replacer);
}

export interface DecodeOptions {
  /** The restored registries' source of new optionIds. */
  random?: RandomBytes;
  /**
   * Freeze every object and array (and the collector's own fields), for a value shared between calls
   * (journey-repo.ts caches decoded parts): code that changes it in place throws instead of changing
   * it for every later reader.
   */
  freeze?: boolean;
}

/**
 * Freezes a journey value in place as deeply as decodeJourneyValue(…, { freeze: true }) does, for a
 * value this instance built itself and now keeps to share between calls (journey-repo.ts).
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
