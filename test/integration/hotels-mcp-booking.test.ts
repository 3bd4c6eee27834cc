import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DRAFT_TTL_MS } from "../../mcp/hotels/booking/store.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { parseConfig } from "../../shared/config/index.js";
import { testClock, type TestClock } from "../fixtures/clock.js";
import { decideNextApproval, signIn, startInProcessBroker } from "../fixtures/in-process-broker.js";
import { startHotelsHarness, type HotelsHarness } from "./helpers/hotels-mcp-harness.js";
import { driftFactor } from "../../scripts/sandbox/data/pricing.js";
import { createJourney, journeyState, selectOption } from "./helpers/journey-fixture.js";

// The booking toolset end to end: a real MCP Client ↔ the Hotels MCP ↔ the in-process broker (its
// write gates, approval registry and ledger) ↔ the sandbox's write routes. The person approves
// through the toolkit role, as `tbank-mcp approve` does; nothing the model sends can approve.

const SEED = "hotels-booking";
const CANARY = "CANARY-hbook-5c1e";
// A guest name that must never reach a log, the audit, or an answer of a server that cannot book.
const PII_NAME = "Zyxcanaryname";
const PII_EMAIL = "zyx.canary@example.com";
const PII_PHONE = "+79001234567";
const GATES = {
  TBANK_HOTELS_ENABLE_MUTATIONS: "true",
  TBANK_HOTELS_MUTATION_EXECUTION_PROFILE: "non_production_v1_reviewed",
  TBANK_HOTELS_TRUSTED_REAL_IP: "203.0.113.7",
};
const DRAFT = "tbank_hotels_create_booking_draft";
const VALIDATE = "tbank_hotels_validate_checkout";
const PREPARE = "tbank_hotels_prepare_draft_booking";
const CONFIRM = "tbank_hotels_confirm_booking";

type Row = Record<string, unknown>;

let sandbox: Sandbox;
let clock: TestClock;
let root: string;
let socketPath: string;
let logFile: string;
let stopBroker: (reason: string) => Promise<void>;
let brokerStopped: Promise<void> | undefined;
const stopBrokerOnce = (): Promise<void> => (brokerStopped ??= stopBroker("test done"));
const harnesses: HotelsHarness[] = [];
/** Every answer a server gave in this file (structured content and text). */
const seen: string[] = [];

function env(gates: boolean): Record<string, string> {
  return {
    TBANK_AUTH_BROKER_SOCKET: socketPath,
    TBANK_AUTH_BROKER_STATE_DIR: join(root, "state"),
    TBANK_AUTH_SESSION_STORE: "file",
    TBANK_AUTH_ISSUER_URL: sandbox.urls.authIssuerUrl,
    TBANK_AUTH_BROKER_TIMEOUT_MS: "5000",
    TBANK_AUTH_BROKER_APPROVAL_TIMEOUT_MS: "10000",
    TBANK_HOTELS_TOOLSETS: "journey,customer,booking",
    ...(gates ? GATES : {}),
  };
}

async function hotels(opts: { gates?: boolean; now?: () => number } = {}): Promise<HotelsHarness> {
  const harness = await startHotelsHarness({ sharedSandbox: sandbox, env: env(opts.gates ?? true), ...(opts.now ? { deps: { now: opts.now } } : {}) });
  harnesses.push(harness);
  return {
    ...harness,
    call: async (name, args) => {
      const out = await harness.call(name, args);
      seen.push(JSON.stringify(out.result));
      return out;
    },
  };
}

const contacts = { email: PII_EMAIL, phone: PII_PHONE };
const twoGuests = [[{ firstName: "Анна", lastName: "Петрова" }, { firstName: PII_NAME, lastName: "Петров" }]];

/** A journey on the sandbox with its first bookable rate selected, through the tools a model calls. */
async function journeyWithRate(h: HotelsHarness): Promise<{ journeyId: string; bookHash: string }> {
  const { journeyId } = await createJourney(h);
  const rates = await h.call("tbank_hotels_get_selected_stay_rates", { journeyId });
  expect(rates.data.status).toBe("ready");
  const selected = await h.call("tbank_hotels_select_stay_rate", { journeyId, rateNumber: 1 });
  expect(selected.data.status).toBe("rate_selected");
  const state = await journeyState(h, journeyId);
  const bookHash = state.rates!.private.find((r) => r.rateNumber === 1)!.bookHash!;
  return { journeyId, bookHash };
}

