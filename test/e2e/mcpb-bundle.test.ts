import { getMcpConfigForManifest } from "@anthropic-ai/mcpb/node";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, "../..");
const MCPB = join(ROOT, "node_modules/@anthropic-ai/mcpb/dist/cli/cli.js");

type Manifest = Parameters<typeof getMcpConfigForManifest>[0]["manifest"];
interface CatalogEntry {
  toolset: string;
  tool: { name: string };
}

/** What `mcpb validate FILE` answers: its exit code and everything it printed. */
async function validate(file: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [MCPB, "validate", file]);
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: e.stdout + e.stderr };
  }
}

describe("npm run bundle: one MCP Bundle per server, started as its manifest says", () => {
  let tmp: string;
  let bundles: string[];
  const clients: Client[] = [];

  beforeAll(async () => {
    tmp = await mkdtemp(join(tmpdir(), "tbank-mcpb-"));
    const { stdout } = await run(process.execPath, ["scripts/bundle.mjs", join(tmp, "out")], { cwd: ROOT, timeout: 60_000 });
    bundles = stdout.trim().split("\n");
  }, 90_000);
  afterAll(async () => {
    for (const c of clients) await c.close();
    await rm(tmp, { recursive: true, force: true });
  });

  /** Unpacks with the official CLI and computes the launch exactly as a bundle-aware client does. */
  async function unpack(name: string): Promise<{ dir: string; manifest: Manifest; home: string }> {
    const file = bundles.find((b) => b.includes(`${name}-`));
    if (file === undefined) throw new Error(`no ${name} bundle in ${bundles.join(", ")}`);
    const dir = join(tmp, `unpacked-${name}`);
    await run(process.execPath, [MCPB, "unpack", resolve(ROOT, file), dir]);
    const home = join(tmp, `home-${name}`);
    await mkdir(home, { recursive: true, mode: 0o700 });
    return { dir, manifest: JSON.parse(await readFile(join(dir, "manifest.json"), "utf8")) as Manifest, home };
  }

  async function launch(dir: string, manifest: Manifest, home: string, userConfig: Record<string, string>) {
    return getMcpConfigForManifest({ manifest, extensionPath: dir, systemDirs: { HOME: home }, userConfig, pathSeparator: "/" });
  }

  async function connect(cfg: { command: string; args?: string[]; env?: Record<string, string> }, home: string): Promise<Client> {
    // No network: nothing on this path calls the provider, and no proxy or provider URL is inherited.
    const transport = new StdioClientTransport({ command: cfg.command, args: cfg.args ?? [], env: { PATH: process.env.PATH ?? "", HOME: home, ...cfg.env }, stderr: "pipe" });
    const client = new Client({ name: "mcpb-e2e", version: "1" });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  it("mcpb validate accepts both checked-in manifests and refuses one without a server", async () => {
    for (const server of ["hotels", "banking"]) {
      expect(await validate(join(ROOT, "mcpb", server, "manifest.json"))).toMatchObject({ code: 0 });
    }
    const broken = JSON.parse(await readFile(join(ROOT, "mcpb/hotels/manifest.json"), "utf8")) as Record<string, unknown>;
    delete broken.server;
    await writeFile(join(tmp, "broken.json"), JSON.stringify(broken));
    const refused = await validate(join(tmp, "broken.json"));
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain("server");
  });

  it("the hotels bundle starts from its own files and lists the toolsets chosen in its settings", async () => {
    const { dir, manifest, home } = await unpack("tbank-hotels");
    const catalog = (JSON.parse(await readFile(join(dir, "server/hotels-tools.json"), "utf8")) as { tools: CatalogEntry[] }).tools;
    const choices: [Record<string, string>, string[]][] = [
      [{}, ["always", "journey", "customer"]],
      [{ toolsets: "journey" }, ["always", "journey"]],
    ];
    for (const [userConfig, toolsets] of choices) {
      const cfg = await launch(dir, manifest, home, userConfig);
      if (cfg === undefined) throw new Error("the hotels bundle needs no setting to start");
      expect(JSON.stringify(cfg)).not.toContain("${");
      expect(cfg.args?.[0]).toBe(join(dir, "server/tbank-hotels-mcp.js"));
      const client = await connect(cfg, home);
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(catalog.filter((e) => toolsets.includes(e.toolset)).map((e) => e.tool.name));
      expect(names).toContain("tbank_hotels_plan_stay");
      expect(names.includes("tbank_hotels_list_bookings")).toBe(toolsets.includes("customer"));
      // The stay view (MCP Apps) is read from the bundle's own copy, beside its bin.
      const view = await client.readResource({ uri: "ui://tbank-hotels/stay.html" });
      expect(view.contents[0]).toMatchObject({ text: await readFile(join(dir, "server/views/stay.html"), "utf8") });
    }
  }, 30_000);

  it("the banking bundle waits for its broker socket, then starts the broker it carries", async () => {
    const { dir, manifest, home } = await unpack("tbank-banking");
    expect(await launch(dir, manifest, home, {})).toBeUndefined();
    // What `tbank-mcp setup` leaves: private state and socket directories (an agent-spawned server never creates them).
    const stateDir = join(home, ".local/state/tbank-auth-broker");
    await mkdir(stateDir, { recursive: true, mode: 0o700 });
    await mkdir(join(home, "run"), { mode: 0o700 });
    const cfg = await launch(dir, manifest, home, { broker_socket: join(home, "run/auth.sock") });
    if (cfg === undefined) throw new Error("the banking bundle should start once its socket is set");
    const client = await connect(cfg, home);
    const status = await client.callTool({ name: "tbank_banking_connection_status", arguments: {} });
    // The peer uid is read through the bundled koffi: the broker refuses every connection without it.
    const audited = /"role":"banking","peerPid":\d+,"peerUid":\d+,"op":"banking.status","outcome":"ok"/;
    let log = "";
    for (let i = 0; i < 40 && !audited.test(log); i++) {
      // The broker may not have opened its log yet: keep waiting rather than abort before the kill.
      log = await readFile(join(stateDir, "broker.log"), "utf8").catch(() => "");
      await new Promise((r) => setTimeout(r, 50));
    }
    const pid = /ready on .* \(pid (\d+)\)/.exec(log)?.[1];
    if (pid !== undefined) process.kill(Number(pid), "SIGTERM");
    expect(status.structuredContent).toMatchObject({ brokerReadiness: "mobile_login_required" });
    expect(log).toMatch(audited);
    expect(log).toContain(`ready on ${join(home, "run/auth.sock")}`);
  }, 30_000);
});
