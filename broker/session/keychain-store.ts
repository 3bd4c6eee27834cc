import { nullLogger, type Logger } from "../../shared/logger.js";
import { BrokerError } from "../../shared/protocol/broker-error.js";
import { PersistedSessionSchema, type PersistedSession, type SessionStore } from "./types.js";

export const KEYCHAIN_SERVICE = "tbank-auth-broker";
export const KEYCHAIN_ACCOUNT = "session";
const MAX_SECRET_CHARS = 64 * 1024;

/** The part of keytar we use; declared here because keytar is optional and may be absent at build time. */
export interface Keytar {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

// A string variable, not a literal, so neither tsc nor a bundler tries to resolve the optional module.
const KEYTAR_MODULE: string = "keytar";

function isKeytar(value: unknown): value is Keytar {
  if (value === null || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return typeof v.getPassword === "function" && typeof v.setPassword === "function" && typeof v.deletePassword === "function";
}

/** Imports keytar at run time; undefined when it is not installed or its native part failed to load. */
export async function importKeytar(): Promise<Keytar | undefined> {
  let mod: unknown;
  try {
    mod = await import(KEYTAR_MODULE);
  } catch {
    return undefined;
  }
  const candidate = (mod as { default?: unknown }).default ?? mod;
  return isKeytar(candidate) ? candidate : undefined;
}

export interface KeychainSessionStoreOptions {
  keytar: Keytar;
  logger?: Logger;
  service?: string;
  account?: string;
}

/** The session as one JSON secret in the OS keychain (Secret Service on Linux, Keychain on macOS). */
export class KeychainSessionStore implements SessionStore {
  private readonly keytar: Keytar;
  private readonly logger: Logger;
  private readonly service: string;
  private readonly account: string;
  private lastGeneration = 0;

  constructor(opts: KeychainSessionStoreOptions) {
    this.keytar = opts.keytar;
    this.logger = opts.logger ?? nullLogger;
    this.service = opts.service ?? KEYCHAIN_SERVICE;
    this.account = opts.account ?? KEYCHAIN_ACCOUNT;
  }

  async load(): Promise<PersistedSession | undefined> {
    const raw = await this.keytar.getPassword(this.service, this.account);
    if (raw === null) return undefined;
    let json: unknown;
    try {
      json = raw.length > MAX_SECRET_CHARS ? undefined : JSON.parse(raw);
    } catch {
      json = undefined;
    }
    const parsed = PersistedSessionSchema.safeParse(json);
    if (!parsed.success) {
      this.logger.warn({ event: "session_store_corrupt", backend: "keychain" }, "keychain entry is not a session; treating it as no session");
      return undefined;
    }
    this.lastGeneration = Math.max(this.lastGeneration, parsed.data.generation);
    return parsed.data;
  }

  async save(session: PersistedSession): Promise<void> {
    const checked = PersistedSessionSchema.parse(session);
    if (checked.generation <= this.lastGeneration) {
      throw new BrokerError("internal", "refusing to save an older session generation", { cause: { generation: checked.generation, last: this.lastGeneration } });
    }
    // Secret Service replaces the item in one D-Bus call, so there is no half-written state to guard.
    await this.keytar.setPassword(this.service, this.account, JSON.stringify(checked));
    this.lastGeneration = checked.generation;
  }

  async wipe(): Promise<void> {
    await this.keytar.deletePassword(this.service, this.account);
  }
}
