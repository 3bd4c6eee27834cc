import { lstat, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse as parseToml } from "smol-toml";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { run as configRun } from "../../scripts/cli/commands/config.js";
import { parse, setup } from "../../scripts/cli/commands/setup.js";
import type { CommandIo } from "../../scripts/cli/io.js";

const CANARY = "CANARY-7f3a9c1e-token";
const PEM = "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDcanary\n-----END PRIVATE KEY-----";

function captureIo(env: Record<string, string | undefined>): CommandIo & { out: () => string } {
  let out = "";
  return { stdout: { write: (s: string) => (out += s) }, stderr: { write: () => true }, env, signal: new AbortController().signal, out: () => out };
}

/** Reads back the TOML subset our emitter writes: [a.b] headers and key = "string" | ["array"]. */
function readTomlTables(text: string): Record<string, Record<string, unknown>> {
  const tables: Record<string, Record<string, unknown>> = {};
  let current = "";
  for (const line of text.split("\n")) {
    const header = /^\[([^\]]+)\]\s*$/.exec(line);
    if (header?.[1]) tables[(current = header[1])] ??= {};
    const kv = /^([A-Za-z0-9_-]+) = ("(?:[^"\\]|\\.)*"|\[.*\])\s*(#.*)?$/.exec(line);
    if (kv?.[1] && kv[2]) (tables[current] ??= {})[kv[1]] = JSON.parse(kv[2]);
  }
  return tables;
}

type Json = Record<string, Record<string, Record<string, unknown>>>;
const readJson = async (f: string): Promise<Json> => JSON.parse(await readFile(f, "utf8")) as Json;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

let root: string;
let env: Record<string, string>;
let project: string;
// A built package: setup points clients at its dist/ files.
const PKG = join(tmpdir(), `tbk-setup-pkg-${process.pid}`);
const HOTELS_BIN = join(PKG, "dist", "tbank-hotels-mcp.js");
const BANKING_BIN = join(PKG, "dist", "tbank-banking-mcp.js");
const deps = { packageDir: PKG, probe: () => Promise.resolve({ ok: false as const, error: { problem: "absent" as const, reason: "keytar is not installed" } }) };

beforeAll(async () => {
  await mkdir(join(PKG, "dist"), { recursive: true });
  await writeFile(HOTELS_BIN, "");
  await writeFile(BANKING_BIN, "");
});
afterAll(() => rm(PKG, { recursive: true, force: true }));

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "tbk-setup-"));
  project = join(root, "proj");
  await mkdir(project);
  await mkdir(join(root, "home"));
  env = { HOME: join(root, "home"), CODEX_HOME: join(root, "codex"), PWD: project, XDG_CONFIG_HOME: join(root, "xdg") };
});
afterEach(() => rm(root, { recursive: true, force: true }));

const ALL = ["--client", "claude", "--client", "codex", "--client", "opencode"];
const CODEX_EXISTING = `# my codex settings
model = "o3" # keep this comment

[mcp_servers.other]
command = "other-server"
args = ["--flag"]

[mcp_servers.other.env]
X = "1"

# profiles below
[profiles.fast]
model = "gpt-5"
`;

async function seedExisting(): Promise<void> {
  await writeFile(join(project, ".mcp.json"), JSON.stringify({ mcpServers: { other: { type: "stdio", command: "other" } } }, null, 4) + "\n");
  await writeFile(join(project, "opencode.json"), JSON.stringify({ theme: "dark", mcp: { other: { type: "local", command: ["other"] } } }, null, 2) + "\n");
  await mkdir(join(root, "codex"));
  await writeFile(join(root, "codex", "config.toml"), CODEX_EXISTING);
}

