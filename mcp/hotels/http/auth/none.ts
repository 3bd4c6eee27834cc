import type { HttpAuthenticator } from "../contract.js";

/** No auth: every request is the one local user. Only ever built for a loopback bind (index.ts). */
export function createNoAuthenticator(): HttpAuthenticator {
  return { authenticate: () => Promise.resolve({ ok: true, principal: { subject: "anonymous", via: "none", scopes: [] } }) };
}
