import type { SandboxEnv } from "../env.js";
import type { IdentityModule } from "./types.js";

// Placeholder until the identity routes land; replaced by the sandbox identity work.
export function createIdentityModule(_env: SandboxEnv): IdentityModule {
  return {
    routes: [],
    api: {
      verifyAccessToken: () => undefined,
      approve: () => undefined,
      deny: () => undefined,
      stats: () => ({ sessionsActive: 0, sessionsRevoked: 0, accessTokensIssued: 0, refreshRotations: 0, reuseDetections: 0, revocationRequests: 0 }),
    },
  };
}
