import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { build, type Plugin } from "esbuild";
import { describe, expect, it } from "vitest";
import { AjvJsonSchemaValidator as Stub } from "../../scripts/build/ajv-stub.mjs";
import { noAjv, zodEnglishOnly } from "../../scripts/build/plugins.mjs";

// The bins' esbuild plugins replace a file inside the MCP SDK and inside zod. These tests fail
// when either dependency moves or reshapes that file, instead of the bins breaking quietly.

const require = createRequire(import.meta.url);
const sdkServer = fileURLToPath(import.meta.resolve("@modelcontextprotocol/sdk/server/index.js"));
const zodRoot = dirname(require.resolve("zod/package.json"));

/** The files esbuild bundles for `source` (an entry importing from node_modules), as paths relative to the checkout. */
async function bundledInputs(source: string, plugins: Plugin[]): Promise<string[]> {
  const result = await build({ stdin: { contents: source, resolveDir: process.cwd(), loader: "ts" }, bundle: true, write: false, metafile: true, format: "esm", platform: "node", logLevel: "silent", plugins });
  return Object.keys(result.metafile.inputs);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".js"))
    .map((e) => join(e.parentPath, e.name));
}

describe("noAjv: the SDK's Ajv provider replaced by scripts/build/ajv-stub.mjs", () => {
  it("the SDK still imports only what the stub exports, from the file the plugin matches", () => {
    const imports = [...readFileSync(sdkServer, "utf8").matchAll(/import \{([^}]*)\} from '([^']*ajv-provider\.js)'/g)];
    expect(imports.map((m) => m[2])).toEqual(["../validation/ajv-provider.js"]);
    const names = imports.flatMap((m) => m[1]!.split(",").map((n) => n.trim()).filter(Boolean));
    expect(names).toEqual(["AjvJsonSchemaValidator"]);
    expect(typeof new Stub().getValidator).toBe("function");
  });

  it("the real provider still exists at that path and exports the same class name", async () => {
    const real = (await import(join(dirname(sdkServer), "../validation/ajv-provider.js"))) as Record<string, unknown>;
    expect(typeof real.AjvJsonSchemaValidator).toBe("function");
  });

  it("bundling McpServer with the plugin leaves Ajv out; without it Ajv is in", async () => {
    const source = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"; console.log(McpServer);';
    const withPlugin = await bundledInputs(source, [noAjv]);
    expect(withPlugin.some((p) => p.endsWith("scripts/build/ajv-stub.mjs"))).toBe(true);
    expect(withPlugin.filter((p) => /node_modules[\\/](ajv|ajv-formats)[\\/]|ajv-provider\.js$/.test(p))).toEqual([]);
    const without = await bundledInputs(source, []);
    expect(without.some((p) => /node_modules[\\/]ajv[\\/]/.test(p))).toBe(true);
  });
});

describe("zodEnglishOnly: zod's locales namespace cut down to English", () => {
  it("zod imports its locales index only as the `locales` namespace the plugin replaces", () => {
    const importers = filesUnder(zodRoot).filter((f) => readFileSync(f, "utf8").includes('"../locales/index.js"'));
    expect(importers.length).toBeGreaterThan(0);
    for (const file of importers) {
      const lines = readFileSync(file, "utf8")
        .split("\n")
        .filter((l) => l.includes('"../locales/index.js"'));
      expect(lines, file).toEqual(['export * as locales from "../locales/index.js";']);
    }
  });

  it("English sits beside that index as a default export, and zod configures it from there itself", async () => {
    const v4 = join(zodRoot, "v4");
    const index = readFileSync(join(v4, "locales/index.js"), "utf8");
    expect(index).toContain('export { default as en } from "./en.js";');
    const en = (await import(join(v4, "locales/en.js"))) as { default: () => { localeError: unknown } };
    expect(typeof en.default().localeError).toBe("function");
    expect(readFileSync(join(v4, "classic/schemas.js"), "utf8")).toContain('import en from "../locales/en.js";');
  });

  it("bundling zod with the plugin keeps English and no other locale; without it every locale is in", async () => {
    const source = 'import { z } from "zod"; console.log(z.string().safeParse(1));';
    const locales = (inputs: string[]) => inputs.filter((p) => !p.startsWith("zod-locales:") && /zod[\\/]v4[\\/]locales[\\/][a-zA-Z-]+\.js$/.test(p) && !p.endsWith("index.js"));
    expect(locales(await bundledInputs(source, [zodEnglishOnly])).map((p) => p.split(/[\\/]/).pop())).toEqual(["en.js"]);
    expect(locales(await bundledInputs(source, [])).length).toBeGreaterThan(20);
  });

  it("the built Hotels bin still answers invalid tool input with zod's English messages", async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: ["dist/tbank-hotels-mcp.js"], env: { PATH: process.env.PATH ?? "", HOME: "/nonexistent-home", TBANK_HOTELS_API_BASE_URL: "http://127.0.0.1:9" } });
    const client = new Client({ name: "plugins", version: "1" });
    await client.connect(transport);
    try {
      // The SDK's own validation of the advertised schema, then the tool's invalid_input.
      const sdk = (await client.callTool({ name: "tbank_hotels_resolve_destination", arguments: { query: 5 } })) as CallToolResult;
      expect(sdk.isError).toBe(true);
      expect(JSON.stringify(sdk.content)).toContain("Invalid input: expected string, received number");
      const tool = (await client.callTool({ name: "tbank_hotels_plan_stay", arguments: { destination: 5, checkinDate: "2027-01-01", checkoutDate: "2027-01-03", rooms: [{ adults: 2, childrenAges: [] }] } })) as CallToolResult;
      expect(tool.structuredContent).toMatchObject({ status: "invalid_input", errors: [{ field: "destination", message: "Invalid input: expected string, received number" }] });
    } finally {
      await client.close();
    }
  });
});
