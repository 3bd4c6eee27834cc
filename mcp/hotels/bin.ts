#!/usr/bin/env node
import { runMcpBin } from "../shared/run-bin.js";
import { parseHotelsArgs, runHotelsHttp } from "./http/cli.js";

// Built by scripts/build/views.mjs next to this bin; the chunks that read it live one folder deeper.
const stayViewUrl = new URL("./views/stay.html", import.meta.url);

runMcpBin({
  name: "tbank-hotels-mcp",
  catalogUrl: new URL("./hotels-tools.json", import.meta.url),
  brokerBinUrl: new URL("./tbank-auth-broker.js", import.meta.url),
  toolsets: (config) => config.hotels.toolsets,
  // The SDK, zod and every tool live behind this import, loaded after the front's first answers.
  loadFull: async (config, logger, deps) => (await import("./full-server.js")).loadHotelsServer(config, logger, { ...deps, stayViewUrl }),
  args: parseHotelsArgs(process.argv.slice(2)),
  // The server, the store and the authenticator are imported only on this path.
  runHttp: (config, flags, report) => runHotelsHttp({ config, flags, stayViewUrl, env: process.env, report, exit: process, onSignal: (signal, handler) => void process.once(signal, handler) }),
});
