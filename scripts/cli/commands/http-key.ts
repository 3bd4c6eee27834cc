import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { lstat, mkdir, open, readFile, rename, unlink } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import {
  apiKeyDigest,
  formatKeyRecord,
  KeyRecordSchema,
  keyFileModeProblem,
  MAX_KEY_FILE_BYTES,
  newApiKey,
  newKeyId,
  parseKeyFile,
  type KeyRecord,
} from "../../../mcp/hotels/http/auth/key-file.js";
import { CommandError, UsageError } from "../errors.js";
import type { CommandIo } from "../io.js";

export const usage = `tbank-mcp http-key add [--file PATH] [--label NAME]
tbank-mcp http-key list [--file PATH] [--json]
tbank-mcp http-key revoke ID [--file PATH]

API keys of the remote Hotels MCP (tbank-hotels-mcp --http with TBANK_HOTELS_HTTP_AUTH=api_key).
The keys file (--file, default TBANK_HOTELS_HTTP_API_KEYS_FILE) keeps only each key's SHA-256, one
JSON line per key, and must be readable by its owner alone (0600): a missing file is created so,
in a 0700 directory when that is missing too; a looser existing file is refused.

  add      prints a new key on stdout, once: store it now, it cannot be shown again
  list     ids, labels and creation dates (never keys)
  revoke   removes a key; running servers stop accepting it at their next request

Clients send the key as "Authorization: Bearer <key>" or "X-Api-Key: <key>", never in the URL.`;

export interface HttpKeyDeps {
  random?: (n: number) => Buffer;
}

type Existing = { exists: false } | { exists: true; records: KeyRecord[]; text: string };

function keysFile(file: string | undefined, io: CommandIo): string {
  const path = file ?? io.env.TBANK_HOTELS_HTTP_API_KEYS_FILE;
  if (path === undefined || path === "") throw new UsageError("name the keys file: --file PATH or TBANK_HOTELS_HTTP_API_KEYS_FILE");
  return resolve(path);
}

