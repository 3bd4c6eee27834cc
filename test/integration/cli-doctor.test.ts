import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { run } from "../../scripts/cli/commands/doctor.js";
import type { CommandIo } from "../../scripts/cli/io.js";
import { main } from "../../scripts/cli/main.js";
import { startTestBroker } from "./helpers/broker-harness.js";

function captureIo(env: Record<string, string | undefined>): CommandIo & { out: () => string; err: () => string } {
  let out = "";
  let err = "";
  return { stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (err += s) }, env, signal: new AbortController().signal, out: () => out, err: () => err };
}

interface JsonCheck {
  id: string;
  status: "pass" | "warn" | "fail";
  message: string;
  fix?: string;
}

let root: string;
let env: Record<string, string>;
const deps = { probe: () => Promise.resolve({ ok: false as const, error: { problem: "absent" as const, reason: "keytar is not installed" } }), brokerTimeoutMs: 1000 };

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "tbk-doc-"));
  await mkdir(join(root, "proj"));
  env = { HOME: join(root, "home"), CODEX_HOME: join(root, "codex"), PWD: join(root, "proj"), TBANK_AUTH_BROKER_SOCKET: join(root, "run", "auth.sock"), TBANK_AUTH_BROKER_STATE_DIR: join(root, "state") };
});
afterEach(() => rm(root, { recursive: true, force: true }));

async function doctorJson(e: Record<string, string>): Promise<{ result: { checks: JsonCheck[]; ok: boolean }; error: unknown }> {
  const io = captureIo(e);
  const error = await run(["--json"], io, deps).then(() => undefined, (err: unknown) => err);
  return { result: JSON.parse(io.out()) as { checks: JsonCheck[]; ok: boolean }, error };
}

const byId = (checks: JsonCheck[], id: string): JsonCheck | undefined => checks.find((c) => c.id === id);

