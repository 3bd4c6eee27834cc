import type { KeyObject } from "node:crypto";
import type { HotelsAuthProfile } from "../../../shared/config/auth-profile.js";
import { ProviderError } from "../../../shared/http/provider-error.js";
import { loadServiceKey, type KeyFileSystem, type ServiceKeyProblem } from "./service-key.js";
import type { Clock } from "../../../shared/time.js";

export type AuthMode = HotelsAuthProfile["kind"];

/** What connection_status may show about auth: the mode and readiness, never a header or key. */
export interface AuthDescription {
  authMode: AuthMode;
  /** True only for service_jwt with a usable key. */
  canSign: boolean;
  /** The profile can produce its headers (anonymous, static and headers JSON always can). */
  ready: boolean;
  problem?: ServiceKeyProblem;
}

export interface AuthHeaderProvider {
  /** Headers for one provider request; anonymous gives `{}` (no Authorization at all). */
  headers(): Promise<Record<string, string>>;
  describe(): AuthDescription;
}

export interface AuthOptions {
  now?: Clock;
  fs?: KeyFileSystem;
}

/** The spec's "re-signed locally every 30 seconds". */
export const JWT_RESIGN_INTERVAL_MS = 30_000;
export const JWT_ALGORITHM = "RS384";

export function createAuthHeaders(profile: HotelsAuthProfile, opts: AuthOptions = {}): AuthHeaderProvider {
  switch (profile.kind) {
    case "anonymous":
      return fixed({}, { authMode: "anonymous", canSign: false, ready: true });
    case "static_token":
      return fixed({ [profile.header]: profile.prefix + profile.token }, { authMode: "static_token", canSign: false, ready: true });
    case "headers_json":
      return fixed({ ...profile.headers }, { authMode: "headers_json", canSign: false, ready: true });
    case "service_jwt":
      return serviceJwt(profile, opts);
  }
}

function fixed(headers: Record<string, string>, description: AuthDescription): AuthHeaderProvider {
  return { headers: () => Promise.resolve({ ...headers }), describe: () => ({ ...description }) };
}

function serviceJwt(profile: Extract<HotelsAuthProfile, { kind: "service_jwt" }>, opts: AuthOptions): AuthHeaderProvider {
  // Read once at start: a key file edited later takes a restart, like every other setting.
  const loaded = loadServiceKey(profile.key, opts.fs);
  if (!loaded.ok) {
    const description: AuthDescription = { authMode: "service_jwt", canSign: false, ready: false, problem: loaded.error };
    return {
      headers: () => Promise.reject(new ProviderError({ kind: "auth_unavailable", issues: [loaded.error] })),
      describe: () => ({ ...description }),
    };
  }
  const signer = new ServiceJwtSigner({ issuer: profile.issuer, audience: profile.audience, key: loaded.value, now: opts.now });
  return {
    headers: async () => ({ [profile.header]: profile.prefix + (await signer.token()) }),
    describe: () => ({ authMode: "service_jwt", canSign: true, ready: true }),
  };
}

export interface ServiceJwtSignerOptions {
  issuer: string;
  audience: string[];
  key: KeyObject;
  now?: Clock;
}

/** Signs `{iss, aud: [...], iat}` with RS384 and reuses the token for 30 s of the injected clock. */
export class ServiceJwtSigner {
  readonly #opts: ServiceJwtSignerOptions;
  readonly #now: Clock;
  #cached: { token: string; signedAt: number } | undefined;
  #pending: Promise<string> | undefined;

  constructor(opts: ServiceJwtSignerOptions) {
    this.#opts = opts;
    this.#now = opts.now ?? Date.now;
  }

  token(): Promise<string> {
    const now = this.#now();
    const cached = this.#cached;
    // A clock that moved backwards also re-signs: iat must never be in the token's future.
    if (cached !== undefined && now >= cached.signedAt && now - cached.signedAt < JWT_RESIGN_INTERVAL_MS) return Promise.resolve(cached.token);
    // Concurrent requests at the re-sign boundary share one signature.
    this.#pending ??= this.#sign(now).finally(() => {
      this.#pending = undefined;
    });
    return this.#pending;
  }

  async #sign(now: number): Promise<string> {
    try {
      // jose is loaded only by processes that sign: anonymous and static profiles never pay for it.
      const { SignJWT } = await import("jose");
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: JWT_ALGORITHM, typ: "JWT" })
        .setIssuer(this.#opts.issuer)
        .setAudience([...this.#opts.audience])
        .setIssuedAt(Math.floor(now / 1000))
        .sign(this.#opts.key);
      this.#cached = { token, signedAt: now };
      return token;
    } catch {
      throw new ProviderError({ kind: "auth_unavailable", issues: ["signing_failed"] });
    }
  }
}