describe("tbank-mcp setup", () => {
  it("merges into every client's file, keeps the other server, and backs the old file up", async () => {
    await seedExisting();
    const io = captureIo(env);
    await setup(parse(ALL), io, deps);

    const claude = (await readJson(join(project, ".mcp.json")));
    expect(Object.keys(claude.mcpServers!)).toEqual(["other", "tbank-hotels", "tbank-banking"]);
    expect(claude.mcpServers!["tbank-hotels"]).toEqual({
      type: "stdio",
      command: process.execPath,
      args: [HOTELS_BIN],
      env: { TBANK_AUTH_BROKER_SOCKET: join(env.HOME!, ".local/share/tbank-auth-broker/auth.sock") },
    });
    expect(await readFile(join(project, ".mcp.json"), "utf8")).toContain('\n    "mcpServers"'); // its own 4-space indent

    const oc = (await readJson(join(project, "opencode.json")));
    expect(oc.theme).toBe("dark");
    expect(Object.keys(oc.mcp!)).toEqual(["other", "tbank-hotels", "tbank-banking"]);
    expect(oc.mcp!["tbank-banking"]).toMatchObject({ type: "local", command: [process.execPath, BANKING_BIN], enabled: true });

    const toml = await readFile(join(root, "codex", "config.toml"), "utf8");
    expect(toml.startsWith(CODEX_EXISTING)).toBe(true);
    const tables = readTomlTables(toml);
    expect(tables["mcp_servers.other"]).toEqual({ command: "other-server", args: ["--flag"] });
    expect(tables["mcp_servers.tbank-hotels"]).toEqual({ command: process.execPath, args: [HOTELS_BIN] });
    expect(tables["mcp_servers.tbank-hotels.env"]).toEqual({ TBANK_AUTH_BROKER_SOCKET: join(env.HOME!, ".local/share/tbank-auth-broker/auth.sock") });

    for (const dir of [project, join(root, "codex")]) expect((await readdir(dir)).filter((n) => n.includes(".bak-")).length).toBeGreaterThan(0);
    expect(io.out()).toContain("updated; previous version in");
  });

  it("is idempotent: a second run changes no byte and makes no new backup", async () => {
    await seedExisting();
    await setup(parse(ALL), captureIo(env), deps);
    const snapshot = async () => Promise.all((await filesUnder(root)).sort().map(async (f) => [f, await readFile(f, "utf8")]));
    const before = await snapshot();
    const io = captureIo(env);
    await setup(parse(ALL), io, deps);
    expect(await snapshot()).toEqual(before);
    expect(io.out()).toContain("Nothing changed");
  });

  it("creates new files 0600 and the private directories 0700", async () => {
    await setup(parse(ALL), captureIo(env), deps);
    for (const f of [join(project, ".mcp.json"), join(project, "opencode.json"), join(root, "codex", "config.toml")]) {
      expect((await stat(f)).mode & 0o777).toBe(0o600);
    }
    expect((await stat(join(env.HOME!, ".local/share/tbank-auth-broker"))).mode & 0o777).toBe(0o700);
    expect((await stat(join(env.HOME!, ".local/state/tbank-auth-broker"))).mode & 0o777).toBe(0o700);
    expect((await readJson(join(project, "opencode.json"))).$schema).toBe("https://opencode.ai/config.json");
  });

  it("--print writes nothing and shows the content", async () => {
    await seedExisting();
    const before = (await filesUnder(root)).sort();
    const io = captureIo(env);
    await setup(parse([...ALL, "--print"]), io, deps);
    expect((await filesUnder(root)).sort()).toEqual(before);
    expect(io.out()).toContain("[mcp_servers.tbank-hotels]");
    expect(io.out()).toContain("would update");
  });

  it("never writes a token, header set or PEM, even when they are set", async () => {
    await seedExisting();
    const secretEnv = {
      ...env,
      TBANK_HOTELS_AUTH_TOKEN: CANARY,
      TBANK_HOTELS_AUTH_HEADERS_JSON: JSON.stringify({ "X-Api-Key": `${CANARY}-h` }),
      TBANK_HOTELS_JWT_PRIVATE_KEY: PEM,
      TBANK_HOTELS_JWT_ISSUER: "svc",
      TBANK_HOTELS_JWT_AUDIENCE: "hotels",
    };
    const io = captureIo(secretEnv);
    await setup(parse([...ALL, "--sandbox"]), io, deps);
    for (const f of await filesUnder(root)) {
      const text = await readFile(f, "utf8");
      expect(text).not.toContain("CANARY");
      expect(text).not.toContain("PRIVATE KEY");
      expect(text).not.toContain("TBANK_HOTELS_JWT_ISSUER"); // a JWT profile without its key file would be broken
    }
    expect(io.out()).toContain("Not written (secrets): TBANK_HOTELS_AUTH_TOKEN, TBANK_HOTELS_AUTH_HEADERS_JSON, TBANK_HOTELS_JWT_PRIVATE_KEY");
    expect(io.out()).not.toContain("CANARY");
  });

  it("writes the JWT key file path (not a secret) and the sandbox URLs with --sandbox", async () => {
    await writeFile(join(root, "key.pem"), "not a real key", { mode: 0o600 });
    const withFile = { ...env, TBANK_HOTELS_JWT_ISSUER: "svc", TBANK_HOTELS_JWT_AUDIENCE: "hotels", TBANK_HOTELS_JWT_PRIVATE_KEY_FILE: join(root, "key.pem") };
    const io = captureIo(withFile);
    await setup(parse(["--client", "claude", "--sandbox"]), io, deps);
    const hotels = (await readJson(join(project, ".mcp.json"))).mcpServers!["tbank-hotels"]!;
    expect(hotels.env).toMatchObject({
      TBANK_HOTELS_JWT_PRIVATE_KEY_FILE: join(root, "key.pem"),
      TBANK_HOTELS_API_BASE_URL: "http://127.0.0.1:8765/api",
      TBANK_AUTH_ISSUER_URL: "http://127.0.0.1:8765",
    });
    expect(io.out()).toContain("tbank-mcp sandbox --port 8765");
  });

  it("replaces our Codex tables in place and keeps every other line verbatim", async () => {
    await mkdir(join(root, "codex"));
    const head = `# top\nmodel = "o3"\n\n[mcp_servers.tbank-hotels]\ncommand = "old"\nargs = []\n\n[mcp_servers.tbank-hotels.env]\nOLD = "1"\n\n`;
    const tail = `# about other\n[mcp_servers.other]\ncommand = "x"\ndescription = """\n[not.a.table]\n"""\n`;
    await writeFile(join(root, "codex", "config.toml"), head + tail);
    await setup(parse(["--client", "codex"]), captureIo(env), deps);
    const toml = await readFile(join(root, "codex", "config.toml"), "utf8");
    expect(toml.startsWith(`# top\nmodel = "o3"\n\n[mcp_servers.tbank-hotels]\ncommand = ${JSON.stringify(process.execPath)}\n`)).toBe(true);
    expect(toml.endsWith(`\n\n${tail}`)).toBe(true);
    expect(toml).not.toContain("OLD");
    expect(readTomlTables(toml)["mcp_servers.tbank-banking"]).toEqual({ command: process.execPath, args: [BANKING_BIN] });
  });

  it("refuses, writing nothing, when the servers are not built (never a registry npx command)", async () => {
    const bare = join(root, "pkg");
    await mkdir(bare);
    for (const packageDir of [bare, undefined]) {
      await expect(setup(parse(["--client", "claude", "--client", "codex"]), captureIo(env), { ...deps, packageDir })).rejects.toThrow(/not built.*npm run build/);
    }
    expect(await filesUnder(project)).toEqual([]);
    expect(await readdir(root)).not.toContain("codex");
  });

  it("refuses an unreadable config file rather than overwrite it", async () => {
    await writeFile(join(project, ".mcp.json"), "{ not json");
    await expect(setup(parse(["--client", "claude"]), captureIo(env), deps)).rejects.toThrow(/not valid JSON/);
    expect(await readFile(join(project, ".mcp.json"), "utf8")).toBe("{ not json");
  });
});

