import { createPrivateKey, type KeyObject } from "node:crypto";
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import type { HotelsAuthProfile } from "../../../shared/config/auth-profile.js";
import { err, ok, type Result } from "../../../shared/result.js";

type ServiceJwtProfile = Extract<HotelsAuthProfile, { kind: "service_jwt" }>;
export type ServiceKeySource = ServiceJwtProfile["key"];

/** Why a service key cannot be used; safe to show (no path, no key material). */
export type ServiceKeyProblem = "key_file_unreadable" | "key_file_not_regular" | "key_file_not_private" | "key_file_too_large" | "key_invalid" | "key_not_rsa" | "key_too_small";

export type ServiceKeyResult = Result<KeyObject, ServiceKeyProblem>;

// An RSA key in any encoding is a few KiB; anything much larger is not a key file.
const MAX_KEY_FILE_BYTES = 64 * 1024;
// jose refuses RS* keys under 2048 bits; saying so at start beats a failure on the first search.
const MIN_MODULUS_BITS = 2048;

export interface KeyFileSystem {
  open(path: string): number;
  fstat(fd: number): { mode: number; size: number; isFile(): boolean };
  read(fd: number, buffer: Buffer, offset: number, length: number): number;
  close(fd: number): void;
}

const nodeFs: KeyFileSystem = {
  open: (path) => openSync(path, "r"),
  fstat: (fd) => fstatSync(fd),
  read: (fd, buffer, offset, length) => readSync(fd, buffer, offset, length, null),
  close: (fd) => closeSync(fd),
};

/**
 * Reads and parses the service key once, at start. The file is checked through the open
 * descriptor, so the mode that is checked belongs to the bytes that are read; config checked the
 * path earlier, but the file may have changed since.
 */
export function loadServiceKey(source: ServiceKeySource, fs: KeyFileSystem = nodeFs): ServiceKeyResult {
  if (source.source === "env") return parseServiceKey(Buffer.from(source.pem, "utf8"));
  let fd: number;
  try {
    fd = fs.open(source.path);
  } catch {
    return err("key_file_unreadable");
  }
  try {
    const info = fs.fstat(fd);
    if (!info.isFile()) return err("key_file_not_regular");
    if ((info.mode & 0o077) !== 0) return err("key_file_not_private");
    if (info.size > MAX_KEY_FILE_BYTES) return err("key_file_too_large");
    const buffer = Buffer.alloc(MAX_KEY_FILE_BYTES + 1);
    let length = 0;
    for (;;) {
      const n = fs.read(fd, buffer, length, buffer.length - length);
      length += n;
      if (n === 0 || length === buffer.length) break;
    }
    if (length > MAX_KEY_FILE_BYTES) return err("key_file_too_large");
    const result = parseServiceKey(buffer.subarray(0, length));
    buffer.fill(0);
    return result;
  } catch {
    return err("key_file_unreadable");
  } finally {
    fs.close(fd);
  }
}

/** PKCS#8 PEM, PKCS#1 PEM, or the bare base64 body of a PKCS#1 key (what the Go client accepts). */
export function parseServiceKey(raw: Buffer): ServiceKeyResult {
  // Env values often arrive with literal "\n" instead of line breaks.
  const text = raw.toString("utf8").replaceAll("\\n", "\n").trim();
  let key: KeyObject | undefined;
  if (text.includes("-----BEGIN")) {
    key = attempt(() => createPrivateKey({ key: text, format: "pem" }));
  } else if (/^[A-Za-z0-9+/=\s]+$/.test(text)) {
    const der = Buffer.from(text.replace(/\s+/g, ""), "base64");
    key = attempt(() => createPrivateKey({ key: der, format: "der", type: "pkcs1" })) ?? attempt(() => createPrivateKey({ key: der, format: "der", type: "pkcs8" }));
    der.fill(0);
  }
  if (key === undefined) return err("key_invalid");
  if (key.asymmetricKeyType !== "rsa") return err("key_not_rsa");
  if ((key.asymmetricKeyDetails?.modulusLength ?? 0) < MIN_MODULUS_BITS) return err("key_too_small");
  return ok(key);
}

function attempt(make: () => KeyObject): KeyObject | undefined {
  try {
    return make();
  } catch {
    return undefined;
  }
}