/** draft → validate → prepare, each checked; returns what confirm needs. */
async function prepared(h: HotelsHarness, guests = twoGuests): Promise<{ bookingDraftId: string; requestHash: string; confirmationPhrase: string; bookHash: string }> {
  const { journeyId, bookHash } = await journeyWithRate(h);
  const draft = await h.call(DRAFT, { journeyId, guests, contacts });
  expect(draft.data.status).toBe("draft_ready");
  const bookingDraftId = draft.data.bookingDraftId as string;
  expect((await h.call(VALIDATE, { bookingDraftId })).data.status).toBe("checkout_validated");
  const prep = await h.call(PREPARE, { bookingDraftId });
  expect(prep.data.status).toBe("prepared");
  return { bookingDraftId, requestHash: prep.data.requestHash as string, confirmationPhrase: prep.data.confirmationPhrase as string, bookHash };
}

beforeAll(async () => {
  clock = testClock();
  sandbox = await startSandbox({ seed: SEED, canary: CANARY, deviceIntervalSeconds: 0, now: clock.now });
  root = await mkdtemp(join(tmpdir(), "hbook-"));
  socketPath = join(root, "run", "auth.sock");
  logFile = join(root, "broker.log");
  const parsed = parseConfig({ HOME: root, TBANK_HOTELS_API_BASE_URL: sandbox.urls.hotelsApiBaseUrl, ...env(true) });
  if (!parsed.ok) throw new Error(`bad broker config: ${JSON.stringify(parsed.problems)}`);
  const running = await startInProcessBroker(parsed.config, { now: clock.now, requestTimeoutMs: 5000, selfPeer: true, logFile });
  stopBroker = running.stop;
  await signIn(socketPath, sandbox);
});

afterAll(async () => {
  for (const harness of harnesses) await harness.close();
  await stopBrokerOnce();
  await sandbox.close();
  await rm(root, { recursive: true, force: true });
});