describe("tbank-mcp setup: symlinks (issue 13 item 4)", () => {
  it("refuses a project .mcp.json that is a symlink out of the project: the target is untouched, no backup in the project", async () => {
    const outside = join(root, "elsewhere", "mcp.json");
    await mkdir(join(root, "elsewhere"));
    const original = JSON.stringify({ mcpServers: { other: { type: "stdio", command: "other", env: { API_KEY: CANARY } } } }, null, 2) + "\n";
    await writeFile(outside, original, { mode: 0o644 });
    await symlink(outside, join(project, ".mcp.json"));

    await expect(setup(parse(["--client", "claude"]), captureIo(env), deps)).rejects.toThrow(/\.mcp\.json.*symlink.*outside/s);
    expect(await readFile(outside, "utf8")).toBe(original);
    expect(await readdir(join(root, "elsewhere"))).toEqual(["mcp.json"]);
    expect(await readdir(project)).toEqual([".mcp.json"]);
    expect((await lstat(join(project, ".mcp.json"))).isSymbolicLink()).toBe(true);
  });

  it("refuses a symlinked directory on the way out of the project too", async () => {
    await mkdir(join(root, "elsewhere"));
    await symlink(join(root, "elsewhere"), join(project, "cfg"));
    await writeFile(join(root, "elsewhere", "opencode.json"), "{}\n");
    await symlink(join("cfg", "opencode.json"), join(project, "opencode.json"));
    await expect(setup(parse(["--client", "opencode"]), captureIo(env), deps)).rejects.toThrow(/opencode\.json.*outside/s);
    expect(await readFile(join(root, "elsewhere", "opencode.json"), "utf8")).toBe("{}\n");
  });

  it("writes through a symlink inside the project, with the backup next to the real file, 0600", async () => {
    await mkdir(join(project, "config"));
    const real = join(project, "config", "mcp.json");
    await writeFile(real, JSON.stringify({ mcpServers: {} }) + "\n", { mode: 0o644 });
    await symlink(join("config", "mcp.json"), join(project, ".mcp.json"));
    await setup(parse(["--client", "claude"]), captureIo(env), deps);
    expect((await lstat(join(project, ".mcp.json"))).isSymbolicLink()).toBe(true);
    expect(Object.keys((await readJson(real)).mcpServers!)).toEqual(["tbank-hotels", "tbank-banking"]);
    expect((await readdir(project)).sort()).toEqual([".mcp.json", "config"]);
    const backups = (await readdir(join(project, "config"))).filter((n) => n.includes(".bak-"));
    expect(backups).toHaveLength(1);
    expect((await stat(join(project, "config", backups[0]!))).mode & 0o777).toBe(0o600);
  });
});

