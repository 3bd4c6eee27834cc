import { generateKeyPairSync } from "node:crypto";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { parseConfig } from "../../shared/config/index.js";
import { connectBroker, type BrokerConnection } from "../../shared/protocol/client.js";
import { testClock } from "../fixtures/clock.js";
import { signIn, startInProcessBroker } from "../fixtures/in-process-broker.js";
import { sandboxBooking } from "../fixtures/sandbox-bookings.js";
import { startHotelsHarness, type HotelsHarness } from "./helpers/hotels-mcp-harness.js";

const CANARY = "CANARY-hcust-7f3a";
const CUSTOMER_TOOLS = [
  "tbank_hotels_get_customer",
  "tbank_hotels_list_bookings",
  "tbank_hotels_get_booking",
  "tbank_hotels_get_booking_overview",
  "tbank_hotels_preview_cancellation",
  "tbank_hotels_save_voucher",
  "tbank_hotels_get_voucher",
  "tbank_hotels_create_payment_handoff_preview",
];
const BOOKING_TOOLS = CUSTOMER_TOOLS.filter((n) => n !== "tbank_hotels_get_customer" && n !== "tbank_hotels_list_bookings");

type Call = HotelsHarness["call"];
type Row = Record<string, unknown>;

let sandbox: Sandbox;
let root: string;
let socketPath: string;
let voucherDir: string;
let stopBroker: (reason: string) => Promise<void>;
let toolkit: BrokerConnection;
let h: HotelsHarness;
const harnesses: HotelsHarness[] = [];
/** Everything a tool returned in this file (structured content and text), for the canary check. */
const seen: string[] = [];

function brokerEnv(): Record<string, string> {
  return {
    TBANK_AUTH_BROKER_SOCKET: socketPath,
    TBANK_AUTH_BROKER_STATE_DIR: join(root, "state"),
    TBANK_AUTH_SESSION_STORE: "file",
    TBANK_AUTH_ISSUER_URL: sandbox.urls.authIssuerUrl,
    TBANK_HOTELS_VOUCHER_DIRECTORY: voucherDir,
    TBANK_AUTH_BROKER_TIMEOUT_MS: "5000",
  };
}

async function hotels(env: Record<string, string> = brokerEnv()): Promise<HotelsHarness> {
  const harness = await startHotelsHarness({ sharedSandbox: sandbox, env });
  harnesses.push(harness);
  const call: Call = async (name, args) => {
    const out = await harness.call(name, args);
    seen.push(JSON.stringify(out.result));
    return out;
  };
  return { ...harness, call };
}

const login = (): Promise<void> => signIn(socketPath, sandbox);

/** The bookingRef of the customer's stay in `city` (the sandbox has one per city). */
async function bookingRefIn(call: Call, city: string): Promise<string> {
  const { data } = await call("tbank_hotels_list_bookings", { limit: 20 });
  expect(data.status).toBe("ok");
  return (data.bookings as Row[]).find((b) => b.city === city)!.bookingRef as string;
}

beforeAll(async () => {
  const clock = testClock();
  sandbox = await startSandbox({ seed: "hotels-customer", canary: CANARY, deviceIntervalSeconds: 0, now: clock.now });
  root = await mkdtemp(join(tmpdir(), "hcust-"));
  socketPath = join(root, "run", "auth.sock");
  voucherDir = join(root, "vouchers");
  const parsed = parseConfig({ HOME: root, TBANK_HOTELS_API_BASE_URL: sandbox.urls.hotelsApiBaseUrl, ...brokerEnv() });
  if (!parsed.ok) throw new Error(`bad broker config: ${JSON.stringify(parsed.problems)}`);
  const config = parsed.config;
  const running = await startInProcessBroker(config, { now: clock.now, requestTimeoutMs: 5000, selfPeer: true });
  stopBroker = running.stop;
  toolkit = await connectBroker({ socketPath, role: "toolkit", clientVersion: "test", timeoutMs: 5000 });
  h = await hotels();
});

afterAll(async () => {
  for (const harness of harnesses) await harness.close();
  toolkit.close();
  await stopBroker("test done");
  await sandbox.close();
  await rm(root, { recursive: true, force: true });
});

