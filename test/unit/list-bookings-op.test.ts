import { describe, expect, it } from "vitest";
import { hotelsListBookings } from "../../broker/operations/hotels-list-bookings.js";
import { RefTable } from "../../broker/refs.js";
import type { HotelsCustomerApi } from "../../broker/provider/hotels.js";
import type { SecretRegistry } from "../../shared/logger.js";
import { MAX_BOOKINGS_PAGE, MAX_BOOKINGS_SCAN } from "../../shared/protocol/ops-hotels.js";
import type { SessionManager } from "../../broker/types.js";
import { TEST_EPOCH } from "../fixtures/clock.js";

type Order = { orderId: string; status: string; checkinDate: string; checkoutDate: string };

/** A provider that pages `orders` as the contract does, counting its calls. */
function provider(orders: Order[], nextOffset: (offset: number, limit: number) => number | null = (o, l) => (o + l < orders.length ? o + l : null)) {
  const calls: { offset: number; limit: number }[] = [];
  const hotels = {
    orders: (page: { offset: number; limit: number }) => {
      calls.push(page);
      return Promise.resolve({ items: orders.slice(page.offset, page.offset + page.limit), total: orders.length, nextOffset: nextOffset(page.offset, page.limit) });
    },
  } as unknown as HotelsCustomerApi;
  return { hotels, calls };
}

function op(hotels: HotelsCustomerApi) {
  const secrets = new Set<string>();
  const handler = hotelsListBookings({
    hotels,
    refs: new RefTable({ now: () => TEST_EPOCH }),
    session: { sessionId: () => "sess" } as unknown as SessionManager,
    secrets: { add: (s: string) => secrets.add(s) } as unknown as SecretRegistry,
    now: () => TEST_EPOCH,
  });
  const req = { role: "hotels" as const, peer: { pid: 1, uid: 1, gid: 1 }, signal: AbortSignal.timeout(5000) };
  return { list: (args: Parameters<typeof handler>[0]) => handler(args, req), secrets };
}

const order = (n: number, checkinDate: string, status = "CONFIRMED"): Order => ({ orderId: `ord_${n}`, status, checkinDate, checkoutDate: "2099-01-01" });

describe("hotels.list_bookings", () => {
  it("reads every provider page before sorting, so a later page's earlier stay comes first", async () => {
    const orders = Array.from({ length: 45 }, (_, i) => order(i, `2027-${String(4 + (i % 6)).padStart(2, "0")}-10`));
    orders.push(order(99, "2027-03-05"));
    const { hotels, calls } = provider(orders);
    const { list, secrets } = op(hotels);
    const page = await list({ limit: 2 });
    expect(calls.map((c) => c.offset)).toEqual([0, 20, 40]);
    expect(calls.every((c) => c.limit === MAX_BOOKINGS_PAGE)).toBe(true);
    expect(page.items[0]!.checkinDate).toBe("2027-03-05");
    expect(page).toMatchObject({ total: 46, hasMore: true, nextOffset: 2 });
    expect(page.truncated).toBeUndefined();
    // Every orderId read is known to the log scrubber, not only the ones returned.
    expect(secrets.size).toBe(46);
  });

  it("stops at MAX_BOOKINGS_SCAN orders and says so", async () => {
    const orders = Array.from({ length: MAX_BOOKINGS_SCAN + 30 }, (_, i) => order(i, "2027-05-01"));
    const { hotels, calls } = provider(orders);
    const page = await op(hotels).list({ limit: 20 });
    expect(calls).toHaveLength(MAX_BOOKINGS_SCAN / MAX_BOOKINGS_PAGE);
    expect(page).toMatchObject({ total: MAX_BOOKINGS_SCAN, truncated: true });
  });

  it("stops when the provider's nextOffset does not move forward", async () => {
    const { hotels, calls } = provider([order(1, "2027-05-01"), order(2, "2027-04-01")], () => 0);
    const page = await op(hotels).list({});
    expect(calls).toHaveLength(1);
    expect(page.items.map((i) => i.checkinDate)).toEqual(["2027-04-01", "2027-05-01"]);
  });
});
