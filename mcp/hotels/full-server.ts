import type { ToolkitConfig } from "../../shared/config/types.js";
import type { Logger } from "../../shared/logger.js";
import type { McpBinDeps } from "../shared/run-bin.js";
import type { FullServer } from "../shared/stdio-front.js";
import { createHotelsServer } from "./server.js";

/** Loaded lazily by the bin: the SDK, zod and every tool live behind this import. */
export function loadHotelsServer(config: ToolkitConfig, logger: Logger, deps: McpBinDeps & { stayViewUrl?: URL } = {}): FullServer {
  const { server, ctx } = createHotelsServer(config, { logger, ...deps });
  // The broker connection would keep the process alive after the client has gone.
  return { server, close: () => ctx.broker?.close() };
}
