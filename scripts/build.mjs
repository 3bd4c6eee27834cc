// Bundles each bin into one minified ESM file so an agent-spawned process starts without resolving
// hundreds of modules. Lazy imports (CLI commands, jose) become separate chunks.
import { build } from "esbuild";
import { chmodSync, rmSync } from "node:fs";

const bins = {
  "tbank-auth-broker": "broker/bin.ts",
  "tbank-hotels-mcp": "mcp/hotels/bin.ts",
  "tbank-banking-mcp": "mcp/banking/bin.ts",
  "tbank-mcp": "scripts/cli/bin.ts",
};
const tools = {
  bench: "scripts/bench/main.ts",
  "bench-broker": "scripts/bench/broker-main.ts",
  "bench-echo": "scripts/bench/echo-server.ts",
  "bench-mcp": "scripts/bench/mcp-main.ts",
  "bench-bare-mcp": "scripts/bench/bare-mcp.ts",
};

// The MCP servers never elicit, so they pass their own validator and the SDK's Ajv provider (Ajv,
// ajv-formats, fast-uri: ~280 KB parsed at every start) is replaced by a stub in the bins.
const noAjv = {
  name: "no-ajv",
  setup(b) {
    b.onResolve({ filter: /validation[\\/]ajv-provider\.js$/ }, () => ({ path: new URL("./build/ajv-stub.mjs", import.meta.url).pathname }));
  },
};

// zod re-exports every locale as a namespace, which defeats tree shaking (~250 KB). Only English
// messages are used (and zod configures English itself), so the namespace is cut down to it.
const zodEnglishOnly = {
  name: "zod-english-only",
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]/.test(args.importer) ? { path: new URL("../locales/en.js", `file://${args.importer}`).pathname.replace(/en\.js$/, "index-en.js"), namespace: "zod-locales" } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "zod-locales" }, (args) => ({ contents: 'export { default as en } from "./en.js";', resolveDir: args.path.replace(/[\\/][^\\/]+$/, "") }));
  },
};

const common = {
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  external: ["keytar", "koffi"],
  sourcemap: "linked",
  legalComments: "none",
  logLevel: "warning",
  // Bundled CommonJS dependencies (pino) call require() for node builtins.
  banner: {
    js: "import { createRequire as __tbankCreateRequire } from 'node:module'; const require = __tbankCreateRequire(import.meta.url);",
  },
};

rmSync("dist", { recursive: true, force: true });
await build({ ...common, entryPoints: bins, outdir: "dist", chunkNames: "chunks/[name]-[hash]", minify: true, plugins: [noAjv, zodEnglishOnly] });
// Benchmarks use the SDK client, which does validate with Ajv: a separate build with its own chunks.
await build({ ...common, entryPoints: tools, outdir: "dist", chunkNames: "chunks/tools-[name]-[hash]" });
for (const name of Object.keys(bins)) chmodSync(`dist/${name}.js`, 0o755);
