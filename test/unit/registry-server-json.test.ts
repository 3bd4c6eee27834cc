import { Ajv } from "ajv";
import formatsModule from "ajv-formats";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parseHotelsArgs } from "../../mcp/hotels/http/cli.js";
import { parseConfig } from "../../shared/config/index.js";

const ROOT = resolve(import.meta.dirname, "../..");
const readJson = (path: string): unknown => JSON.parse(readFileSync(join(ROOT, path), "utf8"));

interface Input {
  name?: string;
  default?: string;
  isSecret?: boolean;
}
interface RegistryPackage {
  registryType: string;
  identifier: string;
  version: string;
  transport: { type: string; url?: string };
  packageArguments?: (Input & { type: string; name?: string })[];
  environmentVariables?: (Input & { name: string })[];
}
interface ServerJson {
  $schema: string;
  name: string;
  version: string;
  description: string;
  packages: RegistryPackage[];
}

const CONFIG_SOURCE = readdirSync(join(ROOT, "shared/config"))
  .map((f) => readFileSync(join(ROOT, "shared/config", f), "utf8"))
  .join("\n");
const server = readJson("server.json") as ServerJson;
const pkg = readJson("package.json") as { name: string; version: string; mcpName?: string; bin: Record<string, string> };
// The registry's published schema, checked in (test/fixtures/mcp-registry/README.md names its source).
const schema = readJson("test/fixtures/mcp-registry/server.schema.json") as { $id: string };

function validator() {
  const ajv = new Ajv({ allErrors: true });
  // ajv-formats is CommonJS: under ESM interop its function may sit on the module's `default`.
  type AddFormats = (ajv: Ajv) => Ajv;
  const addFormats = ((formatsModule as unknown as { default?: AddFormats }).default ?? formatsModule) as unknown as AddFormats;
  addFormats(ajv);
  ajv.addKeyword("example");
  return ajv.compile(schema);
}

describe("server.json for the MCP Registry", () => {
  it("follows the registry's 2025-09-29 schema, which refuses a name without a namespace or an overlong description", () => {
    const validate = validator();
    expect(server.$schema).toBe(schema.$id);
    expect(schema.$id).toContain("/2025-09-29/");
    expect(validate(server), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...server, name: "tbank-hotels" })).toBe(false);
    expect(validate({ ...server, description: "x".repeat(101) })).toBe(false);
  });

  it("names this package at its version, and npm runs the hotels server for it", () => {
    expect(server.version).toBe(pkg.version);
    // The registry accepts an npm package only when its package.json claims the server's name.
    expect(pkg.mcpName).toBe(server.name);
    for (const p of server.packages) expect(p).toMatchObject({ registryType: "npm", identifier: pkg.name, version: pkg.version });
    // `npx -y NAME@VERSION` picks the bin named after the package when there are several.
    expect(pkg.bin[pkg.name]).toBe(pkg.bin["tbank-hotels-mcp"]);
  });

  it("offers the stdio server and the remote mode (Streamable HTTP) with arguments the bin accepts", () => {
    expect(server.packages.map((p) => p.transport.type)).toEqual(["stdio", "streamable-http"]);
    const remote = server.packages[1];
    const argv = (remote?.packageArguments ?? []).flatMap((a) => (a.default === undefined ? [a.name ?? ""] : [a.name ?? "", a.default]));
    expect(parseHotelsArgs(argv)).toEqual({ ok: true, http: true, port: 8080 });
    expect(remote?.transport.url).toMatch(/\/mcp$/);
  });

  it("sets only settings the servers read, no secret among them, and their defaults parse", () => {
    for (const p of server.packages) {
      const vars = p.environmentVariables ?? [];
      expect(vars.filter((v) => v.isSecret === true || /TOKEN|PRIVATE_KEY$|HEADERS_JSON|SECRET/.test(v.name))).toEqual([]);
      const env = Object.fromEntries(vars.map((v) => [v.name, v.default ?? ""]));
      const parsed = parseConfig({ HOME: "/home/person", ...env });
      expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
      // The config module is the one reader of the environment: a misspelt name is found nowhere in it.
      for (const v of vars) expect(CONFIG_SOURCE, v.name).toContain(`"${v.name}"`);
    }
  });

  it("the bundle manifests likewise: settings the servers read, none marked sensitive", () => {
    for (const server of ["hotels", "banking"]) {
      const manifest = readJson(`mcpb/${server}/manifest.json`) as { version: string; server: { mcp_config: { env: Record<string, string> } }; user_config: Record<string, { sensitive?: boolean }> };
      expect(manifest.version).toBe(pkg.version);
      for (const name of Object.keys(manifest.server.mcp_config.env)) expect(CONFIG_SOURCE, name).toContain(`"${name}"`);
      expect(Object.values(manifest.user_config).filter((c) => c.sensitive === true)).toEqual([]);
    }
  });
});
