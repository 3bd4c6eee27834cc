import { createHmac, randomBytes as nodeRandomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { PreparedWrite } from "../../shared/protocol/ops-hotels-writes.js";
import type { RandomBytes } from "../../shared/refs.js";
import { canonicalJson } from "../../shared/writes/hash.js";
import { writeFileAtomic } from "../session/atomic-write.js";

// What makes two preparations the same write, whenever they were prepared: the kind and the
// request, with the order a bookingRef stands for in place of the ref. A ref dies with its session
// and with the broker, the order does not, so a cancellation prepared again after a restart or a
// new sign-in is still known as sent.
//
// Keyed (HMAC-SHA-256 under a random key kept beside the ledger, 0600): order ids are short and
// patterned, so a plain hash in write-ledger.json could be reversed by trying them all, and the
// ledger is a file a person may attach to a report. The fingerprints in the ledger mean something
// only under the key they were made with: without it a sent cancellation looks new and would be
// sent again. So the ledger records the key's id, and a ledger whose recent writes were
// fingerprinted under a key that is missing, damaged or another one refuses writes (ledger-files.ts).

export const LEDGER_KEY_FILE = "write-ledger.key";

const KEY_TEXT = /^[0-9a-f]{64}\n?$/;

export type KeyFile = { state: "ok"; key: Buffer } | { state: "missing" } | { state: "damaged" };

/** Reads the key without creating one: only an opener that knows no fingerprint needs the old key may create it. */
export async function readFingerprintKey(dir: string): Promise<KeyFile> {
  let raw: string;
  try {
    raw = await readFile(join(dir, LEDGER_KEY_FILE), "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return { state: "missing" };
    throw err;
  }
  return KEY_TEXT.test(raw) ? { state: "ok", key: Buffer.from(raw.slice(0, 64), "hex") } : { state: "damaged" };
}

export async function createFingerprintKey(dir: string, random: RandomBytes = nodeRandomBytes): Promise<Buffer> {
  const key = Buffer.from(random(32));
  await writeFileAtomic(dir, LEDGER_KEY_FILE, `${key.toString("hex")}\n`);
  return key;
}

/** Names the key in the ledger file without revealing it: the ledger knows which key its fingerprints need. */
export function keyIdOf(key: Buffer): string {
  return createHmac("sha256", key).update("ledger-key-id").digest("hex").slice(0, 16);
}

const hmac = (key: Buffer, subject: unknown): string => createHmac("sha256", key).update(canonicalJson(subject)).digest("hex");

// Services are a set: the same ones in another order are the same write.
const serviceSet = (services: readonly string[]): string[] => [...new Set(services)].sort();

/** `orderId`: what the request's bookingRef resolves to (required for every write on an order). */
export function fingerprintOf(key: Buffer, prepared: PreparedWrite, orderId: string | undefined): string {
  if (prepared.kind === "booking" || prepared.kind === "ls_booking") return hmac(key, { kind: prepared.kind, request: prepared.request });
  if (orderId === undefined) throw new Error("a write on an order is fingerprinted by its orderId");
  const { bookingRef: _ref, ...params } = prepared.request;
  if (prepared.kind === "extra_services") return hmac(key, { kind: prepared.kind, orderId, request: { services: serviceSet(prepared.request.services) } });
  return hmac(key, { kind: prepared.kind, orderId, request: params });
}

/**
 * One fingerprint per service of an extras request: two requests on one order that share a service
 * would add it twice, so the person is told one of them was sent (the executor's warning). Empty
 * for every other kind.
 */
export function partFingerprintsOf(key: Buffer, prepared: PreparedWrite, orderId: string | undefined): { part: string; fingerprint: string }[] {
  if (prepared.kind !== "extra_services" || orderId === undefined) return [];
  return serviceSet(prepared.request.services).map((part) => ({ part, fingerprint: hmac(key, { kind: prepared.kind, orderId, service: part }) }));
}
