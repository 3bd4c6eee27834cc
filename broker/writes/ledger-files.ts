import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { RequestHashSchema, WRITE_REFUSALS, WriteKindSchema } from "../../shared/protocol/ops-hotels-writes.js";
import { toIsoTimestamp, type Clock } from "../../shared/time.js";
import { keyIdOf, LEDGER_KEY_FILE, readFingerprintKey } from "./fingerprint.js";
import { err, ok, type Result } from "../../shared/result.js";

// The ledger's two files as they are on disk, judged without changing either: the broker opens
// them through this, and `tbank-mcp doctor` reports what it finds.

export const LEDGER_FILE = "write-ledger.json";
export const LEDGER_RETENTION_MS = 24 * 60 * 60_000;

const PersistedLedgerSchema = z.object({
  version: z.literal(1),
  /** keyIdOf the key the fingerprints were made with; absent in files written before it was recorded. */
  keyId: z
    .string()
    .regex(/^[0-9a-f]{16}$/)
    .optional(),
  entries: z
    .array(
      z.object({
        requestHash: RequestHashSchema,
        fingerprint: RequestHashSchema.optional(),
        parts: z.array(RequestHashSchema).max(2).optional(),
        kind: WriteKindSchema,
        state: z.enum(["sending", "outcome_unknown", "committed", "refused"]),
        createdAt: z.number().int(),
        updatedAt: z.number().int(),
        refusal: z.enum(WRITE_REFUSALS).optional(),
      }),
    )
    .max(10_000),
});
export type PersistedEntry = z.infer<typeof PersistedLedgerSchema>["entries"][number];

type LedgerProblem = "ledger_damaged" | "key_missing" | "key_damaged" | "key_mismatch";

// `key` undefined: no fingerprint on disk needs the old one, so a new key may be made.
export type LedgerFiles = Result<{ entries: PersistedEntry[]; key: Buffer | undefined }, { problem: LedgerProblem; message: string; fix: string }>;

const KEY_PROBLEM: Record<Exclude<LedgerProblem, "ledger_damaged">, string> = {
  key_missing: `${LEDGER_KEY_FILE} is missing`,
  key_damaged: `${LEDGER_KEY_FILE} is damaged`,
  key_mismatch: `${LEDGER_KEY_FILE} is not the key ${LEDGER_FILE} was written with`,
};

/**
 * Reads both files. Entries past the retention are dropped. A key that is missing, damaged or
 * another one matters only while the ledger holds a live fingerprint the executor would look up (a
 * refused write's is never looked up): until those age out, the broker cannot tell a repeat of a
 * sent write from a new one, so it must not write.
 */
export async function readLedgerFiles(dir: string, now: Clock): Promise<LedgerFiles> {
  let raw: string | undefined;
  try {
    raw = await readFile(join(dir, LEDGER_FILE), "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  let keyId: string | undefined;
  let entries: PersistedEntry[] = [];
  if (raw !== undefined) {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      json = undefined;
    }
    const parsed = PersistedLedgerSchema.safeParse(json);
    if (!parsed.success) {
      return err({
        problem: "ledger_damaged",
        message: `${LEDGER_FILE} in ${dir} is damaged: the broker cannot tell which writes it already sent, so it executes no writes (reads work)`,
        fix: `check your bookings, then move ${LEDGER_FILE} aside and restart the broker (tbank-mcp stop-broker), knowing it then forgets the writes of the last 24 h and sends a repeat of one again`,
      });
    }
    keyId = parsed.data.keyId;
    const oldest = now() - LEDGER_RETENTION_MS;
    entries = parsed.data.entries.filter((e) => e.updatedAt >= oldest);
  }
  const key = await readFingerprintKey(dir);
  const problem: LedgerProblem | undefined =
    key.state === "missing" ? "key_missing" : key.state === "damaged" ? "key_damaged" : keyId !== undefined && keyIdOf(key.key) !== keyId ? "key_mismatch" : undefined;
  if (problem === undefined) return ok({ entries, key: key.state === "ok" ? key.key : undefined });
  const needed = entries.filter((e) => e.fingerprint !== undefined && e.state !== "refused");
  if (needed.length === 0) return ok({ entries, key: undefined });
  const until = toIsoTimestamp(Math.max(...needed.map((e) => e.updatedAt)) + LEDGER_RETENTION_MS);
  return err({
    problem,
    message: `${KEY_PROBLEM[problem]}, and ${LEDGER_FILE} holds writes of the last 24 h fingerprinted under the key it was written with: without that key the broker cannot tell a repeat of one of them from a new write, so it executes no writes (reads work)`,
    fix: `put back the ${LEDGER_KEY_FILE} those writes were made with (in ${dir}) and restart the broker (tbank-mcp stop-broker); or wait until ${until}, when they are 24 h old, and restart it; or, having checked your bookings, move ${LEDGER_FILE} aside too, knowing the broker then forgets those writes and sends a repeat of one again`,
  });
}