describe("Hotels MCP customer tools through the auth broker", () => {
  it("lists the customer tools with lean schemas and read-only annotations; default tools/list stays within 6,000 tokens", async () => {
    const { tools } = await h.client.listTools();
    const mine = tools.filter((t) => CUSTOMER_TOOLS.includes(t.name));
    expect(mine.map((t) => t.name)).toEqual(CUSTOMER_TOOLS);
    for (const t of mine) {
      expect(t.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, openWorldHint: t.name !== "tbank_hotels_get_voucher" });
      // retryAllowed is said on failures only, so a success schema does not require it.
      expect(t.outputSchema?.required).toEqual(["status"]);
      expect(t.description!.length).toBeLessThan(160);
    }
    const enc = new Tiktoken(o200k);
    expect(enc.encode(JSON.stringify(mine)).length).toBeLessThanOrEqual(1_300);
    const total = enc.encode(JSON.stringify(tools)).length;
    expect(tools.length).toBe(23);
    expect(total, "default toolsets journey,customer").toBeLessThanOrEqual(6_000);
  });

  it("before login: connection_status says mobile_login_required and every broker tool reports it with the login step", async () => {
    const status = await h.call("tbank_hotels_connection_status");
    expect(status.data.customerReadiness).toMatchObject({ state: "mobile_login_required" });
    expect(status.text).toContain("tbank-mcp login");
    for (const name of ["tbank_hotels_get_customer", "tbank_hotels_list_bookings"]) {
      const { data, result, text } = await h.call(name);
      expect(result.isError).toBe(true);
      expect(data).toMatchObject({ status: "mobile_login_required", retryAllowed: false });
      expect(text).toContain("tbank-mcp login");
    }
  });

  describe("after login", () => {
    let bookingRef: string;
    beforeAll(async () => {
      await login();
      bookingRef = await bookingRefIn(h.call, "Санкт-Петербург");
    });

    it("connection_status reports mobile_read_only_ready, without a provider call", async () => {
      sandbox.control.resetCounters();
      const { data, text } = await h.call("tbank_hotels_connection_status");
      expect(data.customerReadiness).toEqual({ state: "mobile_read_only_ready" });
      expect(text).toContain("customer: mobile_read_only_ready");
      expect(sandbox.control.requestCounts()).toEqual({});
    });

    it("get_customer: a first name and two flags only", async () => {
      const { data, text, result } = await h.call("tbank_hotels_get_customer");
      expect(result.isError).toBeFalsy();
      expect(data).toMatchObject({ status: "ok", customer: { firstName: "Анна", hasEmail: true, hasPhone: true } });
      expect(Object.keys(data.customer as Row).sort()).toEqual(["firstName", "hasEmail", "hasPhone"]);
      expect(text).toContain("Анна");
      expect(text).not.toMatch(/@|\+7/);
    });

    it("list_bookings paginates with bookingRefs, hasMore and total", async () => {
      const first = await h.call("tbank_hotels_list_bookings", { limit: 2 });
      expect(first.data).toMatchObject({ status: "ok", hasMore: true, nextOffset: 2 });
      const rows = first.data.bookings as Row[];
      expect(rows).toHaveLength(2);
      for (const r of rows) {
        expect(r.bookingRef).toMatch(/^bkr_[A-Za-z0-9_-]{22}$/);
        expect(first.text).toContain(r.bookingRef as string);
      }
      const total = first.data.total as number;
      expect(total).toBeGreaterThan(2);
      const rest = await h.call("tbank_hotels_list_bookings", { offset: 2, limit: 20 });
      expect(rest.data).toMatchObject({ status: "ok", total, hasMore: false });
      expect((rest.data.bookings as Row[]).length).toBe(total - 2);
      const bad = await h.call("tbank_hotels_list_bookings", { limit: 21 });
      expect(bad.result.isError).toBe(true);
    });

    it("get_booking returns sanitized facts; the overview is short and embeds no PDF", async () => {
      const { data, text } = await h.call("tbank_hotels_get_booking", { bookingRef });
      expect(data.status).toBe("ok");
      const booking = data.booking as Row;
      expect(booking).toMatchObject({ bookingRef });
      for (const key of ["status", "hotel", "dates", "paymentPrice", "paymentStatus", "freeCancellationUntil", "penalty"]) expect(booking).toHaveProperty(key);
      expect(text).toContain(bookingRef);
      expect(text).toContain(`paymentPrice (as observed): ${String(booking.paymentPrice)}`);
      const overview = await h.call("tbank_hotels_get_booking_overview", { bookingRef });
      // The overview carries the same facts as fields, not one rendered string.
      expect(overview.data).toMatchObject({ status: "ok", booking });
      expect(overview.text).toContain(bookingRef);
      expect(overview.text.length).toBeLessThan(800);
      expect(JSON.stringify(overview.result)).not.toMatch(/%PDF|JVBER|base64/);
      expect(overview.text).toContain("tbank_hotels_save_voucher");
    });

    it("preview_cancellation reads the facts and cancels nothing", async () => {
      const { data, text } = await h.call("tbank_hotels_preview_cancellation", { bookingRef });
      // What the sandbox holds for this stay, from its own data functions.
      const expected = sandboxBooking("hotels-customer", CANARY, "Санкт-Петербург");
      expect(data).toMatchObject({ status: "ok", cancelled: false, freeCancellationUntil: expected.freeCancellationUntil ?? "нет данных", penalty: expected.penalty });
      expect(text).toContain(`штраф: ${expected.penalty}`);
      expect(text).toContain(expected.freeCancellationUntil ? `бесплатная отмена до ${expected.freeCancellationUntil}` : "бесплатная отмена: нет данных");
      expect(text).toContain("nothing was cancelled");
      // Still listed as it was: a preview never changes the booking.
      const again = await h.call("tbank_hotels_get_booking", { bookingRef });
      expect((again.data.booking as Row).status).toBe((data.bookingStatus as string));
    });

    it("save_voucher returns path, size, sha256 and expiry; the file is owner-only; no bytes in the result", async () => {
      const all = (await h.call("tbank_hotels_list_bookings", { limit: 20 })).data.bookings as Row[];
      const confirmed = all.find((b) => b.city === "Казань");
      expect(confirmed?.status).toBe("CONFIRMED");
      const { data, text, result } = await h.call("tbank_hotels_save_voucher", { bookingRef: confirmed!.bookingRef });
      expect(result.isError, text).toBeFalsy();
      expect(data).toMatchObject({ status: "ok" });
      expect(data.path as string).toMatch(new RegExp(`^${voucherDir}/`));
      expect(data.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(data.sizeBytes as number).toBeGreaterThan(0);
      expect(typeof data.expiresAt).toBe("string");
      const st = await stat(data.path as string);
      expect(st.mode & 0o777).toBe(0o600);
      expect(st.size).toBe(data.sizeBytes);
      expect(JSON.stringify(result)).not.toMatch(/%PDF|JVBER/);
      expect(text).toContain(data.path as string);
    });

    it("get_voucher always refuses inline delivery and makes no broker call", async () => {
      const spy = vi.spyOn(h.ctx.broker!, "call");
      const { data, text } = await h.call("tbank_hotels_get_voucher", { bookingRef });
      expect(data).toMatchObject({ status: "inline_delivery_refused", retryAllowed: false });
      expect(text).toContain("tbank_hotels_save_voucher");
      expect(spy).not.toHaveBeenCalled();
      spy.mockRestore();
    });

    it("create_payment_handoff_preview: a handoff ref with the observed facts, never worded as a debt or a charge", async () => {
      const { data, text, result } = await h.call("tbank_hotels_create_payment_handoff_preview", { bookingRef });
      expect(result.isError).toBeFalsy();
      expect(data).toMatchObject({ status: "ok" });
      expect(data).not.toHaveProperty("retryAllowed");
      expect(data.paymentHandoffRef).toMatch(/^phr_[A-Za-z0-9_-]{43}$/);
      expect(data.amountDecimal).toMatch(/^\d+(\.\d+)?$/);
      expect(data.currency).toMatch(/^[A-Z]{3}$/);
      for (const k of ["paymentStatus", "observedAt", "expiresAt"]) expect(typeof data[k]).toBe("string");
      expect(data.nextStep).toContain("tbank_banking_preview_hotel_payment");
      const wording = (JSON.stringify(data) + text).toLowerCase();
      for (const phrase of ["к оплате", "outstanding", "to be charged", "задолженность", "balance", "остаток"]) expect(wording).not.toContain(phrase);
      expect(text).toContain("as observed");
    });

    it("rejects a malformed bookingRef locally and an unknown one through the broker", async () => {
      const bad = await h.call("tbank_hotels_get_booking", { bookingRef: "orderId-123" });
      expect(bad.result.isError).toBe(true);
      expect(bad.data).toMatchObject({ status: "invalid_ref", retryAllowed: false });
      const unknown = await h.call("tbank_hotels_get_booking", { bookingRef: `bkr_${"A".repeat(22)}` });
      expect(unknown.result.isError).toBe(true);
      expect(unknown.data).toMatchObject({ status: "invalid_ref" });
      expect(unknown.data.nextStep).toContain("tbank_hotels_list_bookings");
    });

    it("a bookingRef keeps working from a new Hotels server instance (the MCP holds no refs)", async () => {
      const fresh = await hotels();
      for (const name of ["tbank_hotels_get_booking", "tbank_hotels_get_booking_overview", "tbank_hotels_preview_cancellation"]) {
        const { data } = await fresh.call(name, { bookingRef });
        expect(data.status, name).toBe("ok");
      }
    });

    it("no provider id, token or contact detail reaches any tool result", () => {
      expect(seen.length).toBeGreaterThan(15);
      for (const s of seen) {
        expect(s).not.toContain(CANARY);
        expect(s).not.toMatch(/orderId|example\.test|accessToken|refreshToken/i);
      }
    });

    it("after logout through the toolkit role, every booking tool reports mobile_login_required", async () => {
      const out = await toolkit.call("broker.logout", {});
      expect(out.hadSession).toBe(true);
      const status = await h.call("tbank_hotels_connection_status");
      expect(status.data.customerReadiness).toMatchObject({ state: "mobile_login_required" });
      for (const name of [...BOOKING_TOOLS.filter((n) => n !== "tbank_hotels_get_voucher"), "tbank_hotels_list_bookings", "tbank_hotels_get_customer"]) {
        const { data, result, text } = await h.call(name, name.endsWith("get_customer") || name.endsWith("list_bookings") ? {} : { bookingRef });
        expect(result.isError, name).toBe(true);
        expect(data.status, name).toBe("mobile_login_required");
        expect(text).toContain("tbank-mcp login");
      }
    });
  });
});

