import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { FaultInput } from "../../scripts/sandbox/faults.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { parseConfig } from "../../shared/config/index.js";
import { connectBroker, type BrokerConnection } from "../../shared/protocol/client.js";
import { ROLE_OPERATIONS } from "../../shared/protocol/operations.js";
import { formatMoney } from "../../shared/money.js";
import { newRef } from "../../shared/refs.js";
import { brokerEnv, type BrokerEnv } from "../e2e/helpers/broker-process.js";
import { signIn, startInProcessBroker, type RunningBroker } from "../fixtures/in-process-broker.js";
import { minted } from "../fixtures/payment-handoff.js";
import { startBankingHarness, type BankingHarness } from "./helpers/banking-mcp-harness.js";

const CANARY = "CANARY-banking-mcp-7e2a";
// The preview reports how old the observed status is; a clock 125 s ahead makes that visible.
const AHEAD_MS = 125_000;

/** The real broker (session, provider clients, route checks) in this process, on the sandbox. */
async function startRealBroker(env: Record<string, string>, now: () => number = Date.now): Promise<RunningBroker> {
  const parsed = parseConfig(env);
  if (!parsed.ok) throw new Error(`bad broker config: ${JSON.stringify(parsed.problems)}`);
  return startInProcessBroker(parsed.config, { now, selfPeer: true });
}

const login = (socketPath: string, sandbox: Sandbox): Promise<void> => signIn(socketPath, sandbox, 100);

