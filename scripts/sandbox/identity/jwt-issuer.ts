import { generateKeyPair, type KeyObject } from "node:crypto";
import { promisify } from "node:util";
import { calculateJwkThumbprint, exportJWK, SignJWT, type JWK } from "jose";
import type { SandboxEnv } from "../env.js";
import type { MintClaims } from "./types.js";

export const JWT_ALG = "RS256";

export interface JwtIssuer {
  /** The public half of this sandbox's signing key, as served at `/oauth/jwks`. */
  jwks(): Promise<{ keys: JWK[] }>;
  /** An RFC 9068 access token: default claims for `aud`, overridden by `claims` (undefined drops one). */
  mint(claims: MintClaims): Promise<string>;
}

interface SigningKey {
  privateKey: KeyObject;
  publicJwk: JWK;
}

const generateRsa = promisify(generateKeyPair);

export function createJwtIssuer(env: SandboxEnv, defaultSubject: string): JwtIssuer {
  // Made on first use: an RSA key costs tens of milliseconds, and most sandboxes never issue a JWT.
  let key: Promise<SigningKey> | undefined;
  const signingKey = (): Promise<SigningKey> =>
    (key ??= (async () => {
      const { privateKey, publicKey } = await generateRsa("rsa", { modulusLength: 2048 });
      const jwk = await exportJWK(publicKey);
      return { privateKey, publicJwk: { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: JWT_ALG, use: "sig" } };
    })());

  return {
    jwks: async () => ({ keys: [(await signingKey()).publicJwk] }),
    async mint(claims) {
      const { privateKey, publicJwk } = await signingKey();
      const iat = Math.floor(env.clock.now() / 1000);
      const defaults: Record<string, unknown> = {
        iss: env.origin(),
        sub: defaultSubject,
        scope: "hotels",
        iat,
        exp: iat + env.accessTokenTtlSeconds,
        jti: env.secret("jti"),
      };
      const payload: Record<string, unknown> = {};
      for (const [name, value] of Object.entries({ ...defaults, ...claims })) if (value !== undefined) payload[name] = value;
      return new SignJWT(payload).setProtectedHeader({ alg: JWT_ALG, typ: "at+jwt", ...(publicJwk.kid ? { kid: publicJwk.kid } : {}) }).sign(privateKey);
    },
  };
}
