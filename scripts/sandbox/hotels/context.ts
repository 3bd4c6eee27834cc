import type { Catalog } from "../data/catalog.js";
import type { SandboxEnv } from "../env.js";
import type { IdentityApi } from "../identity/types.js";
import type { OrderState } from "./writes-state.js";

/** What every hotels route group shares: the environment, identity, the lazily generated catalog and what the writes changed. */
export interface HotelsContext {
  env: SandboxEnv;
  identity: IdentityApi;
  catalog: Catalog;
  orders: OrderState;
}
