import { z } from "zod";
import { readinessNextStep, type ReadinessState } from "../../shared/readiness.js";
import type { HotelsContext } from "../context.js";
import { writeReadiness } from "../writes/readiness.js";
import { CUSTOMER_TOOLS } from "./customer-common.js";
import { defineTool } from "./define.js";
import { OptionalAnyValue, AnyObject, withoutSchemaUrl } from "./schemas.js";

// Lean in tools/list: top-level names only, nested objects open (their content is built below).
// Left out on purpose: the toolsets (tools/list already shows them). bookingExecution and
// paymentFormExecution are the write gates (mcp/hotels/writes/readiness.ts): whether a booking, or a
// payment setup, could be executed now, and if not, what is missing (never a value).
const Output = withoutSchemaUrl(z.strictObject({
  authMode: z.enum(["anonymous", "static_token", "headers_json", "service_jwt"]),
  searchReady: OptionalAnyValue,
  networkReachability: OptionalAnyValue,
  canSignServiceJwt: OptionalAnyValue,
  authProblem: OptionalAnyValue,
  customerReadiness: AnyObject,
  bookingExecution: AnyObject,
  paymentFormExecution: AnyObject,
  load: OptionalAnyValue,
}));

const NOT_SERVED = "customer tools are not served by this server (no customer toolset); the person's own bookings are read through a local Hotels MCP with the auth broker";

/** The broker's local readiness (hotels.status, no provider call), or not_configured without one. */
async function customerReadiness(ctx: HotelsContext): Promise<{ state: ReadinessState; nextStep?: string }> {
  // A server without the customer toolset (the remote HTTP mode always) never reaches a bank
  // session: "run tbank-mcp setup" would send a person to fix something this server will not do.
  if (!ctx.config.hotels.toolsets.has("customer")) return { state: "not_configured", nextStep: NOT_SERVED };
  const state: ReadinessState = ctx.config.broker.combinedProfile && ctx.broker ? (await ctx.broker.readiness()).state : "not_configured";
  const nextStep = readinessNextStep(state, { tools: CUSTOMER_TOOLS });
  return nextStep ? { state, nextStep } : { state };
}

export const connectionStatus = defineTool({
  name: "tbank_hotels_connection_status",
  title: "Connection status",
  description:
    "Local readiness: auth mode, whether search can run, customer (auth broker) readiness, load protection. No provider call (networkReachability is always not_checked). Call it once after a terminal search_unavailable, then stop.",
  toolset: "always",
  input: withoutSchemaUrl(z.strictObject({})),
  output: Output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (_args, ctx) => {
    const auth = ctx.provider.describeAuth();
    const load = ctx.provider.loadProtection();
    const customer = await customerReadiness(ctx);
    const writes = await writeReadiness(ctx);
    const booking = writes.kinds.booking;
    const paymentForm = writes.kinds.payment_setup;
    const loadLine = `${load.inFlight}/${load.maxConcurrent} in flight, ${load.queued}/${load.queueLimit} queued, ${load.cachedSearches} cached searches`;
    const structured = {
      authMode: auth.authMode,
      searchReady: auth.ready,
      networkReachability: "not_checked",
      // Signing matters only for the service JWT profile.
      ...(auth.authMode === "service_jwt" ? { canSignServiceJwt: auth.canSign } : {}),
      ...(auth.problem ? { authProblem: auth.problem } : {}),
      customerReadiness: customer,
      bookingExecution: booking,
      // The same reason twice would cost every status call its tokens again.
      paymentFormExecution: paymentForm.reason !== null && paymentForm.reason === booking.reason ? { available: paymentForm.available, reason: "as bookingExecution" } : paymentForm,
      load: loadLine,
    };
    const text = [
      `authMode=${auth.authMode} searchReady=${auth.ready} networkReachability=not_checked`,
      auth.problem ? `auth problem: ${auth.problem}` : undefined,
      `customer: ${customer.state}${customer.nextStep ? ` (next: ${customer.nextStep})` : ""}`,
      `bookingExecution.available=${booking.available}${booking.reason ? ` (${booking.reason})` : ""}`,
      `paymentFormExecution.available=${paymentForm.available}${paymentForm.reason ? ` (${paymentForm.reason === booking.reason ? "as bookingExecution" : paymentForm.reason})` : ""}`,
      `load: ${loadLine}`,
    ]
      .filter(Boolean)
      .join("\n");
    return { structured, text };
  },
});
