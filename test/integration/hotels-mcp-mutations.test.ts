import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { parseConfig } from "../../shared/config/index.js";
import { TOOLSETS } from "../../shared/config/types.js";
import { HOTELS_WRITE_ROUTES } from "../../shared/http/routes.js";
import { decimalFromProviderNumber } from "../../shared/money.js";
import type { BookingRequest } from "../../shared/protocol/ops-hotels-writes.js";
import { confirmationPhraseOf } from "../../shared/writes/hash.js";
import { testClock } from "../fixtures/clock.js";
import { decideNextApproval, signIn, startInProcessBroker, type RunningBroker } from "../fixtures/in-process-broker.js";
import { startHotelsHarness, type HotelsHarness } from "./helpers/hotels-mcp-harness.js";
import { createJourney } from "./helpers/journey-fixture.js";

// The `mutations` toolset end to end: a real MCP client, the Hotels MCP, an in-process broker (the
// bin's parts, signed in) and the sandbox over HTTP. The person approves through the toolkit role,
// as `tbank-mcp approve` does. Every refusal is proved at the sandbox: no write route was asked.

const CANARY = "CANARY-hmut-5d1b";
const REAL_IP = "203.0.113.9";
const GATES = { TBANK_HOTELS_ENABLE_MUTATIONS: "true", TBANK_HOTELS_MUTATION_EXECUTION_PROFILE: "non_production_v1_reviewed" };
const WRITE_ROUTE_IDS = Object.keys(HOTELS_WRITE_ROUTES);
const CONTACTS = { email: "ivan.petrov@example.com", phone: "+79001234567" };
const GUESTS = [
  { firstName: "Ivan", lastName: "Petrov" },
  { firstName: "Anna", lastName: "Petrova" },
];

type Row = Record<string, unknown>;

let sandbox: Sandbox;
let root: string;
const clock = testClock();
const brokers: RunningBroker[] = [];
const harnesses: HotelsHarness[] = [];

const writeRequests = (): number => WRITE_ROUTE_IDS.reduce((n, id) => n + sandbox.control.requestCount(id), 0);

/** A signed-in in-process broker on its own socket, its gates from `env` (as the bin reads them). */
async function broker(name: string, env: Record<string, string>): Promise<string> {
  const socketPath = join(root, name, "auth.sock");
  const parsed = parseConfig({
    HOME: root,
    TBANK_HOTELS_API_BASE_URL: sandbox.urls.hotelsApiBaseUrl,
    TBANK_AUTH_BROKER_SOCKET: socketPath,
    TBANK_AUTH_BROKER_STATE_DIR: join(root, name, "state"),
    TBANK_AUTH_SESSION_STORE: "file",
    TBANK_AUTH_ISSUER_URL: sandbox.urls.authIssuerUrl,
    TBANK_HOTELS_VOUCHER_DIRECTORY: join(root, name, "vouchers"),
    TBANK_AUTH_BROKER_TIMEOUT_MS: "10000",
    ...env,
  });
  if (!parsed.ok) throw new Error(`bad broker config: ${JSON.stringify(parsed.problems)}`);
  brokers.push(await startInProcessBroker(parsed.config, { now: clock.now, selfPeer: true }));
  await signIn(socketPath, sandbox);
  return socketPath;
}

/** The Hotels MCP with the given toolsets and env; `skew` moves only this server's clock. */
async function hotels(env: Record<string, string>, skew = { ms: 0 }): Promise<HotelsHarness> {
  const h = await startHotelsHarness({ sharedSandbox: sandbox, env: { TBANK_HOTELS_TOOLSETS: "journey,customer,mutations", ...env }, deps: { now: () => sandbox.control.now() + skew.ms } });
  harnesses.push(h);
  return h;
}

function mcpBrokerEnv(socketPath: string): Record<string, string> {
  return { TBANK_AUTH_BROKER_SOCKET: socketPath, TBANK_AUTH_BROKER_STATE_DIR: join(root, "mcp-state"), TBANK_AUTH_BROKER_TIMEOUT_MS: "10000" };
}

