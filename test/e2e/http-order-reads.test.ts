import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HttpInstance } from "../helpers/http-instance.js";
import { createCatalog } from "../../scripts/sandbox/data/catalog.js";
import { buildBookings, CUSTOMER_ID, type Booking } from "../../scripts/sandbox/data/customer.js";
import type { Sandbox } from "../../scripts/sandbox/index.js";
import { startKeyedHttp, type KeyedHttp } from "./helpers/keyed-http.js";

// Issue 28: a remote endpoint configured with the operator's own provider credential (a static
// token the provider accepts for any order) must not read a customer's order for whoever holds an
// API key. Real processes: the sandbox accepting that token for every order, the built bin with a
// keys file of two keys, and the second key's holder calling each order read with a real orderId.

const TOKEN = "itk-OPERATOR-3c81d0e5a9";
const SEED = "http-order-reads";
/** Tool, the order id's argument, and the sandbox route it would read. */
const ORDER_READS = [
  ["tbank_hotels_get_reservation", "order_v3"],
  ["tbank_hotels_get_evo_booking", "evo_booking"],
  ["tbank_hotels_get_booking_task_status", "booking_task"],
  ["tbank_hotels_check_ls_order", "ls_order_check"],
  ["tbank_hotels_get_review_order_status", "review_order_status"],
] as const;

describe("remote mode with the operator's provider credential: customers' orders", () => {
  let http: KeyedHttp;
  let sandbox: Sandbox;
  let server: HttpInstance;
  let client: Client;
  let order: Booking;

  beforeAll(async () => {
    http = await startKeyedHttp({ seed: SEED, labels: ["operator", "stranger"], sandbox: { integrationToken: TOKEN }, env: { TBANK_HOTELS_AUTH_TOKEN: TOKEN } });
    ({ sandbox, server } = http);
    client = new Client({ name: "e2e-order-reads", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { "x-api-key": http.keys[1]! } } }));
    // A real order of the sandbox's customer, with a child among its guests.
    const orders = buildBookings(SEED, undefined, createCatalog(SEED, () => sandbox.urls.origin), sandbox.control.now()).filter((b) => b.customerId === CUSTOMER_ID);
    order = orders.find((b) => b.guests.some((g) => g.isChild))!;
    expect(order).toBeDefined();
  }, 30_000);

  afterAll(async () => {
    await client?.close().catch(() => undefined);
    await http?.close();
  });

  it("tools/list names no order read, and the public low-level reads are still there", async () => {
    const names = (await client.listTools()).tools.map((t) => t.name);
    for (const [tool] of ORDER_READS) expect(names).not.toContain(tool);
    expect(names).toEqual(expect.arrayContaining(["tbank_hotels_plan_stay", "tbank_hotels_get_hotel", "tbank_hotels_validate_promocode"]));
    // The operator who set the credential is told once, on stderr, what it does not serve.
    expect(server.stderr()).toContain("does not serve the order reads (tbank_hotels_get_reservation");
  });

  it.each(ORDER_READS)("%s by a real orderId is refused with a clear error, no data and no provider call", async (tool, route) => {
    const before = sandbox.control.requestCount(route);
    const out = (await client.callTool({ name: tool, arguments: { orderId: order.orderId } })) as CallToolResult;
    const seen = JSON.stringify(out);
    expect(out.isError).toBe(true);
    expect(out.structuredContent).toMatchObject({ status: "not_served_remotely", retryAllowed: false });
    expect(seen).toContain("remote");
    expect(seen).not.toContain("data");
    for (const guest of order.guests) {
      expect(seen).not.toContain(guest.lastName);
      if (guest.birthDate !== null) expect(seen).not.toContain(guest.birthDate);
    }
    expect(seen).not.toContain("+7900");
    expect(sandbox.control.requestCount(route)).toBe(before);
  });
});
