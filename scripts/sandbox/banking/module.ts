import type { SandboxEnv } from "../env.js";
import type { RouteDef } from "../http.js";
import type { IdentityApi } from "../identity/types.js";

// Placeholder until the banking routes land; replaced by the sandbox banking work.
export function createBankingModule(_env: SandboxEnv, _identity: IdentityApi): { routes: RouteDef[] } {
  return { routes: [] };
}
