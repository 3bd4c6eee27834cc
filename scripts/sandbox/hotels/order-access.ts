import { timingSafeEqual } from "node:crypto";
import { buildBookings, type Booking } from "../data/customer.js";
import { bearerToken, providerError, type RouteRequest, type SandboxResponse } from "../http.js";
import type { AccessGrant } from "../identity/types.js";
import type { HotelsContext } from "./context.js";
import type { StatusWords } from "./order-shapes.js";

const WWW_AUTHENTICATE = { "www-authenticate": 'Bearer realm="hotels"' };

function unauthorized(req: RouteRequest, code: string, message: string): SandboxResponse {
  return { ...providerError(401, code, message, req.requestId), headers: { "x-request-id": req.requestId, ...WWW_AUTHENTICATE } };
}

/** A customer read's Bearer token as the identity provider's grant, or the 401 to answer. */
export function customerGrant(ctx: HotelsContext, req: RouteRequest): AccessGrant | SandboxResponse {
  const token = bearerToken(req);
  if (!token) return unauthorized(req, "unauthorized", "a Bearer token is required");
  const grant = ctx.identity.verifyAccessToken(token);
  return grant ?? unauthorized(req, "invalid_token", "the access token is invalid or expired");
}

/** Every booking of `subject` (of everyone without one), seeded and booked here, as changed by writes, newest first. */
export function bookingsOf(ctx: HotelsContext, subject?: string): Booking[] {
  return [...buildBookings(ctx.env.seed, ctx.env.canary, ctx.catalog, ctx.env.clock.now()), ...ctx.orders.booked]
    .filter((b) => subject === undefined || b.customerId === subject)
    .map((b) => ctx.orders.current(b))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** What the order list and reads send as `b`'s statuses: with hostileStatus, that string (env.ts). */
export function statusWords(ctx: HotelsContext, b: Booking): StatusWords {
  const hostile = ctx.env.hostileStatus;
  if (hostile === undefined) return { status: b.status, paymentStatus: b.paymentStatus };
  return { status: b.status === "CONFIRMED" ? hostile : b.status, paymentStatus: hostile };
}

function isIntegrationToken(ctx: HotelsContext, token: string | undefined): boolean {
  const expected = ctx.env.integrationToken;
  if (expected === undefined || token === undefined) return false;
  const a = Buffer.from(token);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * An order read by provider id. The customer's own Bearer token reads that customer's orders; the
 * integration token (a static profile's TBANK_HOTELS_AUTH_TOKEN, when the sandbox was given one)
 * reads any order by id, as an integrator's service credentials would. Another customer's order is
 * indistinguishable from a missing one.
 */
export function withOrder(ctx: HotelsContext, req: RouteRequest, answer: (booking: Booking) => SandboxResponse, opts: { integration: boolean }): SandboxResponse {
  let subject: string | undefined;
  if (!(opts.integration && isIntegrationToken(ctx, bearerToken(req)))) {
    const grant = customerGrant(ctx, req);
    if ("status" in grant) return grant;
    subject = grant.subject;
  }
  const booking = bookingsOf(ctx, subject).find((b) => b.orderId === req.params.orderId);
  return booking ? answer(booking) : providerError(404, "order_not_found", "no such order", req.requestId);
}
