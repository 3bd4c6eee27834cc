import { parseConfig } from "../../shared/config/index.js";
import { parseHotelsArgs, runHotelsHttp } from "../../mcp/hotels/http/cli.js";

// `tbank-hotels-mcp --http` on the plain SDK path, for bench:http beside the product: every request
// through a fresh McpServer and the SDK's Streamable HTTP transport, nothing pooled. Same flags,
// same environment, same "listening on" line.

const report = (message: string): void => void process.stderr.write(`tbank-hotels-mcp: ${message}\n`);
const args = parseHotelsArgs(process.argv.slice(2));
const parsed = parseConfig(process.env);
if (!args.ok || !("http" in args) || !args.http || !parsed.ok) {
  report("the plain SDK server takes --http [--host H] [--port P] and a valid configuration");
  process.exitCode = 78;
} else {
  await runHotelsHttp({
    config: parsed.config,
    flags: { host: args.host, port: args.port },
    env: process.env,
    report,
    exit: process,
    onSignal: (signal, handler) => void process.once(signal, handler),
    mcpPath: "fresh",
  });
}