describe("Banking MCP against a real broker and the sandbox", () => {
  let sandbox: Sandbox;
  let b: BrokerEnv;
  let broker: RunningBroker;
  let mcp: BankingHarness;
  const conns: BrokerConnection[] = [];
  const harnesses: BankingHarness[] = [];
  const seen: unknown[] = [];

  const connect = async (role: "hotels" | "toolkit") => {
    const conn = await connectBroker({ socketPath: b.socketPath, role, clientVersion: "test", timeoutMs: 10_000 });
    conns.push(conn);
    return conn;
  };
  const harness = async (...args: Parameters<typeof startBankingHarness>) => {
    const h = await startBankingHarness(...args);
    harnesses.push(h);
    return h;
  };
  const call = async (h: BankingHarness, name: string, args: Record<string, unknown> = {}) => {
    const out = await h.call(name, args);
    seen.push(out.result);
    return out;
  };
  const mintHandoff = async () => {
    const hotels = await connect("hotels");
    const list = await hotels.call("hotels.list_bookings", { limit: 20 });
    // Only a booking awaiting payment gets a handoff: a paid one has nothing to pay.
    const booking = list.items.find((i) => i.status === "AWAITING_PAYMENT");
    if (!booking) throw new Error("the sandbox has no unpaid booking");
    const handoff = await hotels.call("hotels.create_payment_handoff", { bookingRef: booking.bookingRef });
    seen.push(list, handoff);
    return minted(handoff);
  };

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: "banking-mcp", canary: CANARY, deviceIntervalSeconds: 0 });
    b = await brokerEnv(sandbox);
    broker = await startRealBroker(b.env);
    mcp = await harness({ env: b.env, deps: { now: () => Date.now() + AHEAD_MS } });
  });

  afterAll(async () => {
    for (const h of harnesses) await h.close();
    conns.forEach((c) => c.close());
    await broker?.stop("test");
    await sandbox?.close();
    await b?.cleanup();
  });

  it("lists three annotated tools; only the preview is neither read-only nor idempotent", async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["tbank_banking_connection_status", "tbank_banking_get_hotel_preferences", "tbank_banking_preview_hotel_payment"]);
    const byName = Object.fromEntries(tools.map((t) => [t.name, t.annotations]));
    expect(byName.tbank_banking_connection_status).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    expect(byName.tbank_banking_get_hotel_preferences).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(byName.tbank_banking_preview_hotel_payment).toEqual({ readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false });
    for (const t of tools) expect(t.outputSchema).toBeDefined();
  });

  it("without a broker socket: not_configured status and customer_tools_not_configured, no broker call", async () => {
    const h = await harness();
    const status = await call(h, "tbank_banking_connection_status");
    expect(status.data).toMatchObject({ brokerReadiness: "not_configured", paymentExecution: { available: false }, networkReachability: "not_checked" });
    for (const [name, args] of [["tbank_banking_get_hotel_preferences", {}], ["tbank_banking_preview_hotel_payment", { paymentHandoffRef: newRef("paymentHandoffRef") }]] as const) {
      const out = await call(h, name, args);
      expect(out.result.isError).toBe(true);
      expect(out.data).toMatchObject({ status: "customer_tools_not_configured", retryAllowed: false });
      expect(out.text).toContain("tbank-mcp setup");
    }
  });

  it("with a socket nobody serves: broker_unavailable, isError with the broker failure fields", async () => {
    const h = await harness({ env: { ...b.env, TBANK_AUTH_BROKER_SOCKET: join(b.root, "run", "nobody.sock") } });
    expect((await call(h, "tbank_banking_connection_status")).data).toMatchObject({ brokerReadiness: "broker_unavailable", paymentExecution: { available: false } });
    const prefs = await call(h, "tbank_banking_get_hotel_preferences");
    expect(prefs.result.isError).toBe(true);
    expect(prefs.data).toMatchObject({ status: "broker_unavailable", retryAllowed: false });
    expect(String(prefs.data.nextStep)).toContain("tbank-mcp login");
  });

  it("before login: mobile_login_required in the status and from a read", async () => {
    expect((await call(mcp, "tbank_banking_connection_status")).data).toMatchObject({ brokerReadiness: "mobile_login_required", networkReachability: "not_checked" });
    const prefs = await call(mcp, "tbank_banking_get_hotel_preferences");
    expect(prefs.result.isError).toBe(true);
    expect(prefs.data).toMatchObject({ status: "mobile_login_required", retryAllowed: false });
    expect(String(prefs.data.nextStep)).toContain("tbank-mcp login");
  });

  it("after a device-grant login through the toolkit role: the broker checks the banking API once, then mobile_read_only_ready", async () => {
    await login(b.socketPath, sandbox);
    // The server's connection was opened before the login, so its welcome verified only local
    // operations: the status read brings the list the login's check made.
    const status = await call(mcp, "tbank_banking_connection_status");
    expect(status.data).toMatchObject({ brokerReadiness: "mobile_read_only_ready", paymentExecution: { available: false }, networkReachability: "not_checked" });
    expect(status.text).toContain("broker=mobile_read_only_ready");
    expect(sandbox.control.requestCount("banking_travel_spending")).toBe(1);
    const fresh = await connectBroker({ socketPath: b.socketPath, role: "banking", clientVersion: "test", timeoutMs: 10_000 });
    conns.push(fresh);
    expect(fresh.welcome.verifiedOperations).toEqual(["banking.status", "banking.get_hotel_preferences", "banking.consume_payment_handoff"]);
  });

  it("gives hotelPreferences ready to pass unchanged to tbank_hotels_plan_stay, with its basis and nothing else", async () => {
    const out = await call(mcp, "tbank_banking_get_hotel_preferences");
    expect(out.result.isError).toBeFalsy();
    expect(Object.keys(out.data).sort()).toEqual(["basis", "hotelPreferences", "nextStep", "status"]);
    expect(out.data.status).toBe("ok");
    const prefs = out.data.hotelPreferences as { pricePerNight: { min: number; max: number; currency: string } };
    expect(Object.keys(prefs).sort()).toEqual(["pricePerNight", "ranking", "showAlternativesOutsideBand"]);
    expect(prefs).toMatchObject({ ranking: "best_value", pricePerNight: { currency: expect.stringMatching(/^[A-Z]{3}$/) as string } });
    expect(Object.keys(prefs.pricePerNight).sort()).toEqual(["currency", "max", "min"]);
    expect(prefs.pricePerNight.min).toBeLessThanOrEqual(prefs.pricePerNight.max);
    expect(out.data.basis).toEqual({ staysCount: expect.any(Number) as number, periodMonths: expect.any(Number) as number });
    expect(String(out.data.nextStep)).toMatch(/unchanged.*tbank_hotels_plan_stay/);
    // The text carries the exact object, so a model that reads only the text passes the same thing.
    expect(out.text).toContain(`hotelPreferences=${JSON.stringify(out.data.hotelPreferences)}`);
  });

  it("previews a handoff once: the observed amount and status with their age, nothing paid; the second use is capability_consumed", async () => {
    const handoff = await mintHandoff();
    const out = await call(mcp, "tbank_banking_preview_hotel_payment", { paymentHandoffRef: handoff.paymentHandoffRef });
    expect(out.result.isError).toBeFalsy();
    expect(out.data).toMatchObject({
      status: "ok",
      amountDecimal: handoff.amountDecimal,
      currency: handoff.currency,
      paymentStatusObserved: handoff.paymentStatus,
      observedAt: handoff.observedAt,
      paid: false,
    });
    expect(out.data.amountDisplay).toMatch(/\d/);
    const age = Number(out.data.observedAgeSeconds);
    expect(age).toBeGreaterThanOrEqual(AHEAD_MS / 1000);
    expect(age).toBeLessThan(AHEAD_MS / 1000 + 30);
    expect(out.data.amountDisplay).toBe(formatMoney(handoff.amountDecimal, handoff.currency));
    expect(out.text).toContain("ничего не оплачено");
    expect(out.text).toContain(`цена оплаты, указанная в брони: ${String(out.data.amountDisplay)} (amountDecimal=${handoff.amountDecimal} ${handoff.currency})`);
    expect(out.text).toMatch(/статус оплаты \(получен 2 мин назад\)/);
    // It ends with where the person pays: the default orders page, in both channels.
    expect(String(out.data.nextStep)).toMatch(/Nothing was paid\. .*hosted page or in the T-Bank app: https:\/\/www\.tbank\.ru\/travel\/orders\/$/);
    expect(out.text.split("\n").at(-1)).toBe(`next: ${String(out.data.nextStep)}`);
    const words = JSON.stringify(out.result).toLowerCase();
    for (const banned of ["balance", "to be charged", "outstanding", "остаток", "к списанию"]) expect(words).not.toContain(banned);

    const again = await call(mcp, "tbank_banking_preview_hotel_payment", { paymentHandoffRef: handoff.paymentHandoffRef });
    expect(again.result.isError).toBe(true);
    expect(again.data).toMatchObject({ status: "capability_consumed", retryAllowed: false });
    expect(String(again.data.nextStep)).toContain("tbank_hotels_create_payment_handoff_preview");
    expect(again.data.amountDecimal).toBeUndefined();
  });

  it("in English and with TBANK_HOTELS_ORDERS_PAGE_URL set: English labels and money, the configured page", async () => {
    const page = "https://bank.example.test/travel/orders/";
    const en = await harness({ env: { ...b.env, TBANK_HOTELS_ORDERS_PAGE_URL: page } });
    const handoff = await mintHandoff();
    const out = await call(en, "tbank_banking_preview_hotel_payment", { paymentHandoffRef: handoff.paymentHandoffRef, language: "en" });
    expect(out.data).toMatchObject({ status: "ok", amountDecimal: handoff.amountDecimal, amountDisplay: formatMoney(handoff.amountDecimal, handoff.currency, "en") });
    expect(out.text).toContain("handoff consumed; nothing was paid");
    expect(out.text).toContain(`payment price observed on the booking: ${formatMoney(handoff.amountDecimal, handoff.currency, "en")}`);
    expect(out.text).toMatch(/paymentStatus \(observed \d+ s ago\)/);
    expect(String(out.data.nextStep)).toMatch(new RegExp(`T-Bank app: ${page.replace(/[./]/gu, "\\$&")}$`));
    expect(JSON.stringify(out.result)).not.toContain("www.tbank.ru");
  });

  it("refuses a malformed ref or an unknown field locally, before the broker sees anything", async () => {
    const before = mcp.brokerCalls.length;
    for (const args of [
      { paymentHandoffRef: "phr_short" },
      { paymentHandoffRef: `bkr_${"A".repeat(22)}` },
      { paymentHandoffRef: `${newRef("paymentHandoffRef")}\n` },
      { paymentHandoffRef: newRef("paymentHandoffRef"), amount: "1" },
      {},
    ]) {
      const out = await call(mcp, "tbank_banking_preview_hotel_payment", args);
      expect(out.result.isError).toBe(true);
    }
    expect(mcp.brokerCalls.length).toBe(before);
    // A well-formed ref the broker never minted does reach it, and is refused there.
    const unknown = await call(mcp, "tbank_banking_preview_hotel_payment", { paymentHandoffRef: newRef("paymentHandoffRef") });
    expect(mcp.brokerCalls.slice(before)).toEqual(["banking.consume_payment_handoff"]);
    expect(unknown.result.isError).toBe(true);
    expect(unknown.data).toMatchObject({ status: "invalid_ref", retryAllowed: false });
  });

  it("never lets the sandbox canary into any result", () => {
    expect(seen.length).toBeGreaterThan(15);
    expect(JSON.stringify(seen)).not.toContain(CANARY);
  });
});

