import { spawn, spawnSync } from "node:child_process";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importKeytar } from "../../broker/session/keychain-store.js";
import { bundleFixture, childEnv, type BundledFixture } from "../fixtures/bundle.js";

// CI must really run this; a developer machine without a Secret Service skips it.
const CI = process.env.CI === "true";
const onPath = (tool: string): boolean => spawnSync("sh", ["-c", `command -v ${tool}`], { stdio: "ignore" }).status === 0;
const missing = [
  ...["dbus-run-session", "gnome-keyring-daemon"].filter((tool) => !onPath(tool)),
  ...((await importKeytar()) ? [] : ["keytar (npm ci with libsecret-1-dev installed)"]),
];
const CANARY = "CANARY-keychain-41";

function run(command: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => (stdout += c));
    child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe.skipIf(missing.length > 0 && !CI)("KeychainSessionStore on a real Secret Service", () => {
  let fixture: BundledFixture | undefined;
  let home: string;
  beforeAll(async () => {
    if (missing.length > 0) return;
    fixture = await bundleFixture("test/fixtures/keychain-session.ts");
    home = await mkdtemp(join(tmpdir(), "keychain-home-"));
    await mkdir(join(home, "run"), { mode: 0o700 });
  }, 60_000);
  afterAll(async () => {
    await fixture?.cleanup();
    if (home) await rm(home, { recursive: true, force: true });
  });

  it("saves, loads and wipes through keytar under dbus-run-session with gnome-keyring", { timeout: 60_000 }, async () => {
    expect(missing, `CI needs these for the keychain test: ${missing.join(", ")}`).toEqual([]);
    const stateDir = join(home, "state");
    // A private HOME and runtime dir: the throwaway keyring never touches the user's real one.
    const env = childEnv({ HOME: home, XDG_DATA_HOME: join(home, "data"), XDG_RUNTIME_DIR: join(home, "run") });
    const script = `printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$0" "$@"`;
    const result = await run("dbus-run-session", ["--", "sh", "-c", script, process.execPath, fixture!.file, stateDir, CANARY], env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout + result.stderr).not.toContain(CANARY);
    expect(JSON.parse(result.stdout) as unknown).toEqual({
      backend: { kind: "keychain" },
      initial: null,
      reloaded: 2,
      rawGeneration: 2,
      fileWritten: false,
      afterWipe: null,
      autoBackend: { kind: "keychain" },
      probeLeftovers: 0,
      managerBackend: { kind: "keychain" },
      storedHasRefreshToken: true,
      storedHasAccessToken: false,
      resumedState: "mobile_read_only_ready",
      resumedTokenWorks: true,
      logout: { hadSession: true },
      afterLogout: null,
      revokedAtProvider: true,
    });
  });
});
