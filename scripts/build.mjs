// Bundles each bin into one ESM file so an agent-spawned process starts without resolving
// hundreds of modules. Lazy imports in the CLI become separate chunks.
import { build } from "esbuild";
import { chmodSync, rmSync } from "node:fs";

const entryPoints = {
  "tbank-auth-broker": "broker/bin.ts",
  "tbank-hotels-mcp": "mcp/hotels/bin.ts",
  "tbank-banking-mcp": "mcp/banking/bin.ts",
  "tbank-mcp": "scripts/cli/bin.ts",
};
const tools = { bench: "scripts/bench/main.ts", "bench-broker": "scripts/bench/broker-main.ts", "bench-echo": "scripts/bench/echo-server.ts" };

rmSync("dist", { recursive: true, force: true });
await build({
  entryPoints: { ...entryPoints, ...tools },
  outdir: "dist",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  chunkNames: "chunks/[name]-[hash]",
  external: ["keytar", "koffi"],
  sourcemap: "linked",
  legalComments: "none",
  logLevel: "warning",
  // Bundled CommonJS dependencies (pino) call require() for node builtins.
  banner: {
    js: "import { createRequire as __tbankCreateRequire } from 'node:module'; const require = __tbankCreateRequire(import.meta.url);",
  },
});
for (const name of Object.keys(entryPoints)) chmodSync(`dist/${name}.js`, 0o755);
