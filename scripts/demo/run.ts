import { execFile } from "node:child_process";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { randomBytes } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { connectBroker } from "../../shared/protocol/client.js";
import { startSandbox } from "../sandbox/index.js";
import { distBin } from "./package-root.js";
import { formatStep, keyFact, statusOf, textOf, type Step } from "./transcript.js";

export interface DemoOptions {
  out: (line: string) => void;
  /** Measures what a model reads; the CLI counts characters (token counting is a dev tool). */
  size: { unit: string; of: (text: string) => number };
  now?: () => Date;
}

const run = promisify(execFile);

/** The next Friday after `now` and the Sunday after it. */
export function nextWeekend(now: Date): { checkinDate: string; checkoutDate: string } {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  do d.setUTCDate(d.getUTCDate() + 1);
  while (d.getUTCDay() !== 5);
  const checkinDate = d.toISOString().slice(0, 10);
  d.setUTCDate(d.getUTCDate() + 2);
  return { checkinDate, checkoutDate: d.toISOString().slice(0, 10) };
}

/**
 * The whole product against the sandbox, as a person and their agent would use it: an isolated
 * broker in a temporary home, a device login, both MCP servers spawned over stdio, the golden hotel
 * journey and the customer flow. Returns whether every step met its expectation.
 */
