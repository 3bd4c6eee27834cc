import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { ToolkitConfig } from "../../shared/config/types.js";
import type { Logger } from "../../shared/logger.js";
import type { LoadedServer } from "../fast-start.js";
import { BridgeTransport } from "../shared/bridge-transport.js";
import type { McpBinDeps } from "../shared/run-bin.js";
import { createHotelsServer } from "./server.js";


/** Loaded lazily by the bin: the SDK, zod and every tool live behind this import. */
export async function loadHotelsServer(config: ToolkitConfig, logger: Logger, write: (message: never) => void, deps: McpBinDeps = {}): Promise<LoadedServer> {
  const { server, ctx } = createHotelsServer(config, { logger, ...deps });
  const transport = new BridgeTransport(write as (message: JSONRPCMessage) => void);
  await server.connect(transport);
  return {
    deliver: (message) => transport.onmessage?.(message),
    // The broker connection would keep the process alive after the client has gone.
    close: () => ctx.broker?.close(),
  };
}
