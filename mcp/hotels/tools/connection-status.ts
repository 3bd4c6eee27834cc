import { z } from "zod";
import type { BrokerReadiness } from "../../shared/broker-client.js";
import type { HotelsContext } from "../context.js";
import { defineTool } from "./define.js";
import { Field, Obj, wire } from "./schemas.js";

// Lean on the wire: top-level names only, nested objects open (their content is built below).
// Left out on purpose: the toolsets (tools/list already shows them) and the booking and payment
// form "not available here" notes (static; the tool descriptions say so and the journey's
// answers point to the checkout handoff).
const Output = wire(z.strictObject({
  authMode: z.enum(["anonymous", "static_token", "headers_json", "service_jwt"]),
  searchReady: Field,
  networkReachability: Field,
  canSignServiceJwt: Field,
  authProblem: Field,
  customerReadiness: Obj,
  load: Field,
}));

export type CustomerReadinessState = BrokerReadiness | "not_configured";

const READINESS_NEXT: Partial<Record<CustomerReadinessState, string>> = {
  not_configured: "customer tools need the auth broker: run `tbank-mcp setup`",
  broker_unavailable: "the auth broker is not running: the person runs `tbank-mcp login` (it starts the broker), or `tbank-mcp doctor`",
  mobile_login_required: "the person runs `tbank-mcp login` in a terminal (never through this chat)",
  partial_read_only_unverified: "the broker has not verified the bookings service for this session (its check failed): customer reads are off; tell the person, ask again in a minute",
};

/** The broker's local readiness (hotels.status, no provider call), or not_configured without one. */
export async function customerReadiness(ctx: HotelsContext): Promise<{ state: CustomerReadinessState; nextStep?: string }> {
  const state: CustomerReadinessState = ctx.config.broker.combinedProfile && ctx.broker ? (await ctx.broker.readiness()).state : "not_configured";
  const nextStep = READINESS_NEXT[state];
  return nextStep ? { state, nextStep } : { state };
}

export const connectionStatus = defineTool({
  name: "tbank_hotels_connection_status",
  title: "Connection status",
  description:
    "Local readiness: auth mode, whether search can run, customer (auth broker) readiness, load protection. No provider call (networkReachability is always not_checked). Call it once after a terminal search_unavailable, then stop.",
  toolset: "always",
  input: wire(z.strictObject({})),
  output: Output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (_args, ctx) => {
    const auth = ctx.provider.describeAuth();
    const load = ctx.provider.loadProtection();
    const customer = await customerReadiness(ctx);
    const loadLine = `${load.inFlight}/${load.maxConcurrent} in flight, ${load.queued}/${load.queueLimit} queued, ${load.cachedSearches} cached searches`;
    const structured = {
      authMode: auth.authMode,
      searchReady: auth.ready,
      networkReachability: "not_checked",
      // Signing matters only for the service JWT profile.
      ...(auth.authMode === "service_jwt" ? { canSignServiceJwt: auth.canSign } : {}),
      ...(auth.problem ? { authProblem: auth.problem } : {}),
      customerReadiness: customer,
      load: loadLine,
    };
    const text = [
      `authMode=${auth.authMode} searchReady=${auth.ready} networkReachability=not_checked`,
      auth.problem ? `auth problem: ${auth.problem}` : undefined,
      `customer: ${customer.state}${customer.nextStep ? ` (next: ${customer.nextStep})` : ""}`,
      `load: ${loadLine}`,
    ]
      .filter(Boolean)
      .join("\n");
    return { structured, text };
  },
});