export async function runDemo(opts: DemoOptions): Promise<{ ok: boolean; steps: Step[] }> {
  const started = performance.now();
  const root = await mkdtemp(join(tmpdir(), "tbank-demo-"));
  await chmod(root, 0o700);
  const canary = `demo-canary-${randomBytes(4).toString("hex")}`;
  const sandbox = await startSandbox({ seed: "demo", canary, deviceIntervalSeconds: 1 });
  const socketPath = join(root, "run", "auth.sock");
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: root,
    TBANK_HOTELS_API_BASE_URL: sandbox.urls.hotelsApiBaseUrl,
    TBANK_AUTH_ISSUER_URL: sandbox.urls.authIssuerUrl,
    TBANK_BANKING_API_BASE_URL: sandbox.urls.bankingApiBaseUrl,
    TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE: sandbox.urls.hotelPageUrlTemplate,
    TBANK_HOTELS_ORDERS_PAGE_URL: sandbox.urls.ordersPageUrl,
    TBANK_AUTH_BROKER_SOCKET: socketPath,
    TBANK_AUTH_BROKER_STATE_DIR: join(root, "state"),
    TBANK_AUTH_SESSION_STORE: "file",
    TBANK_HOTELS_VOUCHER_DIRECTORY: join(root, "vouchers"),
  };
  const steps: Step[] = [];
  const seen: string[] = [];
  const clients: Client[] = [];
  const say = (line = ""): void => opts.out(`${line}\n`);

  try {
    say(`Sandbox provider on ${sandbox.urls.origin}; everything lives in ${root} and is removed at the end.`);
    await run(process.execPath, [distBin("tbank-auth-broker")], { env, timeout: 15_000 });
    say(`Auth broker started on its own socket (${socketPath}).`);

    const toolkit = await connectBroker({ socketPath, role: "toolkit", clientVersion: "demo", timeoutMs: 15_000 });
    const login = await toolkit.call("broker.login_start", {});
    say(`Login: open ${login.verificationUri} and enter ${login.userCode} — the demo approves it itself, as the person would.`);
    sandbox.control.approveDevice(login.userCode);
    let state = "pending";
    for (let i = 0; i < 80 && state === "pending"; i++) {
      state = (await toolkit.call("broker.login_poll", { loginId: login.loginId })).state;
      if (state === "pending") await new Promise((r) => setTimeout(r, 250));
    }
    if (state !== "approved") throw new Error(`the login ended ${state}`);
    say("Signed in. The MCP servers below never see the session.");

    const spawnServer = async (bin: string): Promise<Client> => {
      const client = new Client({ name: "tbank-demo", version: "1" });
      await client.connect(new StdioClientTransport({ command: process.execPath, args: [distBin(bin)], env, stderr: "ignore" }));
      clients.push(client);
      return client;
    };
    const hotels = await spawnServer("tbank-hotels-mcp");
    const banking = await spawnServer("tbank-banking-mcp");

    const call = async (client: Client, server: string, tool: string, args: Record<string, unknown>, expect: string[]): Promise<Record<string, unknown>> => {
      const t = performance.now();
      const result = (await client.callTool({ name: tool, arguments: args })) as CallToolResult;
      const text = textOf(result);
      seen.push(text, JSON.stringify(result.structuredContent ?? {}));
      const status = statusOf(result);
      const step: Step = { server, tool, status, ok: expect.includes(status), size: opts.size.of(text), ms: performance.now() - t, fact: keyFact(text) };
      steps.push(step);
      opts.out(formatStep(step, opts.size.unit));
      return (result.structuredContent ?? {});
    };

    say();
    say("Golden journey — «найди отель в Казани на выходные, до 10 000 ₽ за ночь, приличный»:");
    const plan = await call(hotels, "hotels", "tbank_hotels_plan_stay", {
      destination: "Казань",
      ...nextWeekend(opts.now?.() ?? new Date()),
      rooms: [{ adults: 2, childrenAges: [] }],
      ranking: "best_value",
      hotelPreferences: { pricePerNight: { min: 0, max: 10000, currency: "RUB" }, ranking: "best_value", showAlternativesOutsideBand: true },
    }, ["ok"]);
    const journeyId = String(plan.journeyId);
    const compared = await call(hotels, "hotels", "tbank_hotels_compare_stay_options", { journeyId }, ["ok"]);
    for (const row of (compared.comparisonRows ?? []) as { optionId: string }[]) {
      await call(hotels, "hotels", "tbank_hotels_select_stay_option", { journeyId, optionId: row.optionId }, ["ok"]);
      const rates = await call(hotels, "hotels", "tbank_hotels_get_selected_stay_rates", { journeyId }, ["ready", "no_bookable_rates"]);
      if (rates.status !== "ready") continue;
      await call(hotels, "hotels", "tbank_hotels_select_stay_rate", { journeyId, rateNumber: 1 }, ["rate_selected"]);
      await call(hotels, "hotels", "tbank_hotels_create_booking_preview", { journeyId }, ["preview_ready"]);
      await call(hotels, "hotels", "tbank_hotels_inspect_checkout", { journeyId }, ["checkout_ready"]);
      await call(hotels, "hotels", "tbank_hotels_create_checkout_handoff", { journeyId }, ["handoff_ready"]);
      break;
    }

    say();
    say("Customer flow — the person's own bookings, through the broker:");
    await call(hotels, "hotels", "tbank_hotels_connection_status", {}, ["ok", "error"]);
    const list = await call(hotels, "hotels", "tbank_hotels_list_bookings", {}, ["ok"]);
    const bookings = (list.bookings ?? list.items ?? []) as { bookingRef: string; status: string }[];
    const booking = bookings.find((b) => b.status === "CONFIRMED") ?? bookings[0];
    if (!booking) throw new Error("the sandbox customer has no bookings");
    await call(hotels, "hotels", "tbank_hotels_get_booking", { bookingRef: booking.bookingRef }, ["ok"]);
    await call(hotels, "hotels", "tbank_hotels_save_voucher", { bookingRef: booking.bookingRef }, ["ok"]);
    // Only a booking awaiting payment has something to hand off.
    const unpaid = bookings.find((b) => b.status === "AWAITING_PAYMENT") ?? booking;
    const handoff = await call(hotels, "hotels", "tbank_hotels_create_payment_handoff_preview", { bookingRef: unpaid.bookingRef }, ["ok"]);
    await call(banking, "banking", "tbank_banking_get_hotel_preferences", {}, ["ok"]);
    await call(banking, "banking", "tbank_banking_preview_hotel_payment", { paymentHandoffRef: handoff.paymentHandoffRef }, ["ok"]);
    await call(banking, "banking", "tbank_banking_preview_hotel_payment", { paymentHandoffRef: handoff.paymentHandoffRef }, ["capability_consumed"]);

    await toolkit.call("broker.stop", {}).catch(() => undefined);
    toolkit.close();
  } finally {
    for (const c of clients) await c.close().catch(() => undefined);
    await sandbox.close();
    await rm(root, { recursive: true, force: true });
  }

  const leaked = seen.some((s) => s.includes(canary));
  const failed = steps.filter((s) => !s.ok);
  const size = steps.reduce((n, s) => n + s.size, 0);
  say();
  say(`Summary: ${steps.length} tool calls, ${failed.length} unexpected, ${size} ${opts.size.unit} of tool text read by the model, ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  say(leaked ? "LEAK: a token or orderId canary reached a tool result." : "No token, orderId or contact canary reached any tool result.");
  for (const s of failed) say(`  unexpected: ${s.tool} answered ${s.status}`);
  return { ok: failed.length === 0 && !leaked && steps.length >= 16, steps };
}
