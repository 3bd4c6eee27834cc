import { z } from "zod";
import type { Booking } from "../data/customer.js";
import { isoAtOffset } from "../data/dates.js";
import { json, providerError, type RouteDef, type RouteRequest, type SandboxResponse } from "../http.js";
import type { HotelsContext } from "./context.js";
import { bookingsOf, customerGrant } from "./order-access.js";
import { parseBody } from "./schemas.js";

export const ClientRequestIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "1-64 characters: letters, digits, _ or -");
/** The body of a write that needs nothing but its idempotency key. */
export const OnlyIdSchema = z.strictObject({ clientRequestId: ClientRequestIdSchema });

/** A write done: the order it touched and the answer it gets, now and on every repeat of its clientRequestId. */
export interface Commit {
  orderId: string;
  status: number;
  body: Record<string, unknown>;
}

export interface WriteDef<T extends { clientRequestId: string }> {
  id: string;
  path: string;
  schema: z.ZodType<T>;
  /** Header rules checked before the body (booking's x-real-ip). */
  precheck?: (req: RouteRequest) => SandboxResponse | undefined;
  /** The write: a refusal (a provider error, nothing changed) or a commit. */
  perform: (req: RouteRequest, body: T, subject: string) => Commit | SandboxResponse;
}

/**
 * A write route: the customer's Bearer token, a strict JSON body with `clientRequestId`, and one
 * effect per clientRequestId. A repeat on the same route gets the first answer again and changes
 * nothing; the same id on another route is a 409, since it cannot name two writes. Refusals are not
 * recorded, so a repeat of a refused write is judged again.
 */
export function writeRoute<T extends { clientRequestId: string }>(ctx: HotelsContext, def: WriteDef<T>): RouteDef {
  return {
    id: def.id,
    method: "POST",
    path: def.path,
    handler: (req) => {
      const grant = customerGrant(ctx, req);
      if ("status" in grant) return grant;
      const problem = def.precheck?.(req);
      if (problem) return problem;
      const body = parseBody(req, def.schema);
      if (!body.ok) return body.error;
      const { clientRequestId } = body.value;
      const earlier = ctx.orders.committed(grant.subject, clientRequestId);
      if (earlier) {
        if (earlier.routeId !== def.id) return providerError(409, "client_request_id_conflict", "this clientRequestId already names another write", req.requestId);
        return json(earlier.status, earlier.body);
      }
      const result = def.perform(req, body.value, grant.subject);
      if ("contentType" in result) return result;
      ctx.orders.commit(grant.subject, clientRequestId, {
        routeId: def.id,
        orderId: result.orderId,
        committedAt: isoAtOffset(ctx.env.clock.now(), "+03:00"),
        status: result.status,
        body: result.body,
      });
      return json(result.status, result.body);
    },
  };
}

/** A write on one of the customer's orders (`:orderId`, as changed by writes so far); another customer's order looks missing. */
export function onOrder<T>(
  ctx: HotelsContext,
  write: (req: RouteRequest, body: T, order: Booking) => Commit | SandboxResponse,
): (req: RouteRequest, body: T, subject: string) => Commit | SandboxResponse {
  return (req, body, subject) => {
    const order = bookingsOf(ctx, subject).find((b) => b.orderId === req.params.orderId);
    return order ? write(req, body, order) : providerError(404, "order_not_found", "no such order", req.requestId);
  };
}

/** [write_request]: what became of the write this customer sent with a clientRequestId (404: never committed). */
export function writeRequestRoute(ctx: HotelsContext): RouteDef {
  return {
    id: "write_request",
    method: "GET",
    path: "/api/v1/write-requests/:clientRequestId",
    handler: (req) => {
      const grant = customerGrant(ctx, req);
      if ("status" in grant) return grant;
      const clientRequestId = req.params.clientRequestId ?? "";
      const write = ctx.orders.committed(grant.subject, clientRequestId);
      if (!write) return providerError(404, "write_request_not_found", "no write was committed with this clientRequestId", req.requestId);
      return json(200, { clientRequestId, routeId: write.routeId, orderId: write.orderId, committedAt: write.committedAt });
    },
  };
}
