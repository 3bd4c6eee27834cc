import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { brokerPids } from "./helpers/broker-process.js";

const run = promisify(execFile);
// .ci/run installs the real Claude Code and Codex CLIs here (not project dependencies).
const CLIENTS = resolve(process.env.TBANK_TEST_CLIENTS_BIN ?? ".ci/clients/node_modules/.bin");
const available = existsSync(join(CLIENTS, "claude")) && existsSync(join(CLIENTS, "codex"));

describe.runIf(available || process.env.CI === "true")("generated configs read by the real clients", () => {
  const roots: string[] = [];
  afterAll(async () => {
    for (const root of roots) {
      for (const pid of await brokerPids(join(root, "home", ".local", "state", "tbank-auth-broker"))) process.kill(pid, "SIGKILL");
      await rm(root, { recursive: true, force: true });
    }
  });

  async function setupHome(clients: string) {
    const root = await mkdtemp(join(tmpdir(), "tbank-clients-"));
    roots.push(root);
    const dirs = { home: join(root, "home"), codex: join(root, "codex"), project: join(root, "project") };
    for (const d of Object.values(dirs)) await mkdir(d, { recursive: true });
    const env = {
      PATH: process.env.PATH ?? "",
      HOME: dirs.home,
      CODEX_HOME: dirs.codex,
      PWD: dirs.project,
      TBANK_AUTH_BROKER_SOCKET: join(dirs.home, ".local", "share", "tbank-auth-broker", "auth.sock"),
      TBANK_AUTH_BROKER_STATE_DIR: join(dirs.home, ".local", "state", "tbank-auth-broker"),
      TBANK_AUTH_SESSION_STORE: "file",
    };
    await run(process.execPath, ["dist/tbank-mcp.js", "setup", "--client", clients, "--scope", "user"], { env });
    return { env, dirs };
  }

  it("claude mcp list reports both servers connected", async () => {
    expect(available).toBe(true);
    const { env, dirs } = await setupHome("claude");
    expect(await readFile(join(dirs.home, ".claude.json"), "utf8")).toContain("tbank-hotels");
    const { stdout } = await run(join(CLIENTS, "claude"), ["mcp", "list"], { env, cwd: dirs.project, timeout: 90_000 });
    expect(stdout).toMatch(/tbank-hotels: .*Connected/);
    expect(stdout).toMatch(/tbank-banking: .*Connected/);
  }, 120_000);

  it("codex mcp list parses both servers", async () => {
    expect(available).toBe(true);
    const { env } = await setupHome("codex");
    const { stdout } = await run(join(CLIENTS, "codex"), ["mcp", "list"], { env, timeout: 60_000 });
    expect(stdout).toMatch(/tbank-hotels\s+\S*node/);
    expect(stdout).toMatch(/tbank-banking\s+\S*node/);
    expect(stdout).toContain("enabled");
  }, 90_000);
});