describe("tbank-mcp setup --client codex: a real TOML check (issue 13 item 8)", () => {
  const codexFile = (): string => join(root, "codex", "config.toml");
  const ours = () => ({
    "tbank-hotels": { command: process.execPath, args: [HOTELS_BIN], env: { TBANK_AUTH_BROKER_SOCKET: join(env.HOME!, ".local/share/tbank-auth-broker/auth.sock") } },
    "tbank-banking": { command: process.execPath, args: [BANKING_BIN], env: { TBANK_AUTH_BROKER_SOCKET: join(env.HOME!, ".local/share/tbank-auth-broker/auth.sock") } },
  });

  it.each([
    ["a comment", '# write long text between """ quotes\n'],
    ["a single-line string", 'note = \'a """ b\'\n'],
    ["a multi-line string with an escaped quote", 'text = """\nsay \\""" twice"""\n'],
  ])("keeps a valid config.toml valid when %s holds an odd number of triple quotes", async (_what, odd) => {
    await mkdir(join(root, "codex"));
    const tail = `\n# other server\n[mcp_servers.other]\ncommand = "x" # trailing\n`;
    const original = `${odd}model = "o3"\n\n[mcp_servers.tbank-hotels]\ncommand = "old"\n${tail}`;
    await writeFile(codexFile(), original);
    const before = parseToml(original);
    await setup(parse(["--client", "codex"]), captureIo(env), deps);
    const text = await readFile(codexFile(), "utf8");
    const after = parseToml(text) as { mcp_servers: Record<string, unknown> };
    expect(after.mcp_servers).toEqual({ ...(before.mcp_servers as object), ...ours() });
    expect(text.startsWith(`${odd}model = "o3"\n`)).toBe(true);
    expect(text.endsWith(tail)).toBe(true);
  });

  it("does not take a [table] line inside a multi-line array for a header", async () => {
    await mkdir(join(root, "codex"));
    const original = `[mcp_servers.tbank-hotels]\ncommand = "old"\nnums = [\n  [1],\n  [2]\n]\n\n[mcp_servers.other]\ncommand = "x"\n`;
    await writeFile(codexFile(), original);
    await setup(parse(["--client", "codex"]), captureIo(env), deps);
    const after = parseToml(await readFile(codexFile(), "utf8")) as { mcp_servers: Record<string, unknown> };
    expect(after.mcp_servers).toEqual({ ...ours(), other: { command: "x" } });
  });

  it("refuses a config.toml that is not valid TOML, leaving it untouched", async () => {
    await mkdir(join(root, "codex"));
    const broken = `model = "o3\n[mcp_servers.tbank-hotels]\ncommand = "old"\n`;
    await writeFile(codexFile(), broken);
    await expect(setup(parse(["--client", "codex"]), captureIo(env), deps)).rejects.toThrow(/config\.toml.*not valid TOML/s);
    expect(await readFile(codexFile(), "utf8")).toBe(broken);
    expect((await readdir(join(root, "codex"))).length).toBe(1);
  });
});