/** A prepay RUB rate of a Kazan hotel the journey collected, priced as checkout_inspect says now. */
async function bookingRequest(h: HotelsHarness): Promise<BookingRequest> {
  const stay = { checkinDate: "2027-03-10", checkoutDate: "2027-03-12" };
  const guests = [{ adultsCount: 2, childrenAges: [] }];
  const { options } = await createJourney(h, { ...stay, select: null });
  for (const option of options) {
    if (option.hotelId === null) continue;
    const { rates } = await h.ctx.provider.api.rates(option.hotelId, { ...stay, guests });
    const rate = rates.find((r) => r.paymentType === "prepay" && r.price.currency === "RUB");
    if (!rate) continue;
    const { currentPrice } = await h.ctx.provider.api.inspectCheckout({ bookHash: rate.bookHash, ...stay, guests });
    return {
      hotelId: option.hotelId,
      bookHash: rate.bookHash,
      ...stay,
      rooms: [{ adults: 2, childrenAges: [], guests: GUESTS }],
      contacts: CONTACTS,
      expectedPrice: { amountDecimal: decimalFromProviderNumber(currentPrice.value), currency: currentPrice.currency },
    };
  }
  throw new Error("no prepay RUB rate in the journey");
}

/** What the model sends to execute after a prepare: the same fields plus the prepared answer. */
function executeArgs(fields: object, prepared: Row): Row {
  return { ...fields, preparedRequestHash: prepared.requestHash, preparedAt: prepared.preparedAt, expiresAt: prepared.expiresAt, confirmationPhrase: prepared.confirmationPhrase };
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: "hotels-mutations", canary: CANARY, deviceIntervalSeconds: 0, now: clock.now });
  root = await mkdtemp(join(tmpdir(), "hmut-"));
});

afterAll(async () => {
  for (const h of harnesses) await h.close();
  for (const b of brokers) await b.stop("test done");
  await sandbox.close();
  await rm(root, { recursive: true, force: true });
});

beforeEach(() => {
  sandbox.control.clearFaults();
  sandbox.control.resetCounters();
});

describe("no tool takes card data, OTPs, 3-D Secure data or a browser fingerprint", () => {
  const FORBIDDEN = /card|pan|cvv|cvc|pin|otp|3ds|secure|fingerprint|expiry/i;

  function propertyNames(schema: unknown, out: string[] = []): string[] {
    if (Array.isArray(schema)) for (const s of schema) propertyNames(s, out);
    else if (schema !== null && typeof schema === "object") {
      for (const [key, value] of Object.entries(schema)) {
        if (key === "properties" && value !== null && typeof value === "object") out.push(...Object.keys(value as object));
        propertyNames(value, out);
      }
    }
    return out;
  }

  it("walks every input schema of every toolset", async () => {
    const h = await hotels({ TBANK_HOTELS_TOOLSETS: TOOLSETS.join(","), ...GATES });
    const { tools } = await h.client.listTools();
    expect(tools.some((t) => t.name === "tbank_hotels_execute_payment_setup")).toBe(true);
    const names = tools.flatMap((t) => propertyNames(t.inputSchema).map((p) => `${t.name}.${p}`));
    expect(names.length).toBeGreaterThan(100);
    expect(names.filter((n) => FORBIDDEN.test(n.split(".")[1]!))).toEqual([]);
  });
});

