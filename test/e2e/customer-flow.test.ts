import { createHash } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../fixtures/in-process-broker.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { connectBroker } from "../../shared/protocol/client.js";
import { brokerEnv, brokerPids, startDaemon, type BrokerEnv } from "./helpers/broker-process.js";

const CANARY = "CANARY-flow-3e7a1c";

interface Spawned {
  client: Client;
  transport: StdioClientTransport;
  stderr: () => string;
}

describe("customer flow with real processes: sandbox, broker, Hotels MCP and Banking MCP over stdio", () => {
  let sandbox: Sandbox;
  let b: BrokerEnv;
  const results: unknown[] = [];
  const wire: unknown[] = [];
  const spawned: Spawned[] = [];

  async function spawnServer(bin: string, extraArgs: string[] = []): Promise<Spawned> {
    let err = "";
    const transport = new StdioClientTransport({ command: process.execPath, args: [...extraArgs, join(process.cwd(), "dist", bin)], env: b.env, cwd: b.root, stderr: "pipe" });
    transport.stderr?.on("data", (d: Buffer) => (err += d.toString()));
    const client = new Client({ name: "flow", version: "1" });
    await client.connect(transport);
    // Everything the server wrote on stdout, notifications included, not only tool results.
    const deliver = transport.onmessage;
    transport.onmessage = (message) => {
      wire.push(message);
      deliver?.(message);
    };
    const s = { client, transport, stderr: () => err };
    spawned.push(s);
    return s;
  }

  async function call(s: Spawned, name: string, args: Record<string, unknown> = {}) {
    const result = (await s.client.callTool({ name, arguments: args })) as CallToolResult;
    results.push(result);
    return { result, data: (result.structuredContent ?? {}) as Record<string, unknown> };
  }

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: "flow", canary: CANARY, deviceIntervalSeconds: 1 });
    b = await brokerEnv(sandbox);
    b.env.TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE = sandbox.urls.hotelPageUrlTemplate;
    await startDaemon(b.env);
    await signIn(b.socketPath, sandbox, 250);
  });

  afterAll(async () => {
    for (const s of spawned) await s.client.close().catch(() => undefined);
    for (const pid of await brokerPids(b.stateDir)) process.kill(pid, "SIGKILL");
    await sandbox.close();
    await b.cleanup();
  });

  it("lists, reads, saves a voucher, hands a payment over, survives a Hotels MCP restart, and refuses the replay", async () => {
    const hotels = await spawnServer("tbank-hotels-mcp.js");
    const banking = await spawnServer("tbank-banking-mcp.js");
    expect((await call(hotels, "tbank_hotels_connection_status")).data.customerReadiness).toMatchObject({ state: "mobile_read_only_ready" });

    const list = (await call(hotels, "tbank_hotels_list_bookings")).data;
    const items = list.bookings as { bookingRef: string; status: string; city: string }[];
    expect(items).toHaveLength(7);
    // The sandbox customer's stay in Казань is confirmed and has a voucher.
    const confirmed = items.find((i) => i.city === "Казань")!;
    expect(confirmed.status).toBe("CONFIRMED");
    expect((await call(hotels, "tbank_hotels_get_booking", { bookingRef: confirmed.bookingRef })).result.isError).toBeFalsy();

    const voucher = (await call(hotels, "tbank_hotels_save_voucher", { bookingRef: confirmed.bookingRef })).data as { path: string; sha256: string };
    const pdf = await readFile(voucher.path);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(createHash("sha256").update(pdf).digest("hex")).toBe(voucher.sha256);
    expect((await stat(voucher.path)).mode & 0o777).toBe(0o600);

    // Only the unpaid booking has something to pay, so only it gets a handoff.
    const unpaid = items.find((i) => i.status === "AWAITING_PAYMENT")!;
    const handoff = (await call(hotels, "tbank_hotels_create_payment_handoff_preview", { bookingRef: unpaid.bookingRef })).data as { paymentHandoffRef: string };
    expect(handoff.paymentHandoffRef).toMatch(/^phr_/);

    // The Hotels MCP keeps no state about refs: a fresh process resolves the same bookingRef.
    await hotels.client.close();
    const hotels2 = await spawnServer("tbank-hotels-mcp.js");
    expect((await call(hotels2, "tbank_hotels_get_booking", { bookingRef: confirmed.bookingRef })).result.isError).toBeFalsy();

    const first = await call(banking, "tbank_banking_preview_hotel_payment", { paymentHandoffRef: handoff.paymentHandoffRef });
    expect(first.result.isError).toBeFalsy();
    const replay = await call(banking, "tbank_banking_preview_hotel_payment", { paymentHandoffRef: handoff.paymentHandoffRef });
    expect(replay.data.status).toBe("capability_consumed");
  });

  it("keeps the canary out of every result and both servers' stderr, and out of the Hotels MCP heap", async () => {
    const hotels = await spawnServer("tbank-hotels-mcp.js", ["--heapsnapshot-signal=SIGUSR2"]);
    const list = (await call(hotels, "tbank_hotels_list_bookings")).data;
    const ref = (list.bookings as { bookingRef: string; city: string }[]).find((i) => i.city === "Санкт-Петербург")!.bookingRef;
    await call(hotels, "tbank_hotels_get_booking", { bookingRef: ref });
    await call(hotels, "tbank_hotels_get_customer");
    const pid = hotels.transport.pid;
    expect(pid).toBeTypeOf("number");
    process.kill(pid!, "SIGUSR2");
    let snapshot: string | undefined;
    for (let i = 0; i < 100 && !snapshot; i++) {
      await new Promise((r) => setTimeout(r, 200));
      const file = (await readdir(b.root)).find((f) => f.endsWith(".heapsnapshot"));
      if (!file) continue;
      const path = join(b.root, file);
      const size = (await stat(path)).size;
      await new Promise((r) => setTimeout(r, 300));
      if ((await stat(path)).size === size && size > 0) snapshot = await readFile(path, "utf8");
    }
    expect(snapshot).toBeDefined();
    expect(snapshot).toContain("tbank_hotels_list_bookings");
    expect(snapshot).not.toContain(CANARY);
    expect(JSON.stringify(results)).not.toContain(CANARY);
    expect(wire.length).toBeGreaterThanOrEqual(results.length);
    expect(JSON.stringify(wire)).not.toContain(CANARY);
    for (const s of spawned) expect(s.stderr()).not.toContain(CANARY);
  });

  it("reports mobile_login_required after logout, and again once the stopped broker is started on demand", async () => {
    const hotels = await spawnServer("tbank-hotels-mcp.js");
    const toolkit = await connectBroker({ socketPath: b.socketPath, role: "toolkit", clientVersion: "e2e", timeoutMs: 15_000 });
    await toolkit.call("broker.logout", {});
    expect((await call(hotels, "tbank_hotels_connection_status")).data.customerReadiness).toMatchObject({ state: "mobile_login_required" });
    expect((await call(hotels, "tbank_hotels_list_bookings")).data.status).toBe("mobile_login_required");
    await toolkit.call("broker.stop", {});
    toolkit.close();
    for (let i = 0; i < 40 && (await brokerPids(b.stateDir)).length > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await brokerPids(b.stateDir)).toEqual([]);
    // The server starts the broker again (issue 13 item 13); the logout still holds.
    expect((await call(hotels, "tbank_hotels_connection_status")).data.customerReadiness).toMatchObject({ state: "mobile_login_required" });
    expect(await brokerPids(b.stateDir)).toHaveLength(1);
  });
});
