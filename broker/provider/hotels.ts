import { HOTELS_CUSTOMER_ROUTES, routeCall, type Query } from "../../shared/http/routes.js";
import type { OpenResponse } from "../../shared/http/provider-http.js";
import type { ProviderClient } from "./client.js";
import {
  ProviderCustomerSchema,
  ProviderOrdersSchema,
  ProviderOrderV1Schema,
  type ProviderCustomer,
  type ProviderOrders,
  type ProviderOrderV1,
} from "./hotels-schemas.js";

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

  /** The voucher response, unread: the caller streams it to disk under its own cap. */
  voucher(orderId: string, signal: AbortSignal): Promise<OpenResponse> {
    return this.client.open(this.#call("voucher", signal, { orderId }), "application/pdf");
  }

  #call(routeId: keyof typeof HOTELS_CUSTOMER_ROUTES, signal: AbortSignal, params: Record<string, string> = {}, query: Query = {}) {
    return { ...routeCall(HOTELS_CUSTOMER_ROUTES, this.baseUrl, routeId, params, query), signal };
  }
}