/** Reads the file as the server would, refusing one it would refuse (we would only add to the problem). */
async function readExisting(path: string): Promise<Existing> {
  let info;
  try {
    info = await lstat(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return { exists: false };
    throw new CommandError(`cannot inspect ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  if (info.isSymbolicLink()) throw new CommandError(`${path} is a symbolic link; point --file at the file itself`);
  if (!info.isFile()) throw new CommandError(`${path} is not a regular file`);
  const modeProblem = keyFileModeProblem(path, info.mode);
  if (modeProblem !== undefined) throw new CommandError(`refusing to use ${modeProblem}, and treat the keys in it as exposed`);
  if (info.size > MAX_KEY_FILE_BYTES) throw new CommandError(`${path} is larger than ${MAX_KEY_FILE_BYTES} bytes; it is not a keys file`);
  const text = await readFile(path, "utf8");
  const parsed = parseKeyFile(text);
  if (!parsed.ok) throw new CommandError(`${path} is not a valid keys file (${parsed.message}); fix or move it first`);
  return { exists: true, records: parsed.records, text };
}

export async function addKey(options: { file: string; label: string }, io: CommandIo, deps: HttpKeyDeps = {}): Promise<{ id: string; created: boolean }> {
  const random = deps.random ?? randomBytes;
  const existing = await readExisting(options.file);
  const taken = new Set(existing.exists ? existing.records.map((r) => r.id) : []);
  let id = newKeyId(random);
  while (taken.has(id)) id = newKeyId(random);
  const key = newApiKey(random);
  const record = KeyRecordSchema.parse({ id, label: options.label, sha256: apiKeyDigest(key).toString("hex"), createdAt: new Date((io.now ?? Date.now)()).toISOString() });

  if (!existing.exists) await mkdir(dirname(options.file), { recursive: true, mode: 0o700 });
  // A new file is created exclusively (never one that appeared since the check); an existing one is
  // appended to without following a symlink swapped in since.
  const flags = existing.exists ? constants.O_WRONLY | constants.O_APPEND | constants.O_NOFOLLOW : "wx";
  const handle = await open(options.file, flags, 0o600);
  try {
    if (!existing.exists) await handle.chmod(0o600);
    const separator = existing.exists && existing.text !== "" && !existing.text.endsWith("\n") ? "\n" : "";
    await handle.write(`${separator}${formatKeyRecord(record)}`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  io.stdout.write(`${key}\n`);
  io.stderr.write(
    `Added key ${id}${options.label ? ` (${options.label})` : ""} to ${options.file}. The key above is shown only this once.\n` +
      `Clients send it as "Authorization: Bearer <key>" or "X-Api-Key: <key>"; the server reads ${options.file} from TBANK_HOTELS_HTTP_API_KEYS_FILE.\n`,
  );
  return { id, created: !existing.exists };
}

export async function listKeys(options: { file: string; json: boolean }, io: CommandIo): Promise<Omit<KeyRecord, "sha256">[]> {
  const existing = await readExisting(options.file);
  const rows = existing.exists ? existing.records.map(({ id, label, createdAt }) => ({ id, label, createdAt })) : [];
  if (options.json) io.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
  else if (rows.length === 0) io.stdout.write(`No API keys in ${options.file}; tbank-mcp http-key add creates one.\n`);
  else io.stdout.write(rows.map((r) => `${r.id}  ${r.createdAt}  ${r.label || "(no label)"}`).join("\n") + "\n");
  return rows;
}

export async function revokeKey(options: { file: string; id: string }, io: CommandIo, deps: HttpKeyDeps = {}): Promise<void> {
  const existing = await readExisting(options.file);
  const records = existing.exists ? existing.records : [];
  const gone = records.find((r) => r.id === options.id);
  if (!gone) throw new CommandError(`no key with id ${JSON.stringify(options.id)} in ${options.file} (tbank-mcp http-key list shows the ids)`);
  // Written beside the file and renamed over it: a server re-reading it sees the old or the new list, never half.
  const temp = `${options.file}.${(deps.random ?? randomBytes)(6).toString("hex")}.tmp`;
  const handle = await open(temp, "wx", 0o600);
  try {
    await handle.chmod(0o600);
    await handle.write(records.filter((r) => r !== gone).map(formatKeyRecord).join(""));
    await handle.sync();
    await handle.close();
    await rename(temp, options.file);
  } catch (err) {
    await handle.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw err;
  }
  io.stdout.write(`Revoked key ${gone.id}${gone.label ? ` (${gone.label})` : ""}; running servers refuse it from their next request.\n`);
}

export async function run(argv: string[], io: CommandIo): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: { file: { type: "string" }, label: { type: "string" }, json: { type: "boolean" } },
  });
  const [action, ...rest] = positionals;
  if (action !== "add" && action !== "list" && action !== "revoke") {
    throw new UsageError(action === undefined ? "name an action: add, list or revoke" : `unknown action ${JSON.stringify(action)}`);
  }
  const file = keysFile(values.file, io);
  if (action === "add") {
    if (rest.length > 0 || values.json !== undefined) throw new UsageError("add takes only --file and --label");
    const label = values.label ?? "";
    if (!KeyRecordSchema.shape.label.safeParse(label).success) throw new UsageError("--label must be at most 100 printable characters");
    await addKey({ file, label }, io);
  } else if (action === "list") {
    if (rest.length > 0 || values.label !== undefined) throw new UsageError("list takes only --file and --json");
    await listKeys({ file, json: values.json ?? false }, io);
  } else {
    if (rest.length !== 1 || rest[0] === undefined || values.label !== undefined || values.json !== undefined) throw new UsageError("revoke takes one key id: tbank-mcp http-key revoke ID");
    await revokeKey({ file, id: rest[0] }, io);
  }
}
