import { z } from "zod";
import { readinessNextStep, type ReadinessState } from "../../shared/readiness.js";
import type { HotelsContext } from "../context.js";
import { CUSTOMER_TOOLS } from "./customer-common.js";
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

/** The broker's local readiness (hotels.status, no provider call), or not_configured without one. */
async function customerReadiness(ctx: HotelsContext): Promise<{ state: ReadinessState; nextStep?: string }> {
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