describe("the mutations toolset", () => {
  it("lists 12 tools: prepare read-only, execute destructive and not idempotent, one-line descriptions", async () => {
    const h = await hotels({ TBANK_HOTELS_TOOLSETS: "mutations" });
    const { tools } = await h.client.listTools();
    const mine = tools.filter((t) => /^tbank_hotels_(prepare|execute)_/.test(t.name));
    expect(mine.map((t) => t.name)).toEqual(
      ["booking", "ls_booking", "cancellation", "payment_setup", "promo_code", "extra_services"].flatMap((x) => [`tbank_hotels_prepare_${x}`, `tbank_hotels_execute_${x}`]),
    );
    for (const t of mine) {
      const execute = t.name.startsWith("tbank_hotels_execute_");
      expect(t.annotations).toEqual(execute ? { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true } : { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
      expect(t.description).not.toContain("\n");
      expect(t.inputSchema.additionalProperties).toBe(false);
      if (execute) expect(t.inputSchema.required).toEqual(expect.arrayContaining(["preparedRequestHash", "preparedAt", "expiresAt", "confirmationPhrase"]));
    }
  });

  it("refuses an unknown field before the handler runs", async () => {
    const h = await hotels({ TBANK_HOTELS_TOOLSETS: "mutations" });
    const { result, text } = await h.call("tbank_hotels_prepare_cancellation", { bookingRef: "bkr_AAAAAAAAAAAAAAAAAAAAAA", note: "x" });
    expect(result.isError).toBe(true);
    expect(text).toMatch(/note|unrecognized/i);
  });
});

describe("execution not ready", () => {
  let request: BookingRequest;
  let gatesOffSocket: string;

  beforeAll(async () => {
    gatesOffSocket = await broker("off", { TBANK_HOTELS_MUTATION_EXECUTION_PROFILE: "non_production_v1_reviewed", TBANK_HOTELS_TRUSTED_REAL_IP: REAL_IP });
    request = await bookingRequest(await hotels({}));
  });

  it("this server's mutations off: prepare is preview_only with masked contacts and no hash, phrase or approval; connection_status says why", async () => {
    const h = await hotels({});
    const { data, text, result } = await h.call("tbank_hotels_prepare_booking", request);
    expect(result.isError).toBeFalsy();
    expect(data).toMatchObject({ status: "preview_only", executionAvailable: false, kind: "booking", endpoint: "POST /v1/orders" });
    expect(data).not.toHaveProperty("requestHash");
    expect(data).not.toHaveProperty("confirmationPhrase");
    expect(data).not.toHaveProperty("approvalUrl");
    expect(data.preview).toMatchObject({ bookHash: "(from the selected rate)", contacts: { email: "i***@example.com", phone: "+7 900 ***-**-67" } });
    for (const channel of [JSON.stringify(data), text]) {
      expect(channel).not.toContain(request.bookHash);
      expect(channel).not.toContain(CONTACTS.email);
      expect(channel).not.toContain("confirm book");
    }
    expect(text).toContain("off in this server's configuration");
    expect(data.nextStep).toContain("tbank_hotels_create_checkout_handoff");

    const status = await h.call("tbank_hotels_connection_status");
    expect(status.data.bookingExecution).toEqual({ available: false, reason: expect.stringContaining("this server's configuration") as string });
    expect(status.data.paymentFormExecution).toMatchObject({ available: false });
    expect(status.text).toContain("bookingExecution.available=false");
    expect(writeRequests()).toBe(0);
  });

  it("the broker's gates off: prepare is preview_only, and execute answers execution_unavailable before looking at hash or TTL, sending nothing", async () => {
    const h = await hotels({ ...GATES, ...mcpBrokerEnv(gatesOffSocket) });
    const call = vi.spyOn(h.ctx.broker!, "call");
    const prepared = await h.call("tbank_hotels_prepare_booking", request);
    expect(prepared.data).toMatchObject({ status: "preview_only", executionAvailable: false, reason: expect.stringContaining("auth broker's configuration") as string });
    // A hash nobody prepared and a long-expired preparation: readiness answers first.
    const { data, result } = await h.call("tbank_hotels_execute_booking", {
      ...request,
      preparedRequestHash: "0".repeat(64),
      preparedAt: "2020-01-01T00:00:00.000Z",
      expiresAt: "2020-01-01T00:05:00.000Z",
      confirmationPhrase: "confirm book 00000000",
    });
    expect(result.isError).toBeFalsy();
    expect(data).toMatchObject({ status: "execution_unavailable", retryAllowed: false });
    expect(call).not.toHaveBeenCalled();
    const status = await h.call("tbank_hotels_connection_status");
    expect(status.data.bookingExecution).toMatchObject({ available: false, reason: expect.stringContaining("auth broker's configuration") as string });
    expect(JSON.stringify(status.data)).not.toContain(REAL_IP);
    expect(writeRequests()).toBe(0);
  });
});

describe("execution ready", () => {
  let socketPath: string;
  let h: HotelsHarness;
  const skew = { ms: 0 };
  let request: BookingRequest;

  beforeAll(async () => {
    socketPath = await broker("on", { ...GATES, TBANK_HOTELS_TRUSTED_REAL_IP: REAL_IP, TBANK_AUTH_BROKER_APPROVAL_TIMEOUT_MS: "5000" });
    h = await hotels({ ...GATES, ...mcpBrokerEnv(socketPath) }, skew);
    request = await bookingRequest(h);
  });

  beforeEach(() => {
    skew.ms = 0;
  });

  /** Executes while the person decides at the terminal. */
  async function decided(args: Row, decision: "approve" | "deny", name = "tbank_hotels_execute_booking") {
    expect(args.preparedRequestHash).toMatch(/^[0-9a-f]{64}$/);
    const run = h.call(name, args);
    const shown = await decideNextApproval(socketPath, decision, { requestHash: args.preparedRequestHash as string });
    return { ...(await run), shown };
  }

  it("connection_status reports both gates open, without any value", async () => {
    const { data, text } = await h.call("tbank_hotels_connection_status");
    expect(data.bookingExecution).toEqual({ available: true, reason: null });
    expect(data.paymentFormExecution).toEqual({ available: true, reason: null });
    expect(text).toContain("bookingExecution.available=true");
    expect(JSON.stringify(data) + text).not.toContain(REAL_IP);
  });

  it("prepare → the person approves → execute books once; the booking appears in list_bookings; a repeat replays", async () => {
    const before = ((await h.call("tbank_hotels_list_bookings", { limit: 20 })).data.total as number) ?? 0;
    const prepared = await h.call("tbank_hotels_prepare_booking", request);
    const p = prepared.data;
    expect(p).toMatchObject({ status: "prepared", executionAvailable: true, endpoint: "POST /v1/orders", terminalCommand: "tbank-mcp approve" });
    expect(p.requestHash).toMatch(/^[0-9a-f]{64}$/);
    expect(p.confirmationPhrase).toBe(confirmationPhraseOf("booking", p.requestHash as string));
    expect(Date.parse(p.expiresAt as string) - Date.parse(p.preparedAt as string)).toBe(5 * 60_000);
    expect(p.approvalUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/approve\//);
    // Every fact is in the text too; the bookHash is in neither.
    for (const fact of [p.requestHash, p.confirmationPhrase, p.expiresAt, p.approvalUrl]) expect(prepared.text).toContain(fact);
    expect(prepared.text + JSON.stringify(p)).not.toContain(request.bookHash);
    expect(p.nextStep).toContain("tbank_hotels_execute_booking");
    expect(writeRequests()).toBe(0);

    const executed = await decided(executeArgs(request, p), "approve");
    expect(executed.result.isError).toBeFalsy();
    expect(executed.data).toMatchObject({ status: "committed", kind: "booking", replayed: false, reconciled: false, facts: { kind: "booking", bookingRef: expect.stringMatching(/^bkr_/) as string } });
    const bookingRef = (executed.data.facts as Row).bookingRef as string;
    expect(executed.text).toContain(`bookingRef=${bookingRef}`);
    // The person is told what stays true; the 30-minute ref stays the model's, in both channels.
    for (const said of [executed.data.nextStep as string, executed.text]) {
      expect(said).toContain("is listed in their bookings");
      expect(said).toContain("do not give it to the person");
    }
    expect(sandbox.control.commitCount("create_booking")).toBe(1);

    const list = await h.call("tbank_hotels_list_bookings", { limit: 20 });
    expect(list.data.total).toBe(before + 1);
    expect((list.data.bookings as Row[]).map((b) => b.bookingRef)).toContain(bookingRef);

    const again = await h.call("tbank_hotels_execute_booking", executeArgs(request, p));
    expect(again.data).toMatchObject({ status: "committed", replayed: true, facts: { bookingRef } });
    expect(sandbox.control.requestCount("create_booking")).toBe(1);
  });

  it("a changed field or a wrong phrase is refused here with no broker call; an expired preparation is refused by the broker; nothing is sent", async () => {
    // Prepared six minutes ago (this server's clock only), so expired for both clocks now.
    skew.ms = -(5 * 60_000 + 60_000);
    const stale = (await h.call("tbank_hotels_prepare_booking", request)).data;
    skew.ms = 0;
    const p = (await h.call("tbank_hotels_prepare_booking", request)).data;
    const call = vi.spyOn(h.ctx.broker!, "call");
    try {
      const renamed = { ...request, rooms: [{ ...request.rooms[0]!, guests: [{ firstName: "Ivan", lastName: "Petrovv" }, GUESTS[1]] }] };
      const changed = await h.call("tbank_hotels_execute_booking", executeArgs(renamed, p));
      expect(changed.data).toMatchObject({ status: "preparation_invalid", reason: "fields_changed", retryAllowed: false });
      expect(changed.result.isError).toBeFalsy();
      expect(changed.text).toContain("tbank_hotels_prepare_booking");

      const phrase = await h.call("tbank_hotels_execute_booking", { ...executeArgs(request, p), confirmationPhrase: "confirm book" });
      expect(phrase.data).toMatchObject({ status: "preparation_invalid", reason: "wrong_phrase" });

      expect(call.mock.calls.map(([op]) => op)).not.toContain("hotels.execute_write_v1");

      // Only the broker knows whether an expired preparation was ever sent (then it reconciles).
      const expired = await h.call("tbank_hotels_execute_booking", executeArgs(request, stale));
      expect(expired.data).toMatchObject({ status: "preparation_invalid", reason: "expired" });
    } finally {
      call.mockRestore();
    }
    expect(writeRequests()).toBe(0);
  });

  it("a denial and an approval timeout send nothing", async () => {
    const cancellation = { bookingRef: await someBookingRef() };
    const first = (await h.call("tbank_hotels_prepare_cancellation", cancellation)).data;
    expect(first.preview).toEqual(cancellation);
    const denied = await decided(executeArgs(cancellation, first), "deny", "tbank_hotels_execute_cancellation");
    expect(denied.data).toMatchObject({ status: "approval_denied", retryAllowed: false, kind: "cancellation" });
    expect(denied.result.isError).toBeFalsy();

    const promo = { bookingRef: cancellation.bookingRef, promoCode: "SPRING10" };
    const second = (await h.call("tbank_hotels_prepare_promo_code", promo)).data;
    const timedOut = await h.call("tbank_hotels_execute_promo_code", executeArgs(promo, second));
    expect(timedOut.data).toMatchObject({ status: "approval_timeout", retryAllowed: true });
    expect(timedOut.text).toContain("tbank-mcp approve");
    expect(writeRequests()).toBe(0);
  }, 20_000);

  it("a price the provider no longer offers is refused_by_provider with the current price, and nothing is booked", async () => {
    const stale = { ...request, expectedPrice: { ...request.expectedPrice, amountDecimal: "1" } };
    const p = (await h.call("tbank_hotels_prepare_booking", stale)).data;
    expect(p.status).toBe("prepared");
    const { data, text, result } = await decided(executeArgs(stale, p), "approve");
    expect(result.isError).toBeFalsy();
    expect(data).toMatchObject({ status: "refused_by_provider", reason: "price_changed", retryAllowed: false, currentPrice: request.expectedPrice });
    expect(text).toContain(`${request.expectedPrice.amountDecimal} ${request.expectedPrice.currency}`);
    expect(sandbox.control.commitCount("create_booking")).toBe(0);
  });

  it("a lost provider answer is outcome_unknown (not an error, not to be repeated blindly); calling execute again reconciles to one order", async () => {
    const again = { ...request, rooms: [{ ...request.rooms[0]!, guests: [{ firstName: "Olga", lastName: "Sidorova" }] }] };
    const p = (await h.call("tbank_hotels_prepare_booking", again)).data;
    sandbox.control.setFault("create_booking", { kind: "lost_response", times: 1 });
    const lost = await decided(executeArgs(again, p), "approve");
    expect(lost.result.isError).toBeFalsy();
    expect(lost.data).toMatchObject({ status: "outcome_unknown", retryAllowed: true });
    expect(lost.text).toContain("Do not prepare or send a new one");
    expect(lost.data.nextStep).toContain("tbank_hotels_execute_booking");

    const reconciled = await h.call("tbank_hotels_execute_booking", executeArgs(again, p));
    expect(reconciled.data).toMatchObject({ status: "committed", reconciled: true, facts: { bookingRef: expect.stringMatching(/^bkr_/) as string } });
    expect(sandbox.control.commitCount("create_booking")).toBe(1);
    expect(sandbox.control.requestCount("create_booking")).toBe(1);
  });

  /** The seeded CONFIRMED booking in `city` (this file's bookings are made in Казань too, awaiting payment). */
  async function refIn(city: string): Promise<string> {
    const { data } = await h.call("tbank_hotels_list_bookings", { limit: 20 });
    return (data.bookings as Row[]).find((b) => b.city === city && b.status === "CONFIRMED")!.bookingRef as string;
  }

  it("preview_cancellation offers prepare_cancellation only while a cancellation could run; without the toolset it asks the broker nothing", async () => {
    const bookingRef = await refIn("Казань");
    const ready = await h.call("tbank_hotels_preview_cancellation", { bookingRef });
    for (const next of [ready.data.nextStep as string, ready.text]) {
      expect(next).toContain("tbank_hotels_prepare_cancellation with the bookingRef (they approve it themselves");
      expect(next).not.toContain("cannot cancel");
    }
    // This server's mutations gate off: the same toolset, nothing to prepare.
    const off = await hotels(mcpBrokerEnv(socketPath));
    expect((await off.call("tbank_hotels_preview_cancellation", { bookingRef })).data.nextStep).toContain("this server cannot cancel bookings");
    const plain = await hotels({ TBANK_HOTELS_TOOLSETS: "journey,customer", ...GATES, ...mcpBrokerEnv(socketPath) });
    const status = vi.spyOn(plain.ctx.broker!, "writeStatus");
    const preview = await plain.call("tbank_hotels_preview_cancellation", { bookingRef });
    expect(preview.data.nextStep).toContain("this server cannot cancel bookings");
    expect(status).not.toHaveBeenCalled();
    expect(writeRequests()).toBe(0);
  });

  it("a prepare whose preview is only a bookingRef says where its terms come from, and that the approval shows the provider's own", async () => {
    const bookingRef = await refIn("Казань");
    const terms = async (name: string, args: Row): Promise<string[]> => {
      const { data, text } = await h.call(name, args);
      expect(data.status).toBe("prepared");
      return [data.nextStep as string, text];
    };
    for (const next of await terms("tbank_hotels_prepare_cancellation", { bookingRef })) {
      expect(next).toContain("first tell the person, from tbank_hotels_preview_cancellation, whether cancelling is free now or its penalty");
      // No refund figure exists before cancelling: only the provider's answer states one.
      expect(next).toContain("the refund is stated only in the provider's answer");
      expect(next).toContain("when approving, the auth broker shows them the provider's own terms");
      expect(next).not.toContain("show the person the preview and the price");
    }
    for (const [name, args] of [
      ["tbank_hotels_prepare_payment_setup", { bookingRef }],
      ["tbank_hotels_prepare_promo_code", { bookingRef, promoCode: "SPRING10" }],
      ["tbank_hotels_prepare_extra_services", { bookingRef, services: ["late_checkout"] }],
    ] as const) {
      for (const next of await terms(name, args)) expect(next).toMatch(/first tell the person the .+ from tbank_hotels_get_booking.*; when approving, the auth broker shows them the provider's own terms; nothing is sent yet/);
    }
    // A booking's preview carries its price itself.
    expect((await terms("tbank_hotels_prepare_booking", request))[0]).toMatch(/^show the person the preview and the price; nothing is sent yet/);
    expect(writeRequests()).toBe(0);
  });

  it("a committed cancellation: none only where the provider's answer said so, amounts in the answer's language beside the decimal; after a lost answer, no data", async () => {
    const kazan = { bookingRef: await refIn("Казань") };
    const p = (await h.call("tbank_hotels_prepare_cancellation", kazan)).data;
    // Paid, before its first penalty stage: the provider answers penalty null (none) and the full refund.
    const { data, text } = await decided({ ...executeArgs(kazan, p), language: "en" }, "approve", "tbank_hotels_execute_cancellation");
    expect(data).toMatchObject({ status: "committed", reconciled: false, facts: { penalty: null, refund: { amountDecimal: "43218.5", currency: "RUB" } } });
    expect(text).toContain(`bookingRef=${kazan.bookingRef} status=CANCELLED penalty=none refund=43218.5 RUB (₽43,218.50)`);
    expect(data.nextStep).toContain("(null: none, as the provider answered)");

    // Its answer lost, the cancellation is reconciled from reads that give no penalty or refund: no data, not none.
    const ekb = { bookingRef: await refIn("Екатеринбург") };
    const q = (await h.call("tbank_hotels_prepare_cancellation", ekb)).data;
    sandbox.control.setFault("cancel_order", { kind: "lost_response", times: 1 });
    expect((await decided(executeArgs(ekb, q), "approve", "tbank_hotels_execute_cancellation")).data.status).toBe("outcome_unknown");
    const reconciled = await h.call("tbank_hotels_execute_cancellation", executeArgs(ekb, q));
    expect(reconciled.data).toMatchObject({ status: "committed", reconciled: true, facts: { penalty: null, refund: null } });
    expect(reconciled.text).toContain("penalty=нет данных refund=нет данных");
    expect(reconciled.text).not.toContain("=none");
    expect(reconciled.data.nextStep).toContain("not read after the lost answer");
    expect(sandbox.control.commitCount("cancel_order")).toBe(2);
  });

  async function someBookingRef(): Promise<string> {
    const { data } = await h.call("tbank_hotels_list_bookings", { limit: 20 });
    return (data.bookings as Row[])[0]!.bookingRef as string;
  }
});
