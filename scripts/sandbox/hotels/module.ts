import type { SandboxEnv } from "../env.js";
import type { RouteDef } from "../http.js";
import type { IdentityApi } from "../identity/types.js";

// Placeholder until the hotels routes land; replaced by the sandbox hotels work.
export function createHotelsModule(_env: SandboxEnv, _identity: IdentityApi): { routes: RouteDef[] } {
  return { routes: [] };
}
