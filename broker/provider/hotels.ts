import type { OpenResponse, ProviderClient } from "./client.js";
import { endpoint } from "./client.js";
import {
  ProviderCustomerSchema,
  ProviderOrdersSchema,
  ProviderOrderV1Schema,
  type ProviderCustomer,
  type ProviderOrders,
  type ProviderOrderV1,
} from "./hotels-schemas.js";

/** Every Hotels API path the broker uses, relative to `hotels.apiBaseUrl` (".../api"). */
export class HotelsApi {
  constructor(
    private readonly client: ProviderClient,
    private readonly baseUrl: string,
  ) {}

  customer(signal: AbortSignal): Promise<ProviderCustomer> {
    return this.client.getJson(endpoint(this.baseUrl, "/v1/customer"), ProviderCustomerSchema, signal);
  }

  orders(page: { offset: number; limit: number }, signal: AbortSignal): Promise<ProviderOrders> {
    return this.client.getJson(endpoint(this.baseUrl, "/v1/orders", page), ProviderOrdersSchema, signal);
  }

  orderV1(orderId: string, signal: AbortSignal): Promise<ProviderOrderV1> {
    return this.client.getJson(endpoint(this.baseUrl, `/v1/orders/${encodeURIComponent(orderId)}`), ProviderOrderV1Schema, signal);
  }

  /** The voucher response, unread: the caller streams it to disk under its own cap. */
  voucher(orderId: string, signal: AbortSignal): Promise<OpenResponse> {
    return this.client.open(endpoint(this.baseUrl, `/v1/orders/${encodeURIComponent(orderId)}/voucher`), "application/pdf", signal);
  }
}
