import type { z } from "zod";
import { ProviderError } from "../../../shared/http/provider-error.js";
import { HOTELS_ORDER_ROUTES, routeCall, type HotelsOrderRouteId } from "../../../shared/http/routes.js";
import type { OrderApiVersion } from "../../../shared/protocol/ops-hotels-orders.js";
import { ProviderIdSchema } from "./contract-common.js";
import {
  ProviderBookingTaskSchema,
  ProviderEvoBookingSchema,
  ProviderLsOrderCheckSchema,
  ProviderOrderFlatSchema,
  ProviderOrderV3Schema,
  type ProviderOrderAnswer,
} from "./contract-orders.js";
import type { CallOptions, HotelsApiOptions } from "./hotels-api.js";

const RESERVATION = {
  v1: { routeId: "order_v1", schema: ProviderOrderFlatSchema },
  v2: { routeId: "order_v2", schema: ProviderOrderFlatSchema },
  v3: { routeId: "order_v3", schema: ProviderOrderV3Schema },
} as const satisfies Record<OrderApiVersion, { routeId: HotelsOrderRouteId; schema: z.ZodType }>;

/**
 * The order reads by provider id, with the server's configured auth profile: only for a static or
 * service profile without the broker (the broker reads orders itself, behind bookingRefs). Same
 * limiter, caps and error reduction as HotelsApi; a malformed id is refused before HTTP.
 */
export class HotelsOrderApi {
  readonly #opts: HotelsApiOptions;

  constructor(opts: HotelsApiOptions) {
    this.#opts = opts;
  }

  reservation(orderId: string, version: OrderApiVersion, opts: CallOptions = {}): Promise<ProviderOrderAnswer> {
    const { routeId, schema } = RESERVATION[version];
    return this.#call(routeId, orderId, schema, opts);
  }

  evoBooking(orderId: string, opts: CallOptions = {}): Promise<ProviderOrderAnswer> {
    return this.#call("evo_booking", orderId, ProviderEvoBookingSchema, opts);
  }

  bookingTask(orderId: string, opts: CallOptions = {}): Promise<ProviderOrderAnswer> {
    return this.#call("booking_task", orderId, ProviderBookingTaskSchema, opts);
  }

  lsOrderCheck(orderId: string, opts: CallOptions = {}): Promise<ProviderOrderAnswer> {
    return this.#call("ls_order_check", orderId, ProviderLsOrderCheckSchema, opts);
  }

  // Async so that a refused id is a rejected promise like every other provider failure.
  async #call<S extends z.ZodType>(routeId: HotelsOrderRouteId, orderId: string, schema: S, opts: CallOptions): Promise<z.infer<S>> {
    const parsed = ProviderIdSchema.safeParse(orderId);
    // The issue names the path and the zod code only, never the value.
    if (!parsed.success) throw new ProviderError({ kind: "invalid_argument", routeId, issues: parsed.error.issues.slice(0, 5).map((i) => `orderId: ${i.code}`) });
    const { http, baseUrl, limiter, timeoutMs } = this.#opts;
    const call = { ...routeCall(HOTELS_ORDER_ROUTES, baseUrl, routeId, { orderId: parsed.data }), signal: opts.signal, timeoutMs: opts.timeoutMs ?? timeoutMs };
    return await limiter.run(() => http.json(call, schema), { signal: opts.signal, routeId });
  }
}
