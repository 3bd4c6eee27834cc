import { HOTELS_CUSTOMER_ROUTES, HOTELS_ORDER_ROUTES, routeCall, type Query } from "../../shared/http/routes.js";
import type { OpenResponse } from "../../shared/http/provider-http.js";
import type { OrderApiVersion } from "../../shared/protocol/ops-hotels-orders.js";
import type { ProviderClient } from "./client.js";
import {
  ProviderBookingTaskSchema,
  ProviderCustomerSchema,
  ProviderEvoBookingSchema,
  ProviderLsOrderCheckSchema,
  ProviderOrdersSchema,
  ProviderOrderV1Schema,
  ProviderOrderV2Schema,
  ProviderOrderV3Schema,
  type ProviderCustomer,
  type ProviderOrders,
  type ProviderOrderV1,
} from "./hotels-schemas.js";

const ROUTES = { ...HOTELS_CUSTOMER_ROUTES, ...HOTELS_ORDER_ROUTES };
const RESERVATION = { v1: { routeId: "order_v1", schema: ProviderOrderV1Schema }, v2: { routeId: "order_v2", schema: ProviderOrderV2Schema }, v3: { routeId: "order_v3", schema: ProviderOrderV3Schema } } as const;

/** A provider answer whose few checked fields passed; the rest is copied through an allowlist. */
export type ProviderAnswer = Record<string, unknown>;

/** The signed-in customer's Hotels API reads, relative to `hotels.apiBaseUrl` (".../api"). */
export class HotelsCustomerApi {
  constructor(
    private readonly client: ProviderClient,
    private readonly baseUrl: string,
  ) {}

  customer(signal: AbortSignal): Promise<ProviderCustomer> {
    return this.client.getJson(this.#call("customer", signal), ProviderCustomerSchema);
  }

  orders(page: { offset: number; limit: number }, signal: AbortSignal): Promise<ProviderOrders> {
    return this.client.getJson(this.#call("orders", signal, {}, page), ProviderOrdersSchema);
  }

  orderV1(orderId: string, signal: AbortSignal): Promise<ProviderOrderV1> {
    return this.client.getJson(this.#call("order_v1", signal, { orderId }), ProviderOrderV1Schema);
  }

  /** Booking v1, v2 or v3: the low-level read (hotels.get_reservation); v1 is also the card's source. */
  reservation(orderId: string, version: OrderApiVersion, signal: AbortSignal): Promise<ProviderAnswer> {
    const { routeId, schema } = RESERVATION[version];
    return this.client.getJson(this.#call(routeId, signal, { orderId }), schema);
  }

  evoBooking(orderId: string, signal: AbortSignal): Promise<ProviderAnswer> {
    return this.client.getJson(this.#call("evo_booking", signal, { orderId }), ProviderEvoBookingSchema);
  }

  bookingTask(orderId: string, signal: AbortSignal): Promise<ProviderAnswer> {
    return this.client.getJson(this.#call("booking_task", signal, { orderId }), ProviderBookingTaskSchema);
  }

  lsOrderCheck(orderId: string, signal: AbortSignal): Promise<ProviderAnswer> {
    return this.client.getJson(this.#call("ls_order_check", signal, { orderId }), ProviderLsOrderCheckSchema);
  }

  /** The voucher response, unread: the caller streams it to disk under its own cap. */
  voucher(orderId: string, signal: AbortSignal): Promise<OpenResponse> {
    return this.client.open(this.#call("voucher", signal, { orderId }), "application/pdf");
  }

  #call(routeId: keyof typeof ROUTES, signal: AbortSignal, params: Record<string, string> = {}, query: Query = {}) {
    return { ...routeCall(ROUTES, this.baseUrl, routeId, params, query), signal };
  }
}
