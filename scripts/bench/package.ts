import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { lstat, mkdir, readdir } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface Packed {
  file: string;
  bytes: number;
  unpackedBytes: number;
  files: string[];
}

export interface Installed {
  prefix: string;
  bin: string;
  packageDir: string;
  bytes: number;
  ms: number;
}

/**
 * `npm pack` without lifecycle scripts: `prepare` would rebuild dist/ while other tests read it, so
 * callers build first.
 */
export async function pack(dir: string, dest: string): Promise<Packed> {
  await mkdir(dest, { recursive: true });
  const { stdout } = await run("npm", ["pack", dir, "--pack-destination", dest, "--json", "--ignore-scripts", "--loglevel=error"], { maxBuffer: 16 * 1024 * 1024 });
  const [info] = JSON.parse(stdout) as { filename: string; size: number; unpackedSize: number; files: { path: string }[] }[];
  if (!info) throw new Error(`npm pack ${dir} printed nothing`);
  return { file: join(dest, info.filename), bytes: info.size, unpackedBytes: info.unpackedSize, files: info.files.map((f) => f.path) };
}

/**
 * A global install into `prefix` as a person does it, with their own HOME. The machine's npm cache
 * is shared (prefer-offline) so a rerun downloads nothing; Debian's Node headers, when present,
 * let keytar's addon build without fetching them.
 */
export async function installGlobal(tarball: string, prefix: string, home: string, env: NodeJS.ProcessEnv = process.env): Promise<Installed> {
  const cache = env.npm_config_cache ?? join(homedir(), ".npm");
  // The caller's environment keeps its proxy and CA settings; npm's own variables (set when this
  // runs under `npm run`) would point the install back at the caller's prefix and config.
  const inherited = Object.fromEntries(Object.entries(env).filter(([k]) => !k.toLowerCase().startsWith("npm_")));
  const childEnv: NodeJS.ProcessEnv = { ...inherited, HOME: home, npm_config_cache: cache, npm_config_logs_dir: join(home, "npm-logs"), npm_config_update_notifier: "false" };
  if (existsSync("/usr/include/node/common.gypi")) childEnv.npm_config_nodedir = "/usr";
  const started = performance.now();
  await run("npm", ["install", "--global", "--prefix", prefix, "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error", tarball], { env: childEnv, timeout: 300_000 });
  const ms = performance.now() - started;
  const { stdout } = await run("npm", ["ls", "--global", "--prefix", prefix, "--depth=0", "--json"], { env: childEnv });
  const [name] = Object.keys((JSON.parse(stdout) as { dependencies?: Record<string, unknown> }).dependencies ?? {});
  if (name === undefined) throw new Error(`nothing installed in ${prefix}`);
  const packageDir = join(prefix, "lib", "node_modules", name);
  return { prefix, bin: join(prefix, "bin"), packageDir, bytes: await treeBytes(prefix), ms };
}

/** Apparent size of everything under `path` (files and links, not following links). */
export async function treeBytes(path: string): Promise<number> {
  const info = await lstat(path);
  if (!info.isDirectory()) return info.size;
  let total = 0;
  for (const entry of await readdir(path)) total += await treeBytes(join(path, entry));
  return total;
}

export const mb = (bytes: number): string => `${(bytes / 1_000_000).toFixed(2)} MB`;
