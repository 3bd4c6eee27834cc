import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { startHttpInstance, type HttpInstance } from "../../helpers/http-instance.js";
import { startSandbox, type Sandbox, type SandboxOptions } from "../../../scripts/sandbox/index.js";
import { osClockEnv } from "../../fixtures/clock.js";

const run = promisify(execFile);

export interface KeyedHttp {
  sandbox: Sandbox;
  server: HttpInstance;
  /** One key per label, minted by the real `tbank-mcp http-key add`, in label order. */
  keys: string[];
  /** The instance's whole environment. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export interface KeyedHttpOptions {
  seed: string;
  labels: readonly string[];
  sandbox?: Omit<SandboxOptions, "seed" | "now">;
  /** Added to (and winning over) the instance's environment. */
  env?: Record<string, string>;
}

/**
 * A sandbox and a built `tbank-hotels-mcp --http` behind API keys, as an operator runs it: a private
 * HOME, a keys file written by the CLI, nothing inherited but PATH and the clock.
 */
export async function startKeyedHttp(opts: KeyedHttpOptions): Promise<KeyedHttp> {
  const [sandbox, dir] = await Promise.all([startSandbox({ ...opts.sandbox, seed: opts.seed, now: Date.now }), mkdtemp(join(tmpdir(), "tbk-keyed-http-"))]);
  const keysFile = join(dir, "keys", "api-keys");
  const env: Record<string, string> = {
    ...osClockEnv(),
    PATH: process.env.PATH ?? "",
    HOME: dir,
    TBANK_HOTELS_API_BASE_URL: sandbox.urls.hotelsApiBaseUrl,
    TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE: sandbox.urls.hotelPageUrlTemplate,
    TBANK_HOTELS_HTTP_AUTH: "api_key",
    TBANK_HOTELS_HTTP_API_KEYS_FILE: keysFile,
    ...opts.env,
  };
  const close = async (): Promise<void> => {
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const keys: string[] = [];
    for (const label of opts.labels) keys.push((await run(process.execPath, ["dist/tbank-mcp.js", "http-key", "add", "--file", keysFile, "--label", label], { env })).stdout.trim());
    const server = await startHttpInstance({ env });
    return {
      sandbox,
      server,
      keys,
      env,
      close: async () => {
        if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
        await server.exited;
        await close();
      },
    };
  } catch (err) {
    await close();
    throw err;
  }
}
