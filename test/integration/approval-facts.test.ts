import { PassThrough } from "node:stream";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { approve } from "../../scripts/cli/commands/approve.js";
import { decimalFromProviderNumber, formatMoney } from "../../shared/money.js";
import { connectBroker, type BrokerConnection } from "../../shared/protocol/client.js";
import type { BookingRequest, PendingApproval } from "../../shared/protocol/ops-hotels-writes.js";
import { formatOffsetDateTime } from "../../shared/time.js";
import { stayFrom, testClock } from "../fixtures/clock.js";
import { sandboxBooking } from "../fixtures/sandbox-bookings.js";
import { GATES_ON, outcome, prepare, startWritesBroker, type Prepared, type WritesBroker } from "./helpers/writes-broker.js";

// What the person reads before approving, in both of their channels (the loopback page and
// `tbank-mcp approve`), built by a real broker from its own provider reads of the sandbox.

const SEED = "eval";
const ROOMS = [
  { adults: 2, childrenAges: [], guests: [{ firstName: "Ivan", lastName: "Petrov" }, { firstName: "Anna", lastName: "Petrova" }] },
  { adults: 1, childrenAges: [7], guests: [{ firstName: "Oleg", lastName: "Sidorov" }] },
];
const en = (decimal: string): string => formatMoney(decimal, "RUB", "en");

/** The page's text as a person reads it: tags dropped, entities decoded, one space between words. */
function pageText(html: string): string {
  const entities: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39);/g, (e) => entities[e] ?? e)
    .replace(/\s+/g, " ");
}

