import { spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { chmod, copyFile, cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { REQUIREMENTS } from "../../scripts/test-env/plan.mjs";

// The README's test command as a person runs it, on a machine where redis-server, chromium and
// faketime are missing: a PATH of links to this machine's programs without those three.
const isRoot = process.getuid?.() === 0;
const REMOVED = ["redis-server", "chromium", "faketime"];
const REPO = join(import.meta.dirname, "..", "..");

function which(name: string): string | null {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // not in this one
    }
  }
  return null;
}

const roots: string[] = [];
afterEach(async () => {
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

/** A world-readable temp root with bin/ (the PATH) and home/ (writable by anyone: npm's cache and logs). */
async function fakeMachine(extra: Record<string, string> = {}): Promise<{ root: string; bin: string; env: Record<string, string> }> {
  const root = await mkdtemp(join(tmpdir(), "tbank-test-env-"));
  roots.push(root);
  await chmod(root, 0o755);
  const bin = join(root, "bin");
  const home = join(root, "home");
  await mkdir(bin, { mode: 0o755 });
  await mkdir(home, { mode: 0o777 });
  await chmod(home, 0o777);
  const programs = ["node", "sh", "apt-get", ...REQUIREMENTS.flatMap((r) => ("command" in r.probe ? [r.probe.command] : []))];
  for (const name of programs.filter((p) => !REMOVED.includes(p) && !(p in extra))) {
    const path = name === "node" ? process.execPath : which(name);
    if (path) await symlink(path, join(bin, name));
  }
  for (const [name, script] of Object.entries(extra)) await writeFile(join(bin, name), script, { mode: 0o755 });
  const env = { PATH: bin, HOME: home, npm_config_cache: join(home, "npm-cache"), npm_config_update_notifier: "false", npm_config_fund: "false" };
  return { root, bin, env };
}

/**
 * What `npm run pretest` reads (package.json and scripts/test-env), copied where another uid can
 * read it: the checkout itself may sit under a directory only its owner can enter.
 */
async function readableCheckout(root: string): Promise<string> {
  const repo = join(root, "repo");
  await mkdir(join(repo, "scripts"), { recursive: true, mode: 0o755 });
  await copyFile(join(REPO, "package.json"), join(repo, "package.json"));
  await cp(join(REPO, "scripts", "test-env"), join(repo, "scripts", "test-env"), { recursive: true });
  for (const dir of [repo, join(repo, "scripts"), join(repo, "scripts", "test-env")]) await chmod(dir, 0o755);
  return repo;
}

function run(argv: string[], env: Record<string, string>, cwd = REPO): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0]!, argv.slice(1), { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => (out += c));
    child.stderr.setEncoding("utf8").on("data", (c: string) => (out += c));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out }));
  });
}

describe("npm test on a machine without redis-server, chromium and faketime", () => {
  it("a person who is not root: one message naming each package and the command, and nothing run", { timeout: 60_000 }, async () => {
    const { root, env } = await fakeMachine();
    const npm = which("npm")!;
    // As nobody when we are root (CI), so the non-root branch is the one taken.
    const argv = isRoot ? [which("setpriv")!, "--reuid=65534", "--regid=65534", "--clear-groups", npm, "run", "pretest"] : [npm, "run", "pretest"];
    const { code, out } = await run(argv, env, await readableCheckout(root));
    expect(code, out).not.toBe(0);
    expect(out).toContain("system package(s) that are missing:");
    for (const pkg of REMOVED) expect(out).toMatch(new RegExp(`^ {2}${pkg} +${pkg}, for `, "mu"));
    expect(out).toMatch(/sudo apt-get update && sudo apt-get install -y --no-install-recommends .*faketime redis-server chromium/u);
    expect(out).toContain("Nothing was run.");
    // The build (the next step of pretest) never started: the copy has no scripts/build.mjs to run.
    expect(out).not.toMatch(/EACCES|esbuild|Cannot find module/u);
  });

  it.runIf(isRoot)("root on Debian: installs exactly those three with apt-get, non-interactively, then goes on", { timeout: 60_000 }, async () => {
    const { root, bin, env } = await fakeMachine({ "apt-get": "" });
    const log = join(root, "apt.log");
    // A stand-in apt-get: records how it was called and "installs" the programs the packages provide.
    await writeFile(
      join(bin, "apt-get"),
      [
        "#!/bin/sh",
        `printf '%s|%s|%s\\n' "$*" "$DEBIAN_FRONTEND" "$(/usr/bin/readlink /proc/self/fd/0)" >> ${log}`,
        `for p in "$@"; do case "$p" in redis-server|chromium|faketime) printf '#!/bin/sh\\n' > ${bin}/$p; /bin/chmod 755 ${bin}/$p;; esac; done`,
        "",
      ].join("\n"),
      { mode: 0o755 },
    );
    const { code, out } = await run([which("npm")!, "run", "test:setup"], env);
    expect(code, out).toBe(0);
    expect(out).toContain("Installing the system packages the tests need: faketime redis-server chromium");
    expect((await readFile(log, "utf8")).trim().split("\n")).toEqual([
      "update -qq|noninteractive|/dev/null",
      "install -y -qq --no-install-recommends faketime redis-server chromium|noninteractive|/dev/null",
    ]);
  });
});
