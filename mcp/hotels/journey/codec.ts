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

/** The inverse of encodeJourneyValue; `random` becomes the restored registries' source of new optionIds. */
export function decodeJourneyValue(text: string, random: RandomBytes = randomBytes): unknown {
  return revive(JSON.parse(text) as unknown, random);
}

function revive(value: unknown, random: RandomBytes): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const item: unknown = value[i];
      const revived = revive(item, random);
      if (revived !== item) value[i] = revived;
    }
    return value;
  }
  const record = value as Record<string, unknown>;
  if (Object.hasOwn(record, TAG)) return fromTagged(record as Tagged, random);
  for (const key of Object.keys(record)) {
    const item = record[key];
    const revived = revive(item, random);
    if (revived !== item) record[key] = revived;
  }
  return record;
}

function fromTagged(tagged: Tagged, random: RandomBytes): unknown {
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
      return Collector.fromSnapshot(revive(tagged.snapshot, random) as CollectorSnapshot);
    case "OptionIdRegistry":
      return OptionIdRegistry.fromEntries(tagged.entries, random);
    default:
      throw new JourneyCodecError(`unknown journey tag ${JSON.stringify((tagged as Record<string, unknown>)[TAG])}`);
  }
}
