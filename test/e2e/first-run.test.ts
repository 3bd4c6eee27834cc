import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TOOLKIT_VERSION } from "../../shared/version.js";
import { brokerPids } from "./helpers/broker-process.js";

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

// The built bins, run as a person runs them: a fresh HOME, no TBANK_* variables, stdin closed.
function run(bin: string, args: string[], env: Record<string, string>): Promise<Ran> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [`dist/${bin}.js`, ...args], { env, timeout: 15_000 }, (err, stdout, stderr) => {
      resolve({ code: err === null ? 0 : typeof err.code === "number" ? err.code : -1, stdout, stderr });
    });
    child.stdin?.end();
  });
}

describe("first run of the built bins (fresh HOME, nothing configured)", () => {
  const homes: string[] = [];
  async function home(): Promise<Record<string, string>> {
    const dir = await mkdtemp(join(tmpdir(), "tbk-first-"));
    homes.push(dir);
    return { HOME: dir, PATH: process.env.PATH ?? "/usr/bin:/bin", TBANK_AUTH_SESSION_STORE: "file" };
  }
  afterEach(async () => {
    for (const dir of homes.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it("every bin answers --help and --version on stdout, exit 0, without starting anything", async () => {
    const env = await home();
    for (const bin of ["tbank-mcp", "tbank-hotels-mcp", "tbank-banking-mcp"]) {
      const help = await run(bin, ["--help"], env);
      expect(help.code, `${bin} --help: ${help.stderr}`).toBe(0);
      expect(help.stdout).toMatch(new RegExp(`^${bin} ${TOOLKIT_VERSION}: `));
      const version = await run(bin, ["--version"], env);
      expect(version).toMatchObject({ code: 0, stdout: `${TOOLKIT_VERSION}\n` });
    }
    const broker = await run("tbank-auth-broker", ["--help"], env);
    expect(broker.code).toBe(0);
    expect(broker.stdout).toMatch(/^Usage: tbank-auth-broker/);
    expect(await run("tbank-auth-broker", ["--version"], env)).toMatchObject({ code: 0, stdout: `${TOOLKIT_VERSION}\n` });
    expect(existsSync(join(env.HOME!, ".local"))).toBe(false);
  });

  it("an MCP bin refuses an unknown argument (exit 64) instead of starting the server", async () => {
    const env = await home();
    const banking = await run("tbank-banking-mcp", ["--verbose"], env);
    expect(banking.code).toBe(64);
    expect(banking.stderr).toContain("tbank-banking-mcp: Unknown option '--verbose'");
    expect(banking.stdout).toBe("");
  });

  it("a mistyped command gets a suggestion; a bad option value one plain line (exit 2)", async () => {
    const env = await home();
    const typo = await run("tbank-mcp", ["docter"], env);
    expect(typo.code).toBe(2);
    expect(typo.stderr.split("\n")[0]).toBe('tbank-mcp: unknown command "docter"; did you mean doctor?');
    const option = await run("tbank-mcp", ["setup", "--scop", "user"], env);
    expect(option).toMatchObject({ code: 2, stderr: "tbank-mcp setup: unknown option --scop; did you mean --scope? (tbank-mcp setup --help lists the options)\n" });
    const value = await run("tbank-mcp", ["setup", "--scope", "team"], env);
    expect(value).toMatchObject({ code: 2, stderr: "tbank-mcp setup: --scope takes user or project (tbank-mcp setup --help lists the options)\n" });
  });

  it("login with no identity provider: not_configured naming TBANK_AUTH_ISSUER_URL, exit 78, no broker left", async () => {
    const env = await home();
    const stateDir = join(env.HOME!, ".local", "state", "tbank-auth-broker");
    const login = await run("tbank-mcp", ["login"], { ...env, TBANK_AUTH_BROKER_STATE_DIR: stateDir });
    expect(login.code).toBe(78);
    expect(login.stderr).toMatch(/^tbank-mcp login: not_configured: no identity provider is configured/);
    expect(login.stderr).toContain("Set TBANK_AUTH_ISSUER_URL");
    expect(login.stderr).not.toContain("unexpected failure");
    expect(await brokerPids(stateDir)).toEqual([]);
    expect(existsSync(join(env.HOME!, ".local", "share", "tbank-auth-broker", "auth.sock"))).toBe(false);

    const doctor = await run("tbank-mcp", ["doctor", "--json"], env);
    const checks = (JSON.parse(doctor.stdout) as { checks: { id: string; status: string; message: string; fix?: string }[] }).checks;
    const identity = checks.find((c) => c.id === "identity");
    expect(identity?.status).toBe("warn");
    expect(identity?.fix).toContain("TBANK_AUTH_ISSUER_URL");
  });

  it("setup in a project explains Claude Code's approval; doctor says who loads the servers now; --scope user needs none", async () => {
    const env = await home();
    const project = join(env.HOME!, "trip");
    await mkdir(project);
    const inProject = { ...env, PWD: project };
    const setup = await run("tbank-mcp", ["setup", "--client", "claude"], inProject);
    expect(setup.code).toBe(0);
    expect(setup.stdout).toContain('show as "Pending approval" in claude mcp list');
    const clients = async (): Promise<{ status: string; message: string; fix?: string } | undefined> =>
      (JSON.parse((await run("tbank-mcp", ["doctor", "--json"], inProject)).stdout) as { checks: { id: string; status: string; message: string; fix?: string }[] }).checks.find((c) => c.id === "clients");
    const before = await clients();
    expect(before?.status).toBe("warn");
    expect(before?.message).toContain("pending your approval");

    expect((await run("tbank-mcp", ["setup", "--client", "claude", "--scope", "user"], inProject)).code).toBe(0);
    const after = await clients();
    expect(after?.message).toContain(`Claude Code (${join(env.HOME!, ".claude.json")}): loads them now`);
  });

  it("setup merges into an existing opencode.jsonc with comments (exit 0), keeping the person's settings", async () => {
    const env = await home();
    const project = join(env.HOME!, "trip");
    await mkdir(project);
    await writeFile(join(project, "opencode.jsonc"), '{\n  // mine\n  "theme": "dark",\n}\n');
    const setup = await run("tbank-mcp", ["setup", "--client", "opencode"], { ...env, PWD: project });
    expect(setup.code, setup.stderr).toBe(0);
    expect(setup.stdout).toContain("its comments were not carried into the rewrite");
    const merged = JSON.parse(await readFile(join(project, "opencode.jsonc"), "utf8")) as { theme: string; mcp: Record<string, unknown> };
    expect(merged.theme).toBe("dark");
    expect(Object.keys(merged.mcp)).toEqual(["tbank-hotels", "tbank-banking"]);
    expect(existsSync(join(project, "opencode.json"))).toBe(false);
  });
});
