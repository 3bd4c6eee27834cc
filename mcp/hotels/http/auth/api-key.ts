import { timingSafeEqual } from "node:crypto";
import { closeSync, fstatSync, openSync, readFileSync, type Stats } from "node:fs";
import { open, stat } from "node:fs/promises";
import { nullLogger, type Logger } from "../../../../shared/logger.js";
import type { HttpAuthenticator } from "../contract.js";
import { bearerChallenge, bearerCredential, headerValues, REALM, type AuthFailure } from "./challenge.js";
import { API_KEY_PATTERN, apiKeyDigest, keyFileModeProblem, MAX_KEY_FILE_BYTES, parseKeyFile } from "./key-file.js";

export interface ApiKeyAuthDeps {
  /** Told when the keys file is reloaded or becomes unusable; never given a key or a hash. */
  logger?: Pick<Logger, "info" | "error">;
}

interface KeySet {
  /** Identity of the file version the keys came from: a rewrite, rename or chmod changes it. */
  signature: string;
  keys: { id: string; digest: Buffer }[];
}

const signatureOf = (info: Stats): string => `${info.dev}:${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`;

const HEADERS = "Authorization: Bearer <key> or X-Api-Key: <key>";
const MISSING = `this server needs an API key in a header: ${HEADERS} (create one with tbank-mcp http-key add)`;
const REJECTED = "this API key is not accepted (unknown or revoked)";

/** Checks the file before trusting its bytes; throws with a message that names the fix. */
function toKeySet(path: string, info: Stats, read: () => Buffer): KeySet {
  if (!info.isFile()) throw new Error(`the API keys file ${path} is not a regular file`);
  const modeProblem = keyFileModeProblem(path, info.mode);
  if (modeProblem !== undefined) throw new Error(`the API keys file ${modeProblem}`);
  if (info.size > MAX_KEY_FILE_BYTES) throw new Error(`the API keys file ${path} is larger than ${MAX_KEY_FILE_BYTES} bytes`);
  const parsed = parseKeyFile(read().toString("utf8"));
  if (!parsed.ok) throw new Error(`the API keys file ${path} is malformed: ${parsed.message}`);
  return { signature: signatureOf(info), keys: parsed.records.map((r) => ({ id: r.id, digest: Buffer.from(r.sha256, "hex") })) };
}

function readKeySetSync(path: string): KeySet {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new Error(`the API keys file ${path} does not exist; create a key with tbank-mcp http-key add --file ${path}`, { cause: err });
    throw new Error(`the API keys file ${path} cannot be read (${code ?? "error"})`, { cause: err });
  }
  try {
    return toKeySet(path, fstatSync(fd), () => readFileSync(fd));
  } finally {
    closeSync(fd);
  }
}

async function readKeySet(path: string): Promise<KeySet> {
  const handle = await open(path, "r");
  try {
    const info = await handle.stat();
    // Read from the same descriptor that was checked, so a swap between check and read changes nothing.
    const bytes = info.isFile() && info.size <= MAX_KEY_FILE_BYTES ? await handle.readFile() : Buffer.alloc(0);
    return toKeySet(path, info, () => bytes);
  } finally {
    await handle.close();
  }
}

/**
 * API keys in a header, checked against the SHA-256 hashes in `keysFile`. The file is read now
 * (a missing, malformed or group-readable file stops the start) and again whenever it changes, so a
 * revoked key stops working without a restart. If a later version of the file is unusable, every
 * key is refused until it is fixed: failing open would resurrect revoked keys.
 */
export function createApiKeyAuthenticator(keysFile: string, deps: ApiKeyAuthDeps = {}): HttpAuthenticator {
  const logger = deps.logger ?? nullLogger;
  let current = readKeySetSync(keysFile);
  let problem: string | undefined;
  let checking: Promise<void> | undefined;

  const reload = async (): Promise<void> => {
    try {
      const info = await stat(keysFile);
      if (signatureOf(info) === current.signature && problem === undefined) return;
      current = await readKeySet(keysFile);
      problem = undefined;
      logger.info({ keys: current.keys.length }, "API keys file reloaded");
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      current = { signature: "", keys: [] };
      if (message !== problem) logger.error({ keysFile }, `refusing every API key until the keys file is fixed: ${message}`);
      problem = message;
    }
  };
  // Concurrent requests share one stat (and at most one re-read) instead of one each.
  const refresh = (): Promise<void> =>
    (checking ??= reload().finally(() => {
      checking = undefined;
    }));

  const failure = (status: 400 | 401, error: string, description: string, withError = true): AuthFailure => ({
    ok: false,
    status,
    error,
    description,
    wwwAuthenticate: bearerChallenge({ realm: REALM, ...(withError ? { error, error_description: description } : {}) }),
  });

  return {
    // A key anywhere in the URL never gets here: the server refuses it first (hygiene.ts).
    async authenticate(req) {
      const authorization = headerValues(req, "authorization");
      const apiKey = headerValues(req, "x-api-key");
      // RFC 6750 §3.1: a request without credentials gets the bare challenge, no error code.
      if (authorization.length + apiKey.length === 0) return failure(401, "invalid_token", MISSING, false);
      if (authorization.length + apiKey.length > 1) return failure(400, "invalid_request", `send the key once, in one header: ${HEADERS}`);
      const presented = authorization[0] === undefined ? apiKey[0]?.trim() : bearerCredential(authorization[0]);
      if (presented === undefined) return failure(401, "invalid_token", `the Authorization header must be "Bearer <key>"`);
      await refresh();
      const id = API_KEY_PATTERN.test(presented) ? matchKey(current, apiKeyDigest(presented)) : undefined;
      if (id === undefined) return failure(401, "invalid_token", REJECTED);
      return { ok: true, principal: { subject: `key:${id}`, via: "api_key", scopes: [] } };
    },
  };
}

/** Compares against every stored hash, without stopping at a match, in constant time per hash. */
function matchKey(set: KeySet, digest: Buffer): string | undefined {
  let found: string | undefined;
  for (const key of set.keys) if (timingSafeEqual(key.digest, digest) && found === undefined) found = key.id;
  return found;
}
