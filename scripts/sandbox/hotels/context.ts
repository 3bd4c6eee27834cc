import type { Catalog } from "../data/catalog.js";
import type { SandboxEnv } from "../env.js";
import type { IdentityApi } from "../identity/types.js";

/** What every hotels route group shares: the environment, identity and the lazily generated catalog. */
export interface HotelsContext {
  env: SandboxEnv;
  identity: IdentityApi;
  catalog: Catalog;
}