describe("Hotels MCP booking drafts", () => {
  it("lists the four tools with their annotations; no tool takes a bookHash", async () => {
    const h = await hotels();
    const { tools } = await h.client.listTools();
    const ours = tools.filter((t) => [DRAFT, VALIDATE, PREPARE, CONFIRM].includes(t.name));
    expect(ours.map((t) => [t.name, t.annotations?.readOnlyHint, t.annotations?.destructiveHint])).toEqual([
      [DRAFT, false, false],
      [VALIDATE, true, false],
      [PREPARE, true, false],
      [CONFIRM, false, true],
    ]);
    for (const t of tools) expect(JSON.stringify(t.inputSchema)).not.toMatch(/bookHash/i);
  });

  it("execution off: no bookingDraftId, nothing stored, the guest's data never echoed, pointed to the preview", async () => {
    const h = await hotels({ gates: false });
    const { journeyId } = await journeyWithRate(h);
    sandbox.control.resetCounters();
    const { data, text, result } = await h.call(DRAFT, { journeyId, guests: twoGuests, contacts });
    expect(result.isError).toBeFalsy();
    expect(data).toMatchObject({ status: "execution_unavailable", retryAllowed: false });
    expect(data).not.toHaveProperty("bookingDraftId");
    expect(data.nextStep).toContain("tbank_hotels_create_booking_preview");
    expect(h.ctx.bookingDrafts.size).toBe(0);
    const answer = JSON.stringify(result);
    for (const pii of [PII_NAME, "Петрова", PII_EMAIL, PII_PHONE]) expect(answer).not.toContain(pii);
    expect(text).not.toContain(PII_NAME);
    // Malformed PII is not even read (and so not echoed by a validation error) while execution is off.
    const bad = await h.call(DRAFT, { journeyId, guests: [[{ firstName: `${PII_NAME}1`, lastName: "x" }]], contacts: { email: "not-an-email", phone: "1" } });
    expect(bad.data.status).toBe("execution_unavailable");
    expect(JSON.stringify(bad.result)).not.toContain(PII_NAME);
    expect(sandbox.control.requestCount("create_booking")).toBe(0);
    // The preview it points to says booking is not available here, in both channels.
    const preview = await h.call("tbank_hotels_create_booking_preview", { journeyId });
    expect(preview.data).toMatchObject({ status: "preview_ready", bookingExecutionAvailable: false, nextStep: "tbank_hotels_create_checkout_handoff" });
    expect(preview.text).toContain("bookingExecution.available=false");
  });

  it("with every gate open the booking preview offers a draft, in both channels", async () => {
    const h = await hotels();
    const { journeyId } = await journeyWithRate(h);
    const preview = await h.call("tbank_hotels_create_booking_preview", { journeyId });
    expect(preview.data).toMatchObject({ status: "preview_ready", bookingExecutionAvailable: true });
    expect(preview.data.nextStep).toContain("tbank_hotels_create_booking_draft");
    expect(preview.text).toContain("bookingExecution.available=true");
    expect(preview.text).toContain("tbank_hotels_create_booking_draft");
  });

  it("with every gate open the rates point to the selection, and the selection offers a draft beside the seller's page, in both channels", async () => {
    const h = await hotels();
    const { journeyId } = await createJourney(h);
    const rates = await h.call("tbank_hotels_get_selected_stay_rates", { journeyId });
    expect(rates.data.nextStep).toContain("tbank_hotels_select_stay_rate");
    expect(rates.data.nextStep).not.toContain("tbank_hotels_create_checkout_handoff");
    const selected = await h.call("tbank_hotels_select_stay_rate", { journeyId, rateNumber: 1 });
    for (const next of [selected.data.nextStep as string, selected.text]) {
      expect(next).toContain(`guests' names and contact, then ${DRAFT}`);
      expect(next).toContain("they approve the booking themselves");
      expect(next).toContain("tbank_hotels_create_checkout_handoff");
    }
  });

  it("booking not available, or no booking toolset: the selection points to the seller's page only; without the toolset no broker status is asked", async () => {
    const off = await hotels({ gates: false });
    const { journeyId } = await journeyWithRate(off);
    const selected = await off.call("tbank_hotels_select_stay_rate", { journeyId, rateNumber: 1 });
    expect(selected.data.nextStep).toContain("→ tbank_hotels_create_checkout_handoff;");
    expect(selected.data.nextStep).not.toContain(DRAFT);

    const plain = await startHotelsHarness({ sharedSandbox: sandbox, env: { ...env(true), TBANK_HOTELS_TOOLSETS: "journey,customer" } });
    harnesses.push(plain);
    const status = vi.spyOn(plain.ctx.broker!, "writeStatus");
    const journey = await createJourney(plain);
    const rates = await plain.call("tbank_hotels_get_selected_stay_rates", { journeyId: journey.journeyId });
    expect(rates.data.nextStep).toContain("to book («оформить/забронировать») → tbank_hotels_create_checkout_handoff");
    const chosen = await plain.call("tbank_hotels_select_stay_rate", { journeyId: journey.journeyId, rateNumber: 1 });
    expect(chosen.data.nextStep).not.toContain(DRAFT);
    expect(status).not.toHaveBeenCalled();
  });

  it("draft → validate → prepare → the person approves → confirm: booked once, listed, nothing provider-private shown", async () => {
    const h = await hotels();
    const { bookingDraftId, requestHash, confirmationPhrase, bookHash } = await prepared(h);
    const prep = seen.at(-1)!;
    expect(prep).toContain("tbank-mcp approve");
    expect(prep).not.toContain(PII_EMAIL);
    expect(prep).toContain("z***@example.com");
    sandbox.control.resetCounters();
    const [confirm, approval] = await Promise.all([
      h.call(CONFIRM, { bookingDraftId, preparedRequestHash: requestHash, confirmationPhrase }),
      decideNextApproval(socketPath, "approve", { requestHash }),
    ]);
    // The person saw the draft's hotel, dates and guests, built by the broker from its own reads.
    expect(approval.display).toMatchObject({ kind: "booking", checkinDate: "2027-03-10", checkoutDate: "2027-03-12" });
    expect(confirm.result.isError).toBeFalsy();
    expect(confirm.data).toMatchObject({ status: "confirmed", state: "confirmed", requestHash });
    const bookingRef = confirm.data.bookingRef as string;
    expect(bookingRef).toMatch(/^bkr_/);
    expect(confirm.text).toContain(bookingRef);
    expect(sandbox.control.commitCount("create_booking")).toBe(1);
    expect(sandbox.control.requestCount("create_booking")).toBe(1);

    const listed = await h.call("tbank_hotels_list_bookings", { limit: 20 });
    expect((listed.data.bookings as Row[]).map((b) => b.bookingRef)).toContain(bookingRef);
    // A confirmed draft is done: confirming again sends nothing and says where the booking is.
    const again = await h.call(CONFIRM, { bookingDraftId, preparedRequestHash: requestHash, confirmationPhrase });
    expect(again.data).toMatchObject({ status: "already_confirmed", bookingRef });
    expect(sandbox.control.requestCount("create_booking")).toBe(1);
    for (const answer of seen) expect(answer).not.toContain(bookHash);
  });

  it("a price that moved since the rates: validate says old → new, and the booking is made at the validated price", async () => {
    const h = await hotels();
    const { journeyId, options } = await createJourney(h);
    let drifting: { rateNumber: number; price: string } | undefined;
    for (const option of options.filter((o) => o.public.hasRates && o.hotelId !== null)) {
      await selectOption(h, journeyId, option);
      const rates = await h.call("tbank_hotels_get_selected_stay_rates", { journeyId });
      const found = (await journeyState(h, journeyId)).rates!.private.find((p) => p.bookHash !== null && driftFactor(SEED, p.bookHash) !== 1);
      if (found) {
        drifting = { rateNumber: found.rateNumber, price: (rates.data.rates as Row[]).find((r) => r.rateNumber === found.rateNumber)!.price as string };
        break;
      }
    }
    expect(drifting).toBeDefined();
    await h.call("tbank_hotels_select_stay_rate", { journeyId, rateNumber: drifting!.rateNumber });
    const draft = await h.call(DRAFT, { journeyId, guests: twoGuests, contacts });
    const bookingDraftId = draft.data.bookingDraftId as string;
    const validated = await h.call(VALIDATE, { bookingDraftId });
    expect(validated.data).toMatchObject({ status: "checkout_validated", priceChanged: true });
    const [oldPrice, newPrice] = (validated.data.priceChange as string).replace("Цена изменилась: ", "").split(" → ");
    // The old price is the rates answer's total; the new one is what the summary now shows.
    expect(drifting!.price.startsWith(oldPrice!)).toBe(true);
    expect((validated.data.summary as Row).price).toBe(newPrice);
    expect(validated.text).toContain(validated.data.priceChange as string);
    expect(validated.data.nextStep).toContain("old → new");
    const prep = await h.call(PREPARE, { bookingDraftId });
    const requestHash = prep.data.requestHash as string;
    // The sandbox refuses (price_changed) any expectedPrice but the current one.
    const [confirm] = await Promise.all([
      h.call(CONFIRM, { bookingDraftId, preparedRequestHash: requestHash, confirmationPhrase: prep.data.confirmationPhrase }),
      decideNextApproval(socketPath, "approve", { requestHash }),
    ]);
    expect(confirm.data).toMatchObject({ status: "confirmed" });
  });

  it("guestCoverage warns when fewer names than guests are given, and still makes the draft", async () => {
    const h = await hotels();
    const { journeyId } = await journeyWithRate(h);
    const { data, text } = await h.call(DRAFT, { journeyId, guests: [[{ firstName: "Анна", lastName: "Петрова" }]], contacts });
    expect(data.status).toBe("draft_ready");
    expect(data.guestCoverage).toMatchObject({ complete: false, rooms: [{ given: 1, guests: 2, complete: false }] });
    expect((data.guestCoverage as Row).warning).toMatch(/номер 1: 1 из 2/);
    expect(text).toContain("номер 1: 1 из 2");
    const full = await h.call(DRAFT, { journeyId, guests: twoGuests, contacts });
    expect(full.data.guestCoverage).toEqual({ complete: true, rooms: [{ given: 2, guests: 2, complete: true }] });
    // One list per room of the search: a second room's names have nowhere to go.
    const extra = await h.call(DRAFT, { journeyId, guests: [...twoGuests, ...twoGuests], contacts });
    expect(extra.data).toMatchObject({ status: "invalid_input", errors: [{ field: "guests" }] });
  });

  it("prepare needs a validation younger than 5 minutes", async () => {
    const mine = testClock(clock.now());
    const h = await hotels({ now: mine.now });
    const { journeyId } = await journeyWithRate(h);
    const { data } = await h.call(DRAFT, { journeyId, guests: twoGuests, contacts });
    const bookingDraftId = data.bookingDraftId as string;
    sandbox.control.resetCounters();
    const unvalidated = await h.call(PREPARE, { bookingDraftId });
    expect(unvalidated.data).toMatchObject({ status: "validation_required", retryAllowed: false });
    expect(unvalidated.data).not.toHaveProperty("requestHash");
    expect(unvalidated.data.nextStep).toContain(VALIDATE);
    expect((await h.call(VALIDATE, { bookingDraftId })).data.status).toBe("checkout_validated");
    expect((await h.call(PREPARE, { bookingDraftId })).data.status).toBe("prepared");
    mine.advance(5 * 60_000);
    expect((await h.call(PREPARE, { bookingDraftId })).data.status).toBe("validation_required");
    expect(sandbox.control.requestCount("create_booking")).toBe(0);
  });

  it("a draft lives 60 minutes of its own, past the journey it came from", async () => {
    const mine = testClock(clock.now());
    const h = await hotels({ now: mine.now });
    const { journeyId } = await journeyWithRate(h);
    mine.advance(50 * 60_000);
    const before = mine.now();
    const { data } = await h.call(DRAFT, { journeyId, guests: twoGuests, contacts });
    const bookingDraftId = data.bookingDraftId as string;
    const expiresAt = Date.parse(data.expiresAt as string);
    expect(expiresAt).toBeGreaterThanOrEqual(before + DRAFT_TTL_MS);
    expect(expiresAt).toBeLessThanOrEqual(mine.now() + DRAFT_TTL_MS);
    mine.advance(15 * 60_000);
    // The journey (60 minutes from its plan_stay) is gone; the draft is not.
    expect((await h.call("tbank_hotels_create_booking_preview", { journeyId })).data.status).toBe("journey_expired");
    expect((await h.call(VALIDATE, { bookingDraftId })).data.status).toBe("checkout_validated");
    mine.advance(DRAFT_TTL_MS - 15 * 60_000);
    const gone = await h.call(VALIDATE, { bookingDraftId });
    expect(gone.data).toMatchObject({ status: "draft_expired", retryAllowed: false });
    expect(h.ctx.bookingDrafts.get(bookingDraftId).status).toBe("not_found");
  });

  it("a parallel confirm of the same draft answers in_progress locally: one approval, one POST", async () => {
    const h = await hotels();
    const { bookingDraftId, requestHash, confirmationPhrase } = await prepared(h);
    sandbox.control.resetCounters();
    const args = { bookingDraftId, preparedRequestHash: requestHash, confirmationPhrase };
    // Whichever claims the draft first waits for the person; the other answers at once.
    const [a, b] = await Promise.all([h.call(CONFIRM, args), h.call(CONFIRM, args), decideNextApproval(socketPath, "approve", { requestHash })]);
    const [waited, refused] = a.data.status === "confirmed" ? [a, b] : [b, a];
    expect(waited.data.status).toBe("confirmed");
    expect(refused.data).toMatchObject({ status: "in_progress", state: "confirming", retryAllowed: false });
    expect(sandbox.control.requestCount("create_booking")).toBe(1);
    expect(sandbox.control.commitCount("create_booking")).toBe(1);
  });

  it("a lost response is outcome_unknown; confirming again, even after the preparation expired, reconciles it: exactly one order", async () => {
    const h = await hotels();
    const { bookingDraftId, requestHash, confirmationPhrase } = await prepared(h);
    const args = { bookingDraftId, preparedRequestHash: requestHash, confirmationPhrase };
    sandbox.control.resetCounters();
    sandbox.control.setFault("create_booking", { kind: "lost_response", times: 1 });
    const [lost] = await Promise.all([h.call(CONFIRM, args), decideNextApproval(socketPath, "approve", { requestHash })]);
    expect(lost.data).toMatchObject({ status: "outcome_unknown", state: "outcome_unknown", retryAllowed: true });
    expect(lost.data.nextStep).toContain("Do not create a new draft");
    // The draft is frozen until reconciled: no new validation or preparation could book it twice.
    expect((await h.call(PREPARE, { bookingDraftId })).data.status).toBe("outcome_unknown");
    // Long enough that the preparation expired: the broker's ledger still reconciles it.
    clock.advance(6 * 60_000);
    const reconciled = await h.call(CONFIRM, args);
    expect(reconciled.data).toMatchObject({ status: "confirmed", state: "confirmed", reconciled: true });
    expect(reconciled.data.bookingRef).toMatch(/^bkr_/);
    expect(sandbox.control.commitCount("create_booking")).toBe(1);
    expect(sandbox.control.requestCount("create_booking")).toBe(1);
  });

  // Last: it stops the broker, whose log file is complete only then.
  it("guest names and contacts never reach the broker's log or audit, which did record the writes", async () => {
    await stopBrokerOnce();
    const log = await readFile(logFile, "utf8");
    expect(log).toContain("approval_requested");
    for (const pii of [PII_NAME, PII_EMAIL, PII_PHONE]) expect(log).not.toContain(pii);
  });
});