// The broker verifies an operation when the provider API it depends on answered the broker's check
// with the current session. These run a real broker against a sandbox whose banking API fails or is
// not configured, so partial_read_only_unverified comes from the broker, not from a fake.
describe("Banking MCP when the broker could not verify the banking API", () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  async function setup(opts: { faults?: Record<string, FaultInput>; unconfigured?: boolean; now?: () => number }) {
    const sandbox = await startSandbox({ seed: "banking-verify", deviceIntervalSeconds: 0, faults: opts.faults ?? {} });
    cleanups.push(() => sandbox.close());
    const b = await brokerEnv(sandbox);
    cleanups.push(() => b.cleanup());
    const { TBANK_BANKING_API_BASE_URL: _banking, ...withoutBanking } = b.env;
    const env = opts.unconfigured ? withoutBanking : b.env;
    const broker = await startRealBroker(env, opts.now);
    cleanups.push(() => broker.stop("test"));
    await login(b.socketPath, sandbox);
    const mcp = await startBankingHarness({ env: b.env });
    cleanups.push(() => mcp.close());
    return { sandbox, b, mcp };
  }

  /** The preferences tool is refused locally: no request reached the banking API after the check. */
  async function expectPreferencesRefused(mcp: BankingHarness, sandbox: Sandbox, checks: number) {
    const prefs = await mcp.call("tbank_banking_get_hotel_preferences");
    expect(prefs.result.isError).toBe(true);
    expect(prefs.data).toMatchObject({ status: "partial_read_only_unverified", retryAllowed: false });
    expect(String(prefs.data.nextStep)).toContain("not verified");
    expect(sandbox.control.requestCount("banking_travel_spending")).toBe(checks);
  }

  it("a banking API that answers 503 to the check: partial_read_only_unverified, preferences not asked, the handoff still consumed", async () => {
    const { sandbox, b, mcp } = await setup({ faults: { banking_travel_spending: { kind: "status", status: 503 } } });
    const status = await mcp.call("tbank_banking_connection_status");
    expect(status.data).toMatchObject({ brokerReadiness: "partial_read_only_unverified" });
    expect(status.text).toContain("broker=partial_read_only_unverified");
    expect(sandbox.control.requestCount("banking_travel_spending")).toBe(1);
    await expectPreferencesRefused(mcp, sandbox, 1);
    const banking = await connectBroker({ socketPath: b.socketPath, role: "banking", clientVersion: "test", timeoutMs: 10_000 });
    cleanups.push(() => Promise.resolve(banking.close()));
    expect(banking.welcome.operations).toContain("banking.get_hotel_preferences");
    expect(banking.welcome.verifiedOperations).toEqual(["banking.status", "banking.consume_payment_handoff"]);

    // The hotels API passed its check: the hotels role is fully verified and the handoff works.
    const hotels = await connectBroker({ socketPath: b.socketPath, role: "hotels", clientVersion: "test", timeoutMs: 10_000 });
    cleanups.push(() => Promise.resolve(hotels.close()));
    expect(hotels.welcome.verifiedOperations).toEqual([...ROLE_OPERATIONS.hotels]);
    // Nothing changed since this connection's welcome, so the status repeats no list.
    expect((await hotels.call("hotels.status", {})).verifiedOperations).toBeUndefined();
    const booking = (await hotels.call("hotels.list_bookings", { limit: 20 })).items.find((i) => i.status === "AWAITING_PAYMENT");
    if (!booking) throw new Error("the sandbox has no unpaid booking");
    const handoff = minted(await hotels.call("hotels.create_payment_handoff", { bookingRef: booking.bookingRef }));
    const preview = await mcp.call("tbank_banking_preview_hotel_payment", { paymentHandoffRef: handoff.paymentHandoffRef });
    expect(preview.data).toMatchObject({ status: "ok", amountDecimal: handoff.amountDecimal });
  });

  it("TBANK_BANKING_API_BASE_URL not set: partial_read_only_unverified without any banking request", async () => {
    const { sandbox, mcp } = await setup({ unconfigured: true });
    expect((await mcp.call("tbank_banking_connection_status")).data).toMatchObject({ brokerReadiness: "partial_read_only_unverified" });
    await expectPreferencesRefused(mcp, sandbox, 0);
  });

  it("a failed API is checked again only after a minute, and then verifies", async () => {
    let offset = 0;
    const { sandbox, mcp } = await setup({ faults: { banking_travel_spending: { kind: "status", status: 502 } }, now: () => Date.now() + offset });
    expect((await mcp.call("tbank_banking_connection_status")).data).toMatchObject({ brokerReadiness: "partial_read_only_unverified" });
    sandbox.control.clearFaults();
    offset = 30_000;
    expect((await mcp.call("tbank_banking_connection_status")).data).toMatchObject({ brokerReadiness: "partial_read_only_unverified" });
    await expectPreferencesRefused(mcp, sandbox, 1);
    offset = 61_000;
    expect((await mcp.call("tbank_banking_connection_status")).data).toMatchObject({ brokerReadiness: "mobile_read_only_ready" });
    const prefs = await mcp.call("tbank_banking_get_hotel_preferences");
    expect(prefs.data).toMatchObject({ status: "ok" });
    expect(sandbox.control.requestCount("banking_travel_spending")).toBe(3);
  });
});
