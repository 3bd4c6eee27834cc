// The two esbuild plugins that replace a dependency's file in the bins. Each has a guard test
// (test/integration/build-plugins.test.ts) that fails when the dependency changes the file the
// plugin replaces; bench:mcp measures what each buys (docs/performance.md).

// The MCP servers never elicit, so they pass their own validator and the SDK's Ajv provider (Ajv,
// ajv-formats, fast-uri: parsed at every start for nothing) is replaced by a stub in the bins.
export const noAjv = {
  name: "no-ajv",
  setup(b) {
    b.onResolve({ filter: /validation[\\/]ajv-provider\.js$/ }, () => ({ path: new URL("./ajv-stub.mjs", import.meta.url).pathname }));
  },
};

// zod re-exports every locale as a namespace, which defeats tree shaking. Only English
// messages are used (and zod configures English itself), so the namespace is cut down to it.
export const zodEnglishOnly = {
  name: "zod-english-only",
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]/.test(args.importer) ? { path: new URL("../locales/en.js", `file://${args.importer}`).pathname.replace(/en\.js$/, "index-en.js"), namespace: "zod-locales" } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "zod-locales" }, (args) => ({ contents: 'export { default as en } from "./en.js";', resolveDir: args.path.replace(/[\\/][^\\/]+$/, "") }));
  },
};
