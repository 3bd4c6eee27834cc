import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";

// The API keys file of the remote mode: one JSON object per line, a key's SHA-256 and never the
// key. `tbank-mcp http-key` writes it; the server reads it at start and again when it changes.

export const API_KEY_PATTERN = /^tbk_[A-Za-z0-9_-]{43}$/;
/** A file this large is not a keys file: refuse it before parsing. */
export const MAX_KEY_FILE_BYTES = 1_048_576;

export const KeyRecordSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9]{6,32}$/),
  // Shown by `http-key list`: printable text only, so a label cannot drive the terminal.
  label: z.string().max(100).regex(/^[^\p{Cc}]*$/u),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  createdAt: z.iso.datetime(),
});
export type KeyRecord = z.infer<typeof KeyRecordSchema>;

export type KeyFileParse = { ok: true; records: KeyRecord[] } | { ok: false; message: string };

/** A fresh key: `tbk_` and 32 random bytes in base64url. */
export function newApiKey(random: (n: number) => Buffer = randomBytes): string {
  return `tbk_${random(32).toString("base64url")}`;
}

export function newKeyId(random: (n: number) => Buffer = randomBytes): string {
  return random(6).toString("hex");
}

export function apiKeyDigest(key: string): Buffer {
  return createHash("sha256").update(key, "utf8").digest();
}

/** Strict: every non-blank line must be a valid record and ids must be unique. Never echoes a line. */
export function parseKeyFile(text: string): KeyFileParse {
  const records: KeyRecord[] = [];
  const ids = new Set<string>();
  const lines = text.split("\n");
  for (const [index, line] of lines.entries()) {
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return { ok: false, message: `line ${index + 1} is not JSON` };
    }
    const parsed = KeyRecordSchema.safeParse(value);
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path.join(".") || "record";
      return { ok: false, message: `line ${index + 1}: invalid ${field}` };
    }
    if (ids.has(parsed.data.id)) return { ok: false, message: `line ${index + 1}: id ${parsed.data.id} is repeated` };
    ids.add(parsed.data.id);
    records.push(parsed.data);
  }
  return { ok: true, records };
}

export function formatKeyRecord(record: KeyRecord): string {
  return `${JSON.stringify(KeyRecordSchema.parse(record))}\n`;
}

/** Why a keys file with this mode must not be used, or undefined when only its owner can read it. */
export function keyFileModeProblem(path: string, mode: number): string | undefined {
  if ((mode & 0o077) === 0) return undefined;
  return `${path} is readable by group or others (mode ${(mode & 0o777).toString(8)}); run chmod 600 ${path}`;
}