describe("Hotels MCP customer tools without a usable broker", () => {
  it("not configured: connection_status says not_configured; tools answer customer_tools_not_configured with the setup step", async () => {
    const plain = await hotels({});
    const status = await plain.call("tbank_hotels_connection_status");
    expect(status.data.customerReadiness).toMatchObject({ state: "not_configured" });
    expect(plain.ctx.broker).toBeUndefined();
    sandbox.control.resetCounters();
    for (const name of ["tbank_hotels_get_customer", "tbank_hotels_list_bookings", "tbank_hotels_get_booking", "tbank_hotels_save_voucher", "tbank_hotels_create_payment_handoff_preview"]) {
      const args = name.endsWith("get_customer") || name.endsWith("list_bookings") ? {} : { bookingRef: `bkr_${"A".repeat(22)}` };
      const { data, result, text } = await plain.call(name, args);
      expect(result.isError, name).toBe(true);
      expect(data).toMatchObject({ status: "customer_tools_not_configured", retryAllowed: false });
      expect(text).toContain("tbank-mcp setup");
    }
    expect(sandbox.control.requestCounts()).toEqual({});
  });

  it("broker_unavailable when nothing listens at the configured socket", async () => {
    const dir = await mkdtemp(join(tmpdir(), "hcust-none-"));
    try {
      const lonely = await hotels({ ...brokerEnv(), TBANK_AUTH_BROKER_SOCKET: join(dir, "auth.sock"), TBANK_AUTH_BROKER_TIMEOUT_MS: "1000" });
      const status = await lonely.call("tbank_hotels_connection_status");
      expect(status.data.customerReadiness).toMatchObject({ state: "broker_unavailable" });
      const { data, result } = await lonely.call("tbank_hotels_list_bookings");
      expect(result.isError).toBe(true);
      expect(data).toMatchObject({ status: "broker_unavailable", retryAllowed: false });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("service JWT and no broker: get_customer answers locally and makes no HTTP call", async () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const keyFile = join(root, "service-key.pem");
    await writeFile(keyFile, privateKey.export({ type: "pkcs8", format: "pem" }), { mode: 0o600 });
    const jwt = await hotels({ TBANK_HOTELS_JWT_ISSUER: "tbank-mcp-test", TBANK_HOTELS_JWT_AUDIENCE: "hotels", TBANK_HOTELS_JWT_PRIVATE_KEY_FILE: keyFile });
    sandbox.control.resetCounters();
    const { data, result, text } = await jwt.call("tbank_hotels_get_customer");
    expect(result.isError).toBe(true);
    expect(data).toMatchObject({ status: "customer_context_required", retryAllowed: false });
    expect(text).toContain("no request was sent");
    expect(sandbox.control.requestCount("customer")).toBe(0);
    expect(sandbox.control.requestCounts()).toEqual({});
  });
});
