import { generateKeyPairSync } from "node:crypto";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { parseConfig } from "../../shared/config/index.js";
import { connectBroker, type BrokerConnection } from "../../shared/protocol/client.js";
import { testClock } from "../fixtures/clock.js";
import { signIn, startInProcessBroker } from "../fixtures/in-process-broker.js";
import { formatMoney } from "../../shared/money.js";
import { quoted } from "../../shared/provider-text.js";
import { sandboxBooking } from "../fixtures/sandbox-bookings.js";
import { tokenCount } from "../fixtures/tokens.js";
import { toolsListTokens } from "../fixtures/tools-list-tokens.js";
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
  "tbank_hotels_save_calendar_entry",
  "tbank_hotels_create_payment_handoff_preview",
];
// The tools that write a file (0600, in the private voucher directory).
const SAVING_TOOLS = ["tbank_hotels_save_voucher", "tbank_hotels_save_calendar_entry"];
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
  it("lists the customer tools with lean schemas and true annotations (save_voucher writes a file); default tools/list stays within 6,000 tokens without _meta, and _meta adds at most 5 %", async () => {
    const { tools } = await h.client.listTools();
    const mine = tools.filter((t) => CUSTOMER_TOOLS.includes(t.name));
    expect(mine.map((t) => t.name)).toEqual(CUSTOMER_TOOLS);
    for (const t of mine) {
      // The save tools write files to the disk: a client that trusts readOnlyHint would skip asking.
      expect(t.annotations).toMatchObject({ readOnlyHint: !SAVING_TOOLS.includes(t.name), destructiveHint: false, openWorldHint: t.name !== "tbank_hotels_get_voucher" });
      // retryAllowed is said on failures only, so a success schema does not require it.
      expect(t.outputSchema?.required).toEqual(["status"]);
      expect(t.description!.length).toBeLessThan(160);
    }
    expect(tokenCount(JSON.stringify(mine))).toBeLessThanOrEqual(1_300);
    const listed = toolsListTokens(tools);
    // 23 before issue 15 added tbank_hotels_get_stay_option_details to the journey toolset, 24
    // before issue 34 added tbank_hotels_find_stay_dates (journey) and 25 before its
    // tbank_hotels_save_calendar_entry (customer, paid for by leaner customer schemas).
    expect(tools.length).toBe(26);
    expect(listed.withoutMeta, "default toolsets journey,customer, without _meta").toBeLessThanOrEqual(6_000);
    // Issue 33: the journey tools name the stay view; clients without MCP Apps pay at most 5 % for it.
    expect(listed.metaGrowth).toBeGreaterThan(0);
    expect(listed.metaGrowth).toBeLessThanOrEqual(0.05);
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
      const en = await h.call("tbank_hotels_get_customer", { language: "en" });
      expect(en.data).toEqual(data);
      expect(en.text).toBe("status=ok\naccount: Анна; email: yes; phone: yes");
      expect((await h.call("tbank_hotels_get_customer", { language: "de" })).result.isError).toBe(true);
    });

    it("list_bookings: active and past against the clock, by check-in, upcoming marked; the same booking keeps its ref", async () => {
      const all = await h.call("tbank_hotels_list_bookings", { limit: 20 });
      const active = await h.call("tbank_hotels_list_bookings", { status: "active" });
      const past = await h.call("tbank_hotels_list_bookings", { status: "past", limit: 20 });
      const rows = (r: { data: Row }) => r.data.bookings as Row[];
      expect((active.data.total as number) + (past.data.total as number)).toBe(all.data.total);
      // The sandbox's active bookings all lie ahead of the test clock: each is marked in both channels.
      for (const b of rows(active)) {
        expect(b).toMatchObject({ upcoming: true, checkinDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as string });
        expect(active.text).toMatch(new RegExp(`${b.bookingRef as string} [^\n]*\\| предстоит`));
      }
      for (const b of rows(past)) expect(b).not.toHaveProperty("upcoming");
      const checkins = rows(active).map((b) => b.checkinDate as string);
      expect(checkins).toEqual([...checkins].sort());
      expect(rows(all).map((b) => b.bookingRef)).toEqual([...rows(active), ...rows(past)].map((b) => b.bookingRef));
      expect(active.text).toMatch(/^status=ok show=active total=\d+/);
      // Every follow-up that fits a listed status, and only those.
      expect(active.data.nextStep).toContain("tbank_hotels_create_payment_handoff_preview (AWAITING_PAYMENT)");
      expect(past.data.nextStep).not.toMatch(/payment_handoff|preview_cancellation/);
      const pastStatuses = new Set(rows(past).map((b) => b.status));
      expect(past.data.nextStep).toContain(pastStatuses.has("COMPLETED") ? "tbank_hotels_save_voucher" : "tbank_hotels_get_booking_overview");
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

    it("get_booking returns sanitized facts in the one ru format, ISO dates and decimals beside them; the overview is short and embeds no PDF", async () => {
      const { data, text } = await h.call("tbank_hotels_get_booking", { bookingRef });
      expect(data.status).toBe("ok");
      const booking = data.booking as Row;
      const expected = sandboxBooking("hotels-customer", CANARY, "Санкт-Петербург");
      expect(booking).toMatchObject({
        bookingRef,
        status: "AWAITING_PAYMENT",
        checkinDate: expected.checkinDate,
        checkoutDate: expected.checkoutDate,
        dates: expected.dates,
        payment: { price: expected.paymentPrice, amountDecimal: expected.amountDecimal, currency: expected.currency, paymentStatus: "WAITING_FOR_PAYMENT" },
        cancellation: { penalty: expected.penalty, penaltyDecimal: expected.penaltyDecimal },
      });
      expect(text).toContain(bookingRef);
      expect(text).toContain(`${expected.dates} | гостей: `);
      expect(text).toContain(`цена оплаты, указанная в брони: ${expected.paymentPrice}; статус оплаты: WAITING_FOR_PAYMENT`);
      // The old formats are gone from the text: no "30827.5 RUB", no ISO dates.
      expect(text).not.toContain(`${expected.amountDecimal} ${expected.currency}`);
      expect(text).not.toContain(expected.checkinDate);
      const overview = await h.call("tbank_hotels_get_booking_overview", { bookingRef });
      // The overview carries the same facts as fields, not one rendered string.
      expect(overview.data).toMatchObject({ status: "ok", booking });
      expect(overview.text).toContain(bookingRef);
      expect(overview.text.length).toBeLessThan(800);
      expect(JSON.stringify(overview.result)).not.toMatch(/%PDF|JVBER|base64/);
      // An unpaid booking: the follow-ups are the payment handoff and the terms, not a voucher.
      expect(overview.data.nextStep).toContain("tbank_hotels_create_payment_handoff_preview");
      expect(overview.data.nextStep).not.toContain("save_voucher");
    });

    it("language en: English labels, dates and money in both channels; statuses and provider names unchanged", async () => {
      const expected = sandboxBooking("hotels-customer", CANARY, "Санкт-Петербург", "en");
      const { data, text } = await h.call("tbank_hotels_get_booking", { bookingRef, language: "en-US" });
      expect(data.booking).toMatchObject({ status: "AWAITING_PAYMENT", dates: expected.dates, payment: { price: expected.paymentPrice, amountDecimal: expected.amountDecimal } });
      expect(text).toContain(`payment price observed on the booking: ${expected.paymentPrice}; paymentStatus: WAITING_FOR_PAYMENT`);
      expect(text).toContain(`${expected.dates} | guests: `);
      // Provider text is quoted in the text channel, as it is in Russian.
      expect(text).toContain(quoted(expected.hotelName));
      expect(text).not.toMatch(/[а-яё]+:/iu);
      const list = await h.call("tbank_hotels_list_bookings", { language: "en", status: "active" });
      expect(list.text).toContain(`${expected.dates} | guests: `);
      expect(list.text).toContain("| upcoming");
      const bad = await h.call("tbank_hotels_get_booking", { bookingRef, language: "de" });
      expect(bad.result.isError).toBe(true);
    });

    it("preview_cancellation reads the facts and cancels nothing", async () => {
      const { data, text } = await h.call("tbank_hotels_preview_cancellation", { bookingRef });
      // What the sandbox holds for this stay, from its own data functions.
      const expected = sandboxBooking("hotels-customer", CANARY, "Санкт-Петербург");
      expect(data).toMatchObject({
        status: "ok",
        cancelled: false,
        bookingStatus: "AWAITING_PAYMENT",
        cancellation: { freeUntil: expected.freeCancellationShown ?? "нет данных", penalty: expected.penalty, penaltyDecimal: expected.penaltyDecimal },
      });
      expect((data.cancellation as Row).freeUntilIso).toBe(expected.freeCancellationUntil);
      // With a free deadline the penalty is said with it («штраф после …»), never bare beside it.
      expect(text).toContain(
        expected.freeCancellationShown ? `бесплатная отмена до ${expected.freeCancellationShown}; штраф после ${expected.freeCancellationShown}: ${expected.penalty}` : `бесплатная отмена: нет данных; штраф: ${expected.penalty}`,
      );
      expect(text).toContain("nothing was cancelled");
      // Still listed as it was: a preview never changes the booking.
      const again = await h.call("tbank_hotels_get_booking", { bookingRef });
      expect((again.data.booking as Row).status).toBe((data.bookingStatus as string));
    });

    it("preview_cancellation on a COMPLETED or CANCELLED booking: booking_not_cancellable with the status, no penalty preview", async () => {
      const past = (await h.call("tbank_hotels_list_bookings", { status: "past", limit: 20 })).data.bookings as Row[];
      const closed = ["COMPLETED", "CANCELLED"].map((status) => past.find((b) => b.status === status)!);
      for (const b of closed) {
        const { data, text, result } = await h.call("tbank_hotels_preview_cancellation", { bookingRef: b.bookingRef });
        expect(result.isError).toBeFalsy();
        expect(data).toMatchObject({ status: "booking_not_cancellable", retryAllowed: false, bookingStatus: b.status });
        expect(data).not.toHaveProperty("cancellation");
        expect(text).toContain(`status=booking_not_cancellable retryAllowed=false bookingStatus=${String(b.status)}`);
        expect(text).not.toContain("штраф");
      }
    });

    it("a CANCELLED or COMPLETED booking's details and overview say it is closed: no deadline, no penalty, in ru and en", async () => {
      const past = (await h.call("tbank_hotels_list_bookings", { status: "past", limit: 20 })).data.bookings as Row[];
      const says = {
        CANCELLED: { ru: "бронь уже отменена: отменять нечего", en: "the booking is already cancelled: nothing to cancel" },
        COMPLETED: { ru: "проживание завершено: отменять нечего", en: "the stay is completed: nothing to cancel" },
      } as const;
      for (const status of ["CANCELLED", "COMPLETED"] as const) {
        const b = past.find((r) => r.status === status)!;
        for (const language of ["ru", "en"] as const) {
          for (const name of ["tbank_hotels_get_booking", "tbank_hotels_get_booking_overview"]) {
            const { data, text } = await h.call(name, { bookingRef: b.bookingRef, language });
            expect((data.booking as Row).cancellation, `${name} ${status} ${language}`).toEqual({ closed: says[status][language] });
            expect(text).toContain(says[status][language]);
            expect(text).not.toMatch(/бесплатная отмена|штраф|free cancellation|penalty/);
          }
        }
      }
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

    it("save_calendar_entry saves an owner-only .ics beside the vouchers and says what is in it, compactly", async () => {
      const all = (await h.call("tbank_hotels_list_bookings", { limit: 20 })).data.bookings as Row[];
      const kazan = all.find((b) => b.city === "Казань")!;
      const facts = sandboxBooking("hotels-customer", CANARY, "Казань");
      const { data, text, result } = await h.call("tbank_hotels_save_calendar_entry", { bookingRef: kazan.bookingRef, language: "en" });
      expect(result.isError, text).toBeFalsy();
      const entry = data.entry as Row;
      expect(data.status).toBe("ok");
      expect(entry.path as string).toMatch(new RegExp(`^${voucherDir}/calendar-[A-Za-z0-9_-]{22}\\.ics$`));
      expect(entry).toMatchObject({ hotelName: facts.hotelName });
      expect(entry.checkin as string).toMatch(new RegExp(`^${facts.checkinDate}T\\d{2}:\\d{2}$`));
      expect(Object.keys(entry).sort()).toEqual(["checkin", "checkout", "expiresAt", "hotelName", "path", "reminderAt", "utcOffset"]);
      expect((await stat(entry.path as string)).mode & 0o777).toBe(0o600);
      const ics = await readFile(entry.path as string, "utf8");
      expect(ics).toContain("BEGIN:VEVENT");
      expect(JSON.stringify(result)).not.toContain("BEGIN:VCALENDAR");
      expect(text).toContain(entry.path as string);
      expect(text.split("\n")).toHaveLength(4);
      // The path alone (a random 22-character name in a temp directory) is about 35 tokens.
      expect(tokenCount(text)).toBeLessThanOrEqual(130);
      expect(tokenCount(JSON.stringify(result.structuredContent))).toBeLessThanOrEqual(170);
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
      // It ends with where the person pays: the configured orders page, in both channels.
      expect(data.nextStep).toMatch(/T-Bank app: https:\/\/www\.tbank\.ru\/travel\/orders\/$/);
      expect(text.split("\n").at(-1)).toBe(`next: ${String(data.nextStep)}`);
      expect(data.paymentPrice).toBe(formatMoney(data.amountDecimal as string, data.currency as string));
      const wording = (JSON.stringify(data) + text).toLowerCase();
      for (const phrase of ["к оплате", "outstanding", "to be charged", "задолженность", "balance", "остаток", "you owe"]) expect(wording).not.toContain(phrase);
      expect(text).toContain(`цена оплаты, указанная в брони: ${String(data.paymentPrice)}`);
    });

    it("create_payment_handoff_preview on a paid, cancelled or completed booking: nothing_to_pay, and the broker mints no ref", async () => {
      const all = (await h.call("tbank_hotels_list_bookings", { limit: 20 })).data.bookings as Row[];
      const handoffs = async () => (await toolkit.call("broker.status", {})).activeRefs.paymentHandoffs;
      const before = await handoffs();
      for (const status of ["CONFIRMED", "CANCELLED", "COMPLETED"]) {
        const b = all.find((r) => r.status === status)!;
        const { data, text, result } = await h.call("tbank_hotels_create_payment_handoff_preview", { bookingRef: b.bookingRef, language: "en" });
        expect(result.isError, status).toBeFalsy();
        expect(data).toMatchObject({ status: "nothing_to_pay", retryAllowed: false, bookingStatus: status, paymentStatus: expect.any(String) as string });
        expect(data).not.toHaveProperty("paymentHandoffRef");
        expect(text).toContain(`status=nothing_to_pay retryAllowed=false bookingStatus=${status}`);
        expect(text).toContain(`paymentStatus: ${String(data.paymentStatus)}`);
        expect(data.nextStep).toContain("no paymentHandoffRef was made");
        // No pointer to a payment page: there is nothing to pay there.
        expect(JSON.stringify(data) + text).not.toMatch(/phr_|tbank\.ru|tbank_banking_preview_hotel_payment/);
      }
      expect(await handoffs()).toBe(before);
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
      // Listed twice in this session: one ref per booking until the session ends.
      const again = await bookingRefIn(h.call, "Санкт-Петербург");
      expect(again).toBe(bookingRef);
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
      // Signed in again: a new session lists the booking under a new ref, and the old one is refused.
      await login();
      const fresh = await bookingRefIn(h.call, "Санкт-Петербург");
      expect(fresh).not.toBe(bookingRef);
      const old = await h.call("tbank_hotels_get_booking", { bookingRef });
      expect(old.data).toMatchObject({ status: "invalid_ref", retryAllowed: false });
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
