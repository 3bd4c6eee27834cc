import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installGlobal, pack, type Installed, type Packed } from "../../scripts/bench/package.js";
import { osClockEnv } from "../fixtures/clock.js";
import { brokerPids } from "./helpers/broker-process.js";

const run = promisify(execFile);
// .ci/run installs the real Claude Code CLI here (not a project dependency).
const CLIENTS = resolve(process.env.TBANK_TEST_CLIENTS_BIN ?? ".ci/clients/node_modules/.bin");
const claudeAvailable = existsSync(join(CLIENTS, "claude"));

const BINS = ["tbank-auth-broker", "tbank-hotels-mcp", "tbank-banking-mcp", "tbank-mcp"];
const TARBALL_MAX_BYTES = 3_000_000;
const TARBALL_MAX_FILES = 100;
const INSTALLED_MAX_BYTES = 40_000_000;

// As a person does it, outside the clone: the packed tarball installed globally into a fresh prefix,
// then the installed bins run with a fresh HOME from a directory that is not the clone.
describe("the packed tarball, installed globally", () => {
  let root: string;
  let packed: Packed;
  let installed: Installed;
  let env: Record<string, string>;
  let home: string;
  let project: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "tbank-pkg-"));
    packed = await pack(".", join(root, "pack"));
    installed = await installGlobal(packed.file, join(root, "prefix"), join(root, "npm-home"));
    home = join(root, "home");
    project = join(root, "project");
    await mkdir(home);
    await mkdir(project);
    env = {
      ...osClockEnv(),
      PATH: `${installed.bin}:${process.env.PATH ?? "/usr/bin:/bin"}`,
      HOME: home,
      PWD: project,
      TBANK_AUTH_BROKER_SOCKET: join(home, ".local", "share", "tbank-auth-broker", "auth.sock"),
      TBANK_AUTH_BROKER_STATE_DIR: join(home, ".local", "state", "tbank-auth-broker"),
      TBANK_AUTH_SESSION_STORE: "file",
    };
  }, 320_000);

  afterAll(async () => {
    if (root === undefined) return;
    for (const pid of await brokerPids(join(home, ".local", "state", "tbank-auth-broker")).catch(() => [])) process.kill(pid, "SIGKILL");
    await rm(root, { recursive: true, force: true });
  });

  it("is at most 3 MB in 100 files, with no source maps, benchmarks or build tools", () => {
    expect(packed.bytes).toBeLessThanOrEqual(TARBALL_MAX_BYTES);
    expect(packed.files.length).toBeLessThanOrEqual(TARBALL_MAX_FILES);
    expect(packed.files.filter((f) => f.endsWith(".map") || /bench|build-tools|gen-tool-catalog|^scripts\/|^test\//.test(f))).toEqual([]);
    for (const bin of BINS) expect(packed.files).toContain(`dist/${bin}.js`);
    // The stay view (MCP Apps) the Hotels bin serves from beside itself.
    expect(packed.files).toContain("dist/views/stay.html");
    expect(packed.files).toContain("LICENSE");
  });

  it("installs in at most 40 MB with none of the devDependencies", async () => {
    expect(installed.bytes).toBeLessThanOrEqual(INSTALLED_MAX_BYTES);
    const manifest = JSON.parse(await readFile(join(installed.packageDir, "package.json"), "utf8")) as { devDependencies: Record<string, string> };
    const modules = join(installed.packageDir, "node_modules");
    const names = (await Promise.all((await readdir(modules)).map(async (d) => (d.startsWith("@") ? (await readdir(join(modules, d))).map((s) => `${d}/${s}`) : [d])))).flat();
    expect(names).toContain("koffi");
    expect(names.filter((n) => n in manifest.devDependencies)).toEqual([]);
  });

  it("tbank-mcp demo plays the journey from the installed package and exits 0", async () => {
    const { stdout } = await run("tbank-mcp", ["demo"], { env, cwd: project, timeout: 90_000 });
    expect(stdout).toMatch(/Summary: \d+ tool calls, 0 unexpected/);
    expect(stdout).toContain("No token, orderId or contact canary reached any tool result.");
  }, 120_000);

  it("tbank-mcp setup --client claude --scope user points Claude Code at the installed bins", async () => {
    await run("tbank-mcp", ["setup", "--client", "claude", "--scope", "user"], { env, cwd: project, timeout: 60_000 });
    const config = await readFile(join(home, ".claude.json"), "utf8");
    expect(config).toContain(join(installed.packageDir, "dist", "tbank-hotels-mcp.js"));
    expect(config).toContain(join(installed.packageDir, "dist", "tbank-banking-mcp.js"));
  }, 90_000);

  it.runIf(claudeAvailable || process.env.CI === "true")("claude mcp list shows both installed servers connected", async () => {
    expect(claudeAvailable).toBe(true);
    const { stdout } = await run(join(CLIENTS, "claude"), ["mcp", "list"], { env, cwd: project, timeout: 90_000 });
    expect(stdout).toMatch(/tbank-hotels: .*Connected/);
    expect(stdout).toMatch(/tbank-banking: .*Connected/);
  }, 120_000);

  it("without koffi, tbank-mcp doctor fails on peer credentials with the reinstall as its fix", async () => {
    await rm(join(installed.packageDir, "node_modules", "koffi"), { recursive: true, force: true });
    const err = await run("tbank-mcp", ["doctor"], { env, cwd: project, timeout: 60_000 }).then(() => undefined, (e: unknown) => e as { code: number; stdout: string });
    expect(err?.code).toBe(1);
    expect(err?.stdout).toContain("[FAIL] peer_credentials: the broker cannot verify who connects to its socket");
    expect(err?.stdout).toContain("npm install -g tbank-hotels-toolkit");
  }, 90_000);
});
