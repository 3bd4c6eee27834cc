import type { ToolkitConfig } from "../../shared/config/types.js";
import type { Logger } from "../../shared/logger.js";
import type { HotelsProvider } from "./provider/index.js";

/** What every Hotels tool may use. Built once per process by the server factory. */
export interface HotelsContext {
  config: ToolkitConfig;
  provider: HotelsProvider<unknown>;
  logger: Logger;
  now: () => number;
  random: (bytes: number) => Buffer;
}