describe("the approval screen states the broker's own facts, the same on the page and in tbank-mcp approve", () => {
  let sandbox: Sandbox;
  let writes: WritesBroker;
  let hotels: BrokerConnection;
  let env: Record<string, string>;
  let socketPath: string;
  const clock = testClock();

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: SEED, canary: "CANARY-apf-1", deviceIntervalSeconds: 0, now: clock.now });
    writes = await startWritesBroker(sandbox, clock, { ...GATES_ON, TBANK_HOTELS_TRUSTED_REAL_IP: "203.0.113.9", TBANK_AUTH_BROKER_APPROVAL_TIMEOUT_MS: "20000" });
    ({ socketPath, hotels } = writes);
    // What `tbank-mcp approve` reads to find this broker.
    env = { HOME: writes.root, TBANK_AUTH_BROKER_SOCKET: socketPath, TBANK_AUTH_BROKER_STATE_DIR: join(writes.root, "state"), TBANK_AUTH_SESSION_STORE: "file" };
  });

  afterAll(async () => {
    await writes?.stop();
    await sandbox?.close();
  });

  /**
   * Executes `p` and, while it waits, reads the page and runs `tbank-mcp approve` (answering no:
   * what is shown is the point, and nothing is sent). Returns both texts.
   */
  async function screens(p: Prepared): Promise<{ page: string; terminal: string; shown: PendingApproval }> {
    const { approvalUrl } = await hotels.call("hotels.open_write_approval_v1", { requestHash: p.requestHash, kind: p.prepared.kind });
    const run = outcome(hotels.call("hotels.execute_write_v1", p));
    const toolkit = await connectBroker({ socketPath, role: "toolkit", clientVersion: "test", timeoutMs: 10_000 });
    let shown: PendingApproval | undefined;
    try {
      for (let i = 0; i < 500 && shown === undefined; i++) {
        shown = (await toolkit.call("broker.list_approvals", {})).pending.find((a) => a.requestHash === p.requestHash);
        if (shown === undefined) await new Promise((r) => setTimeout(r, 10));
      }
    } finally {
      toolkit.close();
    }
    if (shown === undefined) throw new Error(`no approval pending: ${JSON.stringify(await run)}`);
    const page = pageText(await (await fetch(approvalUrl!)).text());
    let terminal = "";
    const stdin = Object.assign(new PassThrough(), { isTTY: true });
    const io = {
      stdout: {
        write: (s: string) => {
          terminal += s;
          if (s.includes("Approve? [y/N] ")) setImmediate(() => stdin.write("n\n"));
        },
      },
      stderr: { write: () => true },
      env,
      signal: new AbortController().signal,
    };
    await approve({ wait: false, timeoutSeconds: 5, stdin }, io);
    expect(await run).toMatchObject({ ok: false, code: "approval_denied" });
    return { page, terminal, shown };
  }

  /** A prepay RUB rate in Kazan for two rooms: two adults, and one adult with a child of 7. */
  async function twoRoomBooking(): Promise<BookingRequest> {
    const api = sandbox.urls.hotelsApiBaseUrl;
    const post = async (path: string, body: unknown): Promise<unknown> => (await fetch(`${api}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json();
    const locations = (await (await fetch(`${api}/v1/seo/locations?limit=100`)).json()) as { items: { id: string; name: string }[] };
    const kazan = locations.items.find((l) => l.name === "Казань")!.id;
    const stay = stayFrom(clock.now(), 20, 2);
    const guests = ROOMS.map((r) => ({ adultsCount: r.adults, childrenAges: r.childrenAges }));
    for (let i = 1; i <= 60; i++) {
      const hotelId = `${kazan}${String(i).padStart(4, "0")}`;
      const { rates } = (await post(`/v3/hotels/${hotelId}/rates`, { ...stay, guests })) as { rates?: { bookHash: string; price: { currency: string }; paymentType: string }[] };
      const rate = rates?.find((r) => r.price.currency === "RUB" && r.paymentType === "prepay");
      if (!rate) continue;
      const { currentPrice } = (await post("/v1/checkout/inspect", { bookHash: rate.bookHash, ...stay, guests })) as { currentPrice: { value: number; currency: string } };
      const expectedPrice = { amountDecimal: decimalFromProviderNumber(currentPrice.value), currency: currentPrice.currency };
      return { hotelId, bookHash: rate.bookHash, ...stay, rooms: ROOMS, contacts: { email: "ivan@example.test", phone: "+79001234567" }, expectedPrice };
    }
    throw new Error("no prepay RUB rate in Kazan");
  }

  async function refIn(city: string): Promise<string> {
    const { items } = await hotels.call("hotels.list_bookings", { limit: 20 });
    return items.find((b) => b.city === city)!.bookingRef;
  }

  it("two rooms: each room with its own guests, and that payment is taken in advance", async () => {
    const { page, terminal, shown } = await screens(prepare(clock, { kind: "booking", request: await twoRoomBooking() }));
    const room1 = "Room 1 (2 adults): Ivan Petrov, Anna Petrova";
    const room2 = "Room 2 (1 adult, child 7): Oleg Sidorov";
    for (const text of [room1, room2, "paid in advance, online", "approving it moves no money"]) {
      expect(page).toContain(text);
      expect(terminal).toContain(text);
    }
    // Never the first room's number over the second room's guest.
    for (const wrong of ["Room 1 (2 adults): Oleg", "Room 1 (2 adults): Anna"]) expect(`${page}\n${terminal}`).not.toContain(wrong);
    expect(shown.display.rooms).toEqual([
      { adults: 2, childrenAges: [], guests: ["Ivan Petrov", "Anna Petrova"] },
      { adults: 1, childrenAges: [7], guests: ["Oleg Sidorov"] },
    ]);
  });

  it("a cancellation that is free now says so, with the penalty after the deadline and who states the refund", async () => {
    const kazan = sandboxBooking(SEED, "CANARY-apf-1", "Казань", "en", clock.now());
    if (kazan.freeCancellationUntil === undefined) throw new Error("expects the Kazan booking freely cancellable");
    const { page, terminal } = await screens(prepare(clock, { kind: "cancellation", request: { bookingRef: await refIn("Казань") } }));
    const deadline = formatOffsetDateTime(kazan.freeCancellationUntil, "en");
    const free = `free now (until ${deadline}); a penalty of ${en(kazan.penaltyDecimal)} after ${deadline}`;
    for (const text of [free, "cancels the booking free of charge", "the provider states the refund in its answer", `payment status ${kazan.paymentStatus}`]) {
      expect(page).toContain(text);
      expect(terminal).toContain(text);
    }
  });

  it("a cancellation with a penalty in force says it is not free now and how much", async () => {
    const yek = sandboxBooking(SEED, "CANARY-apf-1", "Екатеринбург", "en", clock.now());
    if (yek.freeCancellationUntil !== undefined) throw new Error("expects the Yekaterinburg booking non-refundable");
    const { page, terminal } = await screens(prepare(clock, { kind: "cancellation", request: { bookingRef: await refIn("Екатеринбург") } }));
    for (const text of [`not free now: a penalty of ${en(yek.penaltyDecimal)} applies since`, `cancels the booking with a penalty of ${en(yek.penaltyDecimal)}`, "the provider states the refund in its answer"]) {
      expect(page).toContain(text);
      expect(terminal).toContain(text);
    }
    expect(`${page}${terminal}`).not.toContain("free now (");
  });
});