describe("tbank-mcp doctor", () => {
  it("finds a 0755 socket directory, a 0644 JWT key and a refused broker socket, each with its fix", async () => {
    await mkdir(join(root, "run"), { mode: 0o755 });
    const key = join(root, "key.pem");
    await writeFile(key, "-----BEGIN PRIVATE KEY-----\n", { mode: 0o644 });
    const { result, error } = await doctorJson({ ...env, TBANK_HOTELS_JWT_ISSUER: "svc", TBANK_HOTELS_JWT_AUDIENCE: "hotels", TBANK_HOTELS_JWT_PRIVATE_KEY_FILE: key });

    expect(byId(result.checks, "socket_dir")).toMatchObject({ status: "fail", fix: `chmod 700 ${join(root, "run")}` });
    expect(byId(result.checks, "jwt_key")).toMatchObject({ status: "fail", fix: `chmod 600 ${key}` });
    // The client refuses that directory too (another user might own what listens there): nothing is sent.
    expect(byId(result.checks, "broker")).toMatchObject({ status: "fail", message: expect.stringContaining("is not private to you") as string, fix: expect.stringContaining("TBANK_AUTH_BROKER_SOCKET") as string });
    expect(byId(result.checks, "session_store")?.status).toBe("warn");
    expect(byId(result.checks, "session_store")?.message).toContain("keytar is not installed");
    // The key file's mode problem is reported once, by its own check.
    expect(result.checks.filter((c) => c.message.includes("readable by group"))).toHaveLength(1);
    expect(result.ok).toBe(false);
    expect(error).toMatchObject({ name: "CommandError", exitCode: 1 });
  });

  it("fails, naming koffi and the reinstall, when socket peers cannot be verified (the broker would refuse to start)", async () => {
    const io = captureIo(env);
    const noKoffi = () => Promise.resolve({ available: false, reason: "the koffi package is not installed" });
    const error = await run(["--json"], io, { ...deps, peerCredentials: noKoffi }).then(() => undefined, (err: unknown) => err);
    const result = JSON.parse(io.out()) as { checks: JsonCheck[]; ok: boolean };
    expect(byId(result.checks, "peer_credentials")).toMatchObject({ status: "fail", message: expect.stringContaining("koffi package is not installed") as string, fix: expect.stringContaining("npm install -g") as string });
    expect(result.ok).toBe(false);
    expect(error).toMatchObject({ name: "CommandError", exitCode: 1 });
  });

  it("tells an absent, a locked and a broken keychain apart, each with its own fix", async () => {
    const fixes = new Set<string>();
    for (const problem of ["absent", "locked", "broken"] as const) {
      const io = captureIo(env);
      await run(["--json"], io, { ...deps, probe: () => Promise.resolve({ ok: false, error: { problem, reason: "r" } }) }).catch(() => undefined);
      const store = byId((JSON.parse(io.out()) as { checks: JsonCheck[] }).checks, "session_store");
      expect(store).toMatchObject({ status: "warn", message: expect.stringContaining(`the keychain is ${problem}`) as string });
      fixes.add(store?.fix ?? "");
    }
    expect([...fixes].map((f) => f.split(",")[0])).toEqual([
      "install a keychain (Linux: gnome-keyring or another Secret Service",
      "unlock the keychain (log in to the desktop session",
      "restart the keychain service or recreate its login keyring",
    ]);
  });

  it("--json lists every check with id, status, message and an optional fix", async () => {
    const { result } = await doctorJson(env);
    expect(result.checks.map((c) => c.id)).toEqual(expect.arrayContaining(["node", "config", "socket_dir", "broker", "session_store", "vouchers", "base_url", "jwt_key", "clients"]));
    for (const c of result.checks) {
      expect(["pass", "warn", "fail"]).toContain(c.status);
      expect(Object.keys(c).every((k) => ["id", "status", "message", "fix"].includes(k))).toBe(true);
      if (c.status !== "pass") expect(c.fix).toBeTruthy();
    }
    expect(byId(result.checks, "socket_dir")?.status).toBe("warn");
    expect(byId(result.checks, "socket_dir")?.fix).toContain("tbank-mcp setup");
    expect(result.ok).toBe(true);
  });

  it("reports every config problem at once and exits 1 through main", async () => {
    const io = captureIo({ ...env, TBANK_HOTELS_TIMEOUT_MS: "abc", TBANK_HOTELS_TOOLSETS: "nope", TBANK_HOTELS_API_BASE_URL: "http://example.com" });
    const code = await main(["doctor"], io);
    expect(code).toBe(1);
    expect(io.out()).toContain("TBANK_HOTELS_TIMEOUT_MS");
    expect(io.out()).toContain("TBANK_HOTELS_TOOLSETS");
    expect(io.out()).toMatch(/\[FAIL\] base_url: .*neither https nor http on loopback\n\s+fix: /);
    expect(io.err()).toContain("checks failed");
  });

  it("reads the running broker's version, session state and store backend", async () => {
    const broker = await startTestBroker({ socketPath: env.TBANK_AUTH_BROKER_SOCKET!, stateDir: env.TBANK_AUTH_BROKER_STATE_DIR! });
    try {
      const { result } = await doctorJson(env);
      expect(byId(result.checks, "socket_dir")?.status).toBe("pass");
      expect(byId(result.checks, "socket")?.status).toBe("pass");
      expect(byId(result.checks, "broker")?.status).toBe("pass");
      expect(byId(result.checks, "broker")?.message).toContain("broker 0.1.0 (pid 4242)"); // the sample broker.status answer
      expect(byId(result.checks, "session")).toMatchObject({ status: "pass", message: "session: mobile_read_only_ready" });
      expect(byId(result.checks, "session_store")).toMatchObject({ status: "warn", message: "session store: file (keychain probe timed out)" });
    } finally {
      await broker.stop("test done");
    }
  });

  it("fails on a group-readable session.json, with chmod 600 or logout as the fix", async () => {
    const state = join(root, "state");
    await mkdir(state, { mode: 0o700 });
    await writeFile(join(state, "session.json"), "{}\n", { mode: 0o644 });
    const { result, error } = await doctorJson(env);
    expect(byId(result.checks, "session_file")).toMatchObject({ status: "fail", message: expect.stringContaining("readable by group or others") as string });
    expect(byId(result.checks, "session_file")?.fix).toContain(`chmod 600 ${join(state, "session.json")}`);
    expect(byId(result.checks, "session_file")?.fix).toContain("tbank-mcp logout");
    expect(error).toMatchObject({ name: "CommandError", exitCode: 1 });
  });

  it("fails on a write ledger whose key is gone while it holds recent writes, naming the time they age out", async () => {
    const state = join(root, "state");
    await mkdir(state, { mode: 0o700 });
    const at = Date.parse("2027-03-01T09:00:00Z");
    const entry = { requestHash: "a".repeat(64), fingerprint: "b".repeat(64), kind: "cancellation", state: "committed", createdAt: at, updatedAt: at };
    await writeFile(join(state, "write-ledger.json"), `${JSON.stringify({ version: 1, entries: [entry] })}\n`, { mode: 0o600 });
    const io = captureIo(env);
    await run(["--json"], io, { ...deps, now: () => at + 60_000 }).catch(() => undefined);
    const check = byId((JSON.parse(io.out()) as { checks: JsonCheck[] }).checks, "write_ledger");
    expect(check).toMatchObject({ status: "fail", message: expect.stringContaining("write-ledger.key is missing") as string });
    expect(check?.fix).toContain("2027-03-02T09:00:00");
  });

  it("says which clients load the servers now: Claude Code's project file waits for approval", async () => {
    const proj = join(root, "proj");
    await writeFile(join(proj, ".mcp.json"), JSON.stringify({ mcpServers: { "tbank-hotels": {}, "tbank-banking": {} } }));
    const pending = byId((await doctorJson(env)).result.checks, "clients");
    expect(pending?.status).toBe("warn");
    expect(pending?.message).toContain("pending your approval (tbank-hotels, tbank-banking)");
    expect(pending?.fix).toContain(`Run claude in ${proj} and approve`);
    expect(pending?.fix).toContain("tbank-mcp setup --client claude --scope user");

    // Approved once in claude: Claude Code keeps the answer in ~/.claude.json, per project.
    await mkdir(env.HOME!, { recursive: true });
    await writeFile(join(env.HOME!, ".claude.json"), JSON.stringify({ projects: { [proj]: { enabledMcpjsonServers: ["tbank-hotels", "tbank-banking"] } } }));
    const approved = byId((await doctorJson(env)).result.checks, "clients");
    expect(approved?.status).toBe("pass");
    expect(approved?.message).toContain(`Claude Code (${join(proj, ".mcp.json")}): loads them now`);

    await writeFile(join(env.HOME!, ".claude.json"), JSON.stringify({ projects: { [proj]: { disabledMcpjsonServers: ["tbank-banking"] } } }));
    const declined = byId((await doctorJson(env)).result.checks, "clients");
    expect(declined?.status).toBe("warn");
    expect(declined?.fix).toContain("claude mcp reset-project-choices");
  });

  it("user scope (~/.claude.json mcpServers) loads without an approval step", async () => {
    await mkdir(env.HOME!, { recursive: true });
    await writeFile(join(env.HOME!, ".claude.json"), JSON.stringify({ mcpServers: { "tbank-hotels": {}, "tbank-banking": {} } }));
    const clients = byId((await doctorJson(env)).result.checks, "clients");
    expect(clients?.status).toBe("pass");
    expect(clients?.message).toContain(`Claude Code (${join(env.HOME!, ".claude.json")}): loads them now`);
  });
});
