/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument --
   these tests read raw provider JSON on purpose: the shapes are what is under test. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orderIdFor } from "../../scripts/sandbox/data/customer.js";
import { addDays, dateOf } from "../../scripts/sandbox/data/dates.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { HOTELS_WRITE_ROUTES, routeUrl } from "../../shared/http/routes.js";
import { login } from "./helpers/sandbox-oauth.js";

const SEED = "writes-test";
const CANARY = "CANARY-writes-5e1d";
const REAL_IP = { "x-real-ip": "203.0.113.7" };

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
interface Reply {
  status: number;
  data: Json;
}
interface Stay {
  checkinDate: string;
  checkoutDate: string;
}
/** A rate as the rates route answered it, with what checkout inspection says about it now. */
interface Found {
  hotelId: string;
  stay: Stay;
  rate: Json;
  inspect: Json;
}

/** HTTP to one sandbox, as the customer whose token `token()` returns. */
function customer(sandbox: Sandbox, token: () => string) {
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}, auth = true): Promise<Reply> => {
    const res = await fetch(`${sandbox.urls.hotelsApiBaseUrl}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(auth ? { authorization: `Bearer ${token()}` } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const type = res.headers.get("content-type") ?? "";
    return { status: res.status, data: type.includes("json") ? ((await res.json()) as Json) : { text: await res.text() } };
  };
  return {
    get: (path: string) => call("GET", path),
    post: (path: string, body: unknown, headers: Record<string, string> = {}) => call("POST", path, body, headers),
    anonymous: (method: string, path: string, body?: unknown) => call(method, path, body, {}, false),
  };
}
type Api = ReturnType<typeof customer>;

const stayFrom = (now: number, inDays: number): Stay => ({ checkinDate: addDays(dateOf(now), inDays), checkoutDate: addDays(dateOf(now), inDays + 2) });

/** The first RUB rate in Kazan for two adults that `want` accepts, inspected. */
async function findRate(api: Api, stay: Stay, want: (rate: Json) => boolean): Promise<Found> {
  const locations = (await api.get("/v1/seo/locations?limit=100")).data.items as Json[];
  const kazan = locations.find((l) => l.name === "Казань")!.id as string;
  const guests = [{ adultsCount: 2, childrenAges: [] }];
  for (let i = 1; i <= 60; i++) {
    const hotelId = `${kazan}${String(i).padStart(4, "0")}`;
    const rates = await api.post(`/v3/hotels/${hotelId}/rates`, { ...stay, guests });
    if (rates.status !== 200) continue;
    const rate = (rates.data.rates as Json[]).find((r) => r.price.currency === "RUB" && want(r));
    if (!rate) continue;
    const inspect = await api.post("/v1/checkout/inspect", { bookHash: rate.bookHash, ...stay, guests });
    expect(inspect.status).toBe(200);
    return { hotelId, stay, rate, inspect: inspect.data };
  }
  throw new Error("no such rate in Kazan");
}

const prepayFree = (r: Json): boolean => r.paymentType === "prepay" && r.cancellation.freeCancellationUntil !== null;
const payAtHotel = (r: Json): boolean => r.paymentType === "pay_at_hotel";
const nonRefundable = (r: Json): boolean => r.cancellation.freeCancellationUntil === null && r.cancellation.penaltyAfter?.value === r.price.value;

let nextId = 0;
const requestId = (): string => `test-${++nextId}`;

function bookingBody(found: Found, clientRequestId = requestId(), changes: Json = {}): Json {
  return {
    clientRequestId,
    hotelId: found.hotelId,
    bookHash: found.rate.bookHash,
    ...found.stay,
    rooms: [{ adults: 2, childrenAges: [], guests: [{ firstName: "Ivan", lastName: `Guest${CANARY.replace(/-/g, "")}` }, { firstName: "Olga", lastName: "Guestova" }] }],
    contacts: { email: `booker+${CANARY}@example.test`, phone: "+79005556677" },
    expectedPrice: found.inspect.currentPrice,
    ...changes,
  };
}

async function book(api: Api, found: Found, path = "/v1/orders"): Promise<string> {
  const res = await api.post(path, bookingBody(found), REAL_IP);
  expect(res.status).toBe(202);
  return res.data.orderId as string;
}

describe("sandbox write routes", () => {
  let sandbox: Sandbox;
  let token = "";
  let api: Api;
  let prepay: Found;

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: SEED, canary: CANARY });
    token = (await login(sandbox)).access_token;
    api = customer(sandbox, () => token);
    prepay = await findRate(api, stayFrom(sandbox.control.now(), 20), prepayFree);
  });
  afterAll(() => sandbox.close());
  beforeEach(() => {
    sandbox.control.clearFaults();
    sandbox.control.resetCounters();
  });

  it("serves each write route at the method and path the broker's route table names, and answers 401 without a token", async () => {
    for (const [id, route] of Object.entries(HOTELS_WRITE_ROUTES)) {
      expect(sandbox.control.routeIds).toContain(id);
      const url = routeUrl(sandbox.urls.hotelsApiBaseUrl, route, { orderId: orderIdFor(SEED, CANARY, 1), clientRequestId: "x" });
      const res = await api.anonymous(route.method, url.pathname.replace(/^\/api/, ""), route.method === "POST" ? { clientRequestId: "x" } : undefined);
      expect(res.status, id).toBe(401);
      expect(sandbox.control.requestCount(id), id).toBe(1);
    }
    expect(sandbox.control.commitCounts()).toEqual({});
  });

  it("create_booking requires x-real-ip as an IP literal", async () => {
    expect((await api.post("/v1/orders", bookingBody(prepay))).data.code).toBe("real_ip_required");
    const bad = await api.post("/v1/orders", bookingBody(prepay), { "x-real-ip": "not-an-ip" });
    expect(bad).toMatchObject({ status: 400, data: { code: "real_ip_required" } });
    expect((await api.post("/v1/orders", bookingBody(prepay), { "x-real-ip": "2001:db8::1" })).status).toBe(202);
    expect(sandbox.control.commitCount("create_booking")).toBe(1);
  });

  it("refuses a bookHash that is unknown or belongs to other dates, guests or hotel, more names than guests, and a malformed body", async () => {
    const refusals: [Json, number, string][] = [
      [{ bookHash: "bm9wZQ" }, 404, "rate_not_found"],
      [{ checkoutDate: addDays(prepay.stay.checkoutDate, 1) }, 410, "book_hash_expired"],
      [{ rooms: [{ adults: 3, childrenAges: [], guests: [{ firstName: "A", lastName: "B" }] }] }, 410, "book_hash_expired"],
      [{ hotelId: `${prepay.hotelId.slice(0, 4)}9999` }, 410, "book_hash_expired"],
      [{ rooms: [{ adults: 1, childrenAges: [], guests: [{ firstName: "A", lastName: "B" }, { firstName: "C", lastName: "D" }] }] }, 400, "invalid_guests"],
      [{ clientRequestId: "has space" }, 400, "invalid_request"],
      [{ cardNumber: "4111111111111111" }, 400, "unknown_field"],
    ];
    for (const [changes, status, code] of refusals) {
      const res = await api.post("/v1/orders", bookingBody(prepay, requestId(), changes), REAL_IP);
      expect(res, JSON.stringify(changes)).toMatchObject({ status, data: { code } });
    }
    expect(sandbox.control.commitCount("create_booking")).toBe(0);
  });

  it("answers 409 price_changed with the current price when the expected price differs, and books nothing", async () => {
    const before = (await api.get("/v1/orders")).data.total as number;
    const current = prepay.inspect.currentPrice as Json;
    const res = await api.post("/v1/orders", bookingBody(prepay, requestId(), { expectedPrice: { value: current.value + 1, currency: current.currency } }), REAL_IP);
    expect(res).toMatchObject({ status: 409, data: { code: "price_changed", currentPrice: current } });
    expect((await api.get("/v1/orders")).data.total).toBe(before);
    expect(sandbox.control.commitCount("create_booking")).toBe(0);
  });

  it("books a prepaid rate: 202 IN_PROGRESS, then the order is in the list and every read, awaiting payment", async () => {
    const res = await api.post("/v1/orders", bookingBody(prepay), REAL_IP);
    expect(res).toMatchObject({ status: 202, data: { orderId: expect.stringContaining(CANARY), taskId: expect.any(String), status: "IN_PROGRESS" } });
    const { orderId, taskId } = res.data;

    const list = (await api.get("/v1/orders")).data.items as Json[];
    expect(list.filter((o) => o.orderId === orderId)).toEqual([expect.objectContaining({ status: "AWAITING_PAYMENT", checkinDate: prepay.stay.checkinDate, guestsCount: 2 })]);

    const v1 = await api.get(`/v1/orders/${orderId}`);
    expect(v1.status).toBe(200);
    expect(v1.data).toMatchObject({
      status: "AWAITING_PAYMENT",
      hotel: { hotelId: prepay.hotelId },
      room: { roomName: prepay.rate.roomName },
      guests: [expect.objectContaining({ firstName: "Ivan", lastName: `Guest${CANARY.replace(/-/g, "")}` }), expect.objectContaining({ firstName: "Olga" })],
      contacts: { email: `booker+${CANARY}@example.test`, phone: "+79005556677" },
      rateData: { paymentData: { paymentPrice: prepay.inspect.currentPrice.value, paymentType: "prepay" }, cancellation: prepay.inspect.cancellation },
      paymentStatus: "WAITING_FOR_PAYMENT",
      voucherAvailable: false,
    });
    expect((await api.get(`/v3/orders/${orderId}`)).data.order.id).toBe(orderId);
    expect((await api.get(`/v1/orders/${orderId}/evo-booking`)).data.status).toBe("PENDING_PAYMENT");
    expect((await api.get(`/v1/ls-orders/${orderId}/check`)).data.isLsOrder).toBe(false);

    const first = await api.get(`/v1/orders/${orderId}/booking-task`);
    expect(first.data).toMatchObject({ taskId, status: "IN_PROGRESS", finishedAt: null });
    for (let i = 0; i < 2; i++) expect((await api.get(`/v1/orders/${orderId}/booking-task`)).data).toMatchObject({ taskId, status: "SUCCESS", orderStatus: "AWAITING_PAYMENT" });
  });

  it("books a pay-at-hotel rate as CONFIRMED", async () => {
    const found = await findRate(api, stayFrom(sandbox.control.now(), 25), payAtHotel);
    const orderId = await book(api, found);
    expect((await api.get(`/v1/orders/${orderId}`)).data).toMatchObject({ status: "CONFIRMED", rateData: { paymentData: { paymentType: "pay_at_hotel" } }, voucherAvailable: true });
  });

  it("a repeated clientRequestId gets the first answer again and books once; on another route it is a conflict", async () => {
    const body = bookingBody(prepay);
    const first = await api.post("/v1/orders", body, REAL_IP);
    const again = await api.post("/v1/orders", body, REAL_IP);
    expect(again).toEqual(first);
    expect(((await api.get("/v1/orders")).data.items as Json[]).filter((o) => o.orderId === first.data.orderId)).toHaveLength(1);
    expect(sandbox.control.requestCount("create_booking")).toBe(2);
    expect(sandbox.control.commitCount("create_booking")).toBe(1);
    const elsewhere = await api.post(`/v1/orders/${first.data.orderId}/cancel`, { clientRequestId: body.clientRequestId });
    expect(elsewhere).toMatchObject({ status: 409, data: { code: "client_request_id_conflict" } });
    expect((await api.get(`/v1/orders/${first.data.orderId}`)).data.status).toBe("AWAITING_PAYMENT");
  });

  it("create_ls_booking books an LS order: 202 {orderId, status}, and ls_order_check says so", async () => {
    expect((await api.post("/v1/ls-orders", bookingBody(prepay))).data.code).toBe("real_ip_required");
    const res = await api.post("/v1/ls-orders", bookingBody(prepay), REAL_IP);
    expect(res).toEqual({ status: 202, data: { orderId: expect.stringContaining(CANARY), status: "AWAITING_PAYMENT" } });
    expect((await api.get(`/v1/ls-orders/${res.data.orderId}/check`)).data).toMatchObject({ isLsOrder: true, lsOrderStatus: "AWAITING_PAYMENT" });
    expect(sandbox.control.commitCounts()).toEqual({ create_ls_booking: 1 });
  });

  it("cancel_order: a paid order before its deadline is refunded in full; a cancelled order is not cancellable; unknown and foreign orders are 404", async () => {
    const seeded = orderIdFor(SEED, CANARY, 1);
    const v1 = (await api.get(`/v1/orders/${seeded}`)).data;
    expect(v1).toMatchObject({ status: "CONFIRMED", paymentStatus: "PAID" });
    expect(Date.parse(v1.rateData.cancellation.freeCancellationUntil)).toBeGreaterThan(sandbox.control.now());
    const price = { value: v1.rateData.paymentData.paymentPrice, currency: v1.rateData.paymentData.currency };

    const res = await api.post(`/v1/orders/${seeded}/cancel`, { clientRequestId: requestId() });
    expect(res).toEqual({ status: 200, data: { orderId: seeded, status: "CANCELLED", penalty: null, refund: price } });
    expect((await api.get(`/v1/orders/${seeded}`)).data).toMatchObject({ status: "CANCELLED", paymentStatus: "REFUNDED", voucherAvailable: false });
    expect(((await api.get("/v1/orders")).data.items as Json[]).find((o) => o.orderId === seeded)!.status).toBe("CANCELLED");

    expect(await api.post(`/v1/orders/${seeded}/cancel`, { clientRequestId: requestId() })).toMatchObject({ status: 409, data: { code: "not_cancellable" } });
    for (const orderId of [orderIdFor(SEED, CANARY, 8), "ord_nope"]) {
      expect(await api.post(`/v1/orders/${orderId}/cancel`, { clientRequestId: requestId() })).toMatchObject({ status: 404, data: { code: "order_not_found" } });
    }
    expect(sandbox.control.commitCount("cancel_order")).toBe(1);
  });

  it("cancel_order of a non-refundable booking charges its whole price; unpaid, nothing is refunded", async () => {
    const found = await findRate(api, stayFrom(sandbox.control.now(), 30), nonRefundable);
    const orderId = await book(api, found);
    const res = await api.post(`/v1/orders/${orderId}/cancel`, { clientRequestId: requestId() });
    expect(res).toEqual({ status: 200, data: { orderId, status: "CANCELLED", penalty: found.inspect.currentPrice, refund: null } });
  });

  it("payment_setup gives an opaque hosted page for an order awaiting payment, valid 15 minutes; otherwise nothing_to_pay", async () => {
    const orderId = await book(api, prepay);
    const res = await api.post(`/v1/orders/${orderId}/payment/setup`, { clientRequestId: requestId() });
    expect(res).toMatchObject({ status: 200, data: { amount: prepay.inspect.currentPrice } });
    const url = new URL(res.data.paymentUrl as string);
    expect(url.origin).toBe(sandbox.urls.origin);
    expect(url.pathname).toMatch(/^\/_sandbox\/pay\/[0-9a-f]{32}$/);
    expect(res.data.paymentUrl).not.toContain(orderId);
    expect(res.data.paymentUrl).not.toContain(CANARY);
    expect(Date.parse(res.data.expiresAt) - sandbox.control.now()).toBeGreaterThan(14 * 60_000);
    expect(Date.parse(res.data.expiresAt) - sandbox.control.now()).toBeLessThanOrEqual(15 * 60_000);
    expect(res.data.expiresAt).toMatch(/[+-]\d{2}:\d{2}$/);

    const page = await fetch(url);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain(`${prepay.inspect.currentPrice.value} RUB`);
    expect((await fetch(`${sandbox.urls.origin}/_sandbox/pay/${"0".repeat(32)}`)).status).toBe(404);

    const confirmed = orderIdFor(SEED, CANARY, 7);
    expect(await api.post(`/v1/orders/${confirmed}/payment/setup`, { clientRequestId: requestId() })).toMatchObject({ status: 409, data: { code: "nothing_to_pay" } });
  });

  it("apply_promo lowers an awaiting order's price once; invalid and expired codes and orders with nothing to pay are refused", async () => {
    const orderId = await book(api, prepay);
    const price = prepay.inspect.currentPrice as Json;
    expect(await api.post(`/v1/orders/${orderId}/promocode`, { clientRequestId: requestId(), promoCode: "SUMMER2025" })).toMatchObject({ status: 409, data: { code: "promo_code_invalid" } });
    expect(await api.post(`/v1/orders/${orderId}/promocode`, { clientRequestId: requestId(), promoCode: "NOPE" })).toMatchObject({ status: 409, data: { code: "promo_code_invalid" } });

    const res = await api.post(`/v1/orders/${orderId}/promocode`, { clientRequestId: requestId(), promoCode: "WINTER500" });
    const after = { value: price.value - 500, currency: "RUB" };
    expect(res).toEqual({ status: 200, data: { applied: true, priceAfter: after } });
    expect((await api.get(`/v1/orders/${orderId}`)).data.rateData.paymentData.paymentPrice).toBe(after.value);
    expect(await api.post(`/v1/orders/${orderId}/promocode`, { clientRequestId: requestId(), promoCode: "SANDBOX10" })).toMatchObject({ status: 409, data: { code: "promo_code_invalid" } });

    const paid = orderIdFor(SEED, CANARY, 7);
    expect(await api.post(`/v1/orders/${paid}/promocode`, { clientRequestId: requestId(), promoCode: "SANDBOX10" })).toMatchObject({ status: 409, data: { code: "nothing_to_pay" } });
    expect(sandbox.control.commitCount("apply_promo")).toBe(1);
  });

  it("add_extra_services raises the price by fixed amounts, once per service; not for a cancelled order", async () => {
    const orderId = await book(api, prepay);
    const price = prepay.inspect.currentPrice.value as number;
    const res = await api.post(`/v1/orders/${orderId}/extra-services`, { clientRequestId: requestId(), services: ["early_checkin", "late_checkout"] });
    expect(res).toEqual({ status: 200, data: { added: ["early_checkin", "late_checkout"], priceAfter: { value: price + 1500 + 1200, currency: "RUB" } } });
    expect((await api.get(`/v1/orders/${orderId}`)).data.rateData.paymentData.paymentPrice).toBe(price + 2700);
    expect(await api.post(`/v1/orders/${orderId}/extra-services`, { clientRequestId: requestId(), services: ["late_checkout"] })).toMatchObject({ status: 409, data: { code: "service_unavailable" } });
    expect(await api.post(`/v1/orders/${orderId}/extra-services`, { clientRequestId: requestId(), services: ["breakfast"] })).toMatchObject({ status: 400, data: { code: "invalid_request" } });

    const cancelled = orderIdFor(SEED, CANARY, 3);
    expect(await api.post(`/v1/orders/${cancelled}/extra-services`, { clientRequestId: requestId(), services: ["early_checkin"] })).toMatchObject({ status: 409, data: { code: "service_unavailable" } });
  });

  it("write_request finds a committed write by its clientRequestId, and never a refused or unknown one", async () => {
    const committed = requestId();
    const res = await api.post("/v1/orders", bookingBody(prepay, committed), REAL_IP);
    const found = await api.get(`/v1/write-requests/${committed}`);
    expect(found).toEqual({ status: 200, data: { clientRequestId: committed, routeId: "create_booking", orderId: res.data.orderId, committedAt: expect.stringMatching(/[+-]\d{2}:\d{2}$/) } });

    const refused = requestId();
    const current = prepay.inspect.currentPrice as Json;
    await api.post("/v1/orders", bookingBody(prepay, refused, { expectedPrice: { ...current, value: current.value * 2 } }), REAL_IP);
    for (const id of [refused, "never-sent"]) expect(await api.get(`/v1/write-requests/${id}`)).toMatchObject({ status: 404, data: { code: "write_request_not_found" } });
  });

  it("lost_response: the booking commits, the connection drops unanswered, write_request finds it and a repeat books nothing more", async () => {
    sandbox.control.setFault("create_booking", { kind: "lost_response", times: 1 });
    const body = bookingBody(prepay);
    await expect(api.post("/v1/orders", body, REAL_IP)).rejects.toThrow();
    expect(sandbox.control.commitCount("create_booking")).toBe(1);

    const lookup = await api.get(`/v1/write-requests/${body.clientRequestId}`);
    expect(lookup).toMatchObject({ status: 200, data: { routeId: "create_booking", orderId: expect.stringContaining(CANARY) } });
    const orderId = lookup.data.orderId as string;
    expect(((await api.get("/v1/orders")).data.items as Json[]).filter((o) => o.orderId === orderId)).toHaveLength(1);

    const repeat = await api.post("/v1/orders", body, REAL_IP);
    expect(repeat).toEqual({ status: 202, data: { orderId, taskId: expect.any(String), status: "IN_PROGRESS" } });
    expect(sandbox.control.commitCount("create_booking")).toBe(1);
    expect(sandbox.control.requestCount("create_booking")).toBe(2);
  });

  it("a status fault answers before the route works: nothing commits", async () => {
    sandbox.control.setFault("cancel_order", { kind: "status", status: 503, times: 1 });
    const orderId = await book(api, prepay);
    const clientRequestId = requestId();
    expect((await api.post(`/v1/orders/${orderId}/cancel`, { clientRequestId })).status).toBe(503);
    expect(await api.get(`/v1/write-requests/${clientRequestId}`)).toMatchObject({ status: 404 });
    expect((await api.get(`/v1/orders/${orderId}`)).data.status).toBe("AWAITING_PAYMENT");
    expect(sandbox.control.commitCount("cancel_order")).toBe(0);
  });
});

describe("cancellation against the sandbox clock", () => {
  let sandbox: Sandbox;
  afterAll(() => sandbox.close());

  it("after the free-cancellation deadline the penalty is the first night, as checkout inspection said", async () => {
    sandbox = await startSandbox({ seed: SEED, canary: CANARY });
    let token = (await login(sandbox)).access_token;
    const api = customer(sandbox, () => token);
    const found = await findRate(api, stayFrom(sandbox.control.now(), 20), prepayFree);
    const orderId = await book(api, found);
    const [firstNight, whole] = found.inspect.cancellation.penalties as Json[];

    sandbox.control.advanceClock(Date.parse(firstNight!.from as string) - sandbox.control.now() + 60_000);
    token = (await login(sandbox)).access_token;
    const res = await api.post(`/v1/orders/${orderId}/cancel`, { clientRequestId: requestId() });
    expect(res).toEqual({ status: 200, data: { orderId, status: "CANCELLED", penalty: firstNight!.amount, refund: null } });
    expect(firstNight!.amount.value).toBeLessThan(whole!.amount.value);
  });
});