describe("tbank-mcp setup --sandbox: its own socket and state (issue 13 item 12)", () => {
  it("gives sandbox configs a socket and state directory apart from the real ones", async () => {
    await setup(parse(["--client", "claude", "--scope", "user"]), captureIo(env), deps);
    const real = (await readJson(join(env.HOME!, ".claude.json"))).mcpServers!["tbank-hotels"]!.env as Record<string, string>;
    await setup(parse(["--client", "claude", "--sandbox"]), captureIo(env), deps);
    for (const name of ["tbank-hotels", "tbank-banking"]) {
      const sandbox = (await readJson(join(project, ".mcp.json"))).mcpServers![name]!.env as Record<string, string>;
      expect(sandbox.TBANK_AUTH_BROKER_SOCKET).toBe(join(env.HOME!, ".local/share/tbank-auth-broker/sandbox/auth.sock"));
      expect(sandbox.TBANK_AUTH_BROKER_STATE_DIR).toBe(join(env.HOME!, ".local/state/tbank-auth-broker/sandbox"));
      expect(sandbox.TBANK_AUTH_BROKER_SOCKET).not.toBe(real.TBANK_AUTH_BROKER_SOCKET);
    }
    expect(real.TBANK_AUTH_BROKER_STATE_DIR).toBeUndefined();
    for (const dir of [".local/share/tbank-auth-broker/sandbox", ".local/state/tbank-auth-broker/sandbox"]) {
      expect((await stat(join(env.HOME!, dir))).mode & 0o777).toBe(0o700);
    }
  });

  it("keeps apart explicitly configured paths too", async () => {
    const explicit = { ...env, TBANK_AUTH_BROKER_SOCKET: join(root, "s", "auth.sock"), TBANK_AUTH_BROKER_STATE_DIR: join(root, "state") };
    await setup(parse(["--client", "claude", "--sandbox"]), captureIo(explicit), deps);
    const sandbox = (await readJson(join(project, ".mcp.json"))).mcpServers!["tbank-banking"]!.env as Record<string, string>;
    expect(sandbox.TBANK_AUTH_BROKER_SOCKET).toBe(join(root, "s", "sandbox", "auth.sock"));
    expect(sandbox.TBANK_AUTH_BROKER_STATE_DIR).toBe(join(root, "state", "sandbox"));
  });
});

