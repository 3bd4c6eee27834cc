// `npm run bundle`: one MCP Bundle (.mcpb) per server, since a bundle manifest names one server.
// Each holds its manifest (mcpb/<server>/manifest.json), the server bin and the auth broker bin
// with only the dist/ chunks they import, and koffi for the broker's peer check. keytar is left
// out: its addon is built for one machine, so a bundled broker keeps the session in its 0600 file.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SERVERS = { hotels: "tbank-hotels-mcp", banking: "tbank-banking-mcp" };
// The manifests' compatibility.platforms (darwin, linux) on the CPUs Node ships for.
const KOFFI_BUILDS = ["darwin_arm64", "darwin_x64", "linux_arm64", "linux_x64", "musl_arm64", "musl_x64"];
const KOFFI_FILES = ["package.json", "index.js", "indirect.js", "LICENSE.txt", "lib"];

/** Every dist file `entry` loads, statically or lazily: esbuild writes both as "./x.js" specifiers. */
export function importClosure(distDir, entry) {
  const seen = new Set();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(join(distDir, file), "utf8");
    for (const m of text.matchAll(/["'](\.{1,2}\/[^"'\s]+\.js)["']/g)) {
      const next = relative(distDir, resolve(distDir, dirname(file), m[1]));
      if (existsSync(join(distDir, next))) queue.push(next);
    }
  }
  return [...seen].sort();
}

function stage(server, pkg, outDir) {
  const bin = SERVERS[server];
  const dir = join(outDir, "stage", server);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "server"), { recursive: true });
  const manifest = JSON.parse(readFileSync(join(ROOT, "mcpb", server, "manifest.json"), "utf8"));
  if (manifest.version !== pkg.version) throw new Error(`mcpb/${server}/manifest.json has version ${manifest.version}; package.json has ${pkg.version}`);
  writeFileSync(join(dir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  // The bins are ESM .js files: without this, node would read them as CommonJS.
  writeFileSync(join(dir, "package.json"), `${JSON.stringify({ name: manifest.name, version: pkg.version, private: true, type: "module", license: pkg.license }, null, 2)}\n`);
  const dist = join(ROOT, "dist");
  // The Hotels bin serves the stay view (MCP Apps) from beside itself.
  const views = server === "hotels" ? ["views/stay.html"] : [];
  const files = new Set([...importClosure(dist, `${bin}.js`), ...importClosure(dist, "tbank-auth-broker.js"), `${server}-tools.json`, ...views]);
  for (const file of files) cpSync(join(dist, file), join(dir, "server", file));
  const koffi = join(ROOT, "node_modules", "koffi");
  for (const f of KOFFI_FILES) cpSync(join(koffi, f), join(dir, "node_modules", "koffi", f), { recursive: true });
  for (const b of KOFFI_BUILDS) cpSync(join(koffi, "build", "koffi", b), join(dir, "node_modules", "koffi", "build", "koffi", b), { recursive: true });
  return { dir, manifest };
}

// The CLI's report goes to stderr: stdout carries only the bundle paths, one a line.
function mcpb(args) {
  execFileSync(process.execPath, [join(ROOT, "node_modules", "@anthropic-ai", "mcpb", "dist", "cli", "cli.js"), ...args], { stdio: ["ignore", 2, 2] });
}

/** Stages, validates and packs every server; returns the bundle paths. */
export function buildBundles(outDir = join(ROOT, "bundles")) {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
  if (!existsSync(join(ROOT, "dist", "tbank-auth-broker.js"))) throw new Error("dist/ is missing: run npm run build first");
  const out = {};
  for (const server of Object.keys(SERVERS)) {
    const { dir, manifest } = stage(server, pkg, outDir);
    mcpb(["validate", join(dir, "manifest.json")]);
    const file = join(outDir, `${manifest.name}-${pkg.version}.mcpb`);
    mcpb(["pack", dir, file]);
    out[server] = file;
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = buildBundles(process.argv[2] === undefined ? undefined : resolve(process.argv[2]));
  for (const file of Object.values(out)) process.stdout.write(`${relative(process.cwd(), file)}\n`);
}
