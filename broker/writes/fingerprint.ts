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
// ledger is the file a person is told to move aside and may attach to a report. Losing the key
// only forgets which writes were twins; each hash is still sent at most once.

export const LEDGER_KEY_FILE = "write-ledger.key";

const KEY_TEXT = /^[0-9a-f]{64}\n?$/;

export async function loadFingerprintKey(dir: string, random: RandomBytes = nodeRandomBytes): Promise<Buffer> {
  let raw: string | undefined;
  try {
    raw = await readFile(join(dir, LEDGER_KEY_FILE), "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  if (raw !== undefined) {
    if (!KEY_TEXT.test(raw)) throw new Error(`${LEDGER_KEY_FILE} is damaged; move it aside (the write ledger then forgets which writes were prepared twice)`);
    return Buffer.from(raw.slice(0, 64), "hex");
  }
  const key = Buffer.from(random(32));
  await writeFileAtomic(dir, LEDGER_KEY_FILE, `${key.toString("hex")}\n`);
  return key;
}

/** `orderId`: what the request's bookingRef resolves to (required for every write on an order). */
export function fingerprintOf(key: Buffer, prepared: PreparedWrite, orderId: string | undefined): string {
  let subject: unknown;
  if (prepared.kind === "booking" || prepared.kind === "ls_booking") {
    subject = { kind: prepared.kind, request: prepared.request };
  } else {
    if (orderId === undefined) throw new Error("a write on an order is fingerprinted by its orderId");
    const { bookingRef: _ref, ...params } = prepared.request;
    subject = { kind: prepared.kind, orderId, request: params };
  }
  return createHmac("sha256", key).update(canonicalJson(subject)).digest("hex");
}