describe("tbank-mcp setup: settings both servers read", () => {
  it("writes TBANK_HOTELS_ORDERS_PAGE_URL into the Hotels and the Banking server's env", async () => {
    const page = "https://bank.example.test/travel/orders/";
    await setup(parse(["--client", "claude"]), captureIo({ ...env, TBANK_HOTELS_ORDERS_PAGE_URL: page }), deps);
    for (const name of ["tbank-hotels", "tbank-banking"]) {
      const written = (await readJson(join(project, ".mcp.json"))).mcpServers![name]!.env as Record<string, string>;
      expect(written.TBANK_HOTELS_ORDERS_PAGE_URL, name).toBe(page);
    }
  });
});

describe("tbank-mcp config", () => {
  it.each([
    ["claude", ['"mcpServers"', '"tbank-hotels"', '"type": "stdio"', "claude mcp add-json"]],
    ["codex", ["[mcp_servers.tbank-hotels]", "[mcp_servers.tbank-banking.env]", 'TBANK_AUTH_BROKER_SOCKET = "']],
    ["opencode", ['"mcp"', '"type": "local"', '"enabled": true']],
  ])("--client %s prints the block", async (client, needles) => {
    const io = captureIo({ ...env, TBANK_HOTELS_AUTH_TOKEN: CANARY });
    await configRun(["--client", client], io, PKG);
    for (const n of needles) expect(io.out()).toContain(n);
    expect(io.out()).not.toContain("CANARY");
  });

  it("requires a known client", async () => {
    await expect(configRun(["--client", "vim"], captureIo(env))).rejects.toThrow(/--client/);
    await expect(configRun([], captureIo(env))).rejects.toThrow(/one client/);
  });
});

describe("tbank-mcp setup: first run in each client (issue 31 item 3)", () => {
  it("says Claude Code will wait for approval of the project's servers, and how to skip it", async () => {
    const io = captureIo(env);
    await setup(parse(["--client", "claude"]), io, deps);
    expect(io.out()).toContain('show as "Pending approval" in claude mcp list');
    expect(io.out()).toContain(`Run claude in ${project} and approve tbank-hotels and tbank-banking`);
    // User scope needs no approval: nothing to explain there.
    const user = captureIo(env);
    await setup(parse(["--client", "claude", "--scope", "user"]), user, deps);
    expect(Object.keys((await readJson(join(env.HOME!, ".claude.json"))).mcpServers!)).toEqual(["tbank-hotels", "tbank-banking"]);
    expect(user.out()).not.toContain("Pending approval");
  });

  it("merges into a person's opencode.jsonc (comments, trailing commas) instead of refusing or shadowing it", async () => {
    const jsonc = `{
  // my theme
  "$schema": "https://opencode.ai/config.json",
  "theme": "dark", /* keep */
  "mcp": {
    "other": { "type": "local", "command": ["other"], },
  },
}
`;
    await writeFile(join(project, "opencode.jsonc"), jsonc);
    const io = captureIo(env);
    await setup(parse(["--client", "opencode"]), io, deps);
    await expect(stat(join(project, "opencode.json"))).rejects.toMatchObject({ code: "ENOENT" });
    const merged = await readJson(join(project, "opencode.jsonc"));
    expect(merged.theme).toBe("dark");
    expect(Object.keys(merged.mcp!)).toEqual(["other", "tbank-hotels", "tbank-banking"]);
    expect(io.out()).toMatch(/opencode\.jsonc: updated; previous version in \S+\.bak-\S+; its comments were not carried into the rewrite/);
    const backup = (await readdir(project)).find((f) => f.startsWith("opencode.jsonc.bak-"));
    expect(await readFile(join(project, backup!), "utf8")).toBe(jsonc);
  });

  it("reads a commented opencode.json too", async () => {
    await writeFile(join(project, "opencode.json"), '{\n  // note\n  "model": "m",\n}\n');
    await setup(parse(["--client", "opencode"]), captureIo(env), deps);
    const merged = await readJson(join(project, "opencode.json"));
    expect(merged.model).toBe("m");
    expect(Object.keys(merged.mcp!)).toEqual(["tbank-hotels", "tbank-banking"]);
  });
});
