import { z } from "zod";
import type { HotelsContext } from "../context.js";
import { defineTool } from "./define.js";

const Output = z.object({
  authMode: z.enum(["anonymous", "static_token", "headers_json", "service_jwt"]),
  searchReady: z.boolean(),
  networkReachability: z.literal("not_checked"),
  canSignServiceJwt: z.boolean(),
  authProblem: z.string().optional(),
  customerReadiness: z.object({ state: z.string(), nextStep: z.string().optional() }),
  bookingExecution: z.object({ available: z.literal(false), reason: z.string() }),
  paymentFormExecution: z.object({ available: z.literal(false), reason: z.string() }),
  loadProtection: z.object({
    maxConcurrent: z.number(),
    inFlight: z.number(),
    queued: z.number(),
    queueLimit: z.number(),
    cachedSearches: z.number(),
    inFlightSearches: z.number(),
  }),
  toolsets: z.array(z.string()),
});

export function customerReadiness(ctx: HotelsContext): { state: string; nextStep?: string } {
  if (!ctx.config.broker.combinedProfile) return { state: "not_configured", nextStep: "customer tools need the auth broker: run `tbank-mcp setup`" };
  return { state: "broker_configured" };
}

export const connectionStatus = defineTool({
  name: "tbank_hotels_connection_status",
  title: "Connection status",
  description:
    "Local readiness of the Hotels MCP: auth mode, whether search can run, customer readiness, load protection. Makes no network call (networkReachability is always not_checked). Call it once after a terminal search_unavailable, then stop.",
  toolset: "always",
  input: z.strictObject({}),
  output: Output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: (_args, ctx) => {
    const auth = ctx.provider.describeAuth();
    const load = ctx.provider.loadProtection();
    const structured: z.infer<typeof Output> = {
      authMode: auth.authMode,
      searchReady: auth.ready,
      networkReachability: "not_checked",
      canSignServiceJwt: auth.canSign,
      ...(auth.problem ? { authProblem: auth.problem } : {}),
      customerReadiness: customerReadiness(ctx),
      bookingExecution: { available: false, reason: "booking is completed on the seller's page via tbank_hotels_create_checkout_handoff" },
      paymentFormExecution: { available: false, reason: "payment happens only on the hosted page; this server never pays" },
      loadProtection: load,
      toolsets: [...ctx.config.hotels.toolsets],
    };
    const text = [
      `authMode=${auth.authMode} searchReady=${auth.ready} networkReachability=not_checked`,
      auth.problem ? `auth problem: ${auth.problem}` : undefined,
      `customer: ${structured.customerReadiness.state}`,
      `load: ${load.inFlight}/${load.maxConcurrent} in flight, ${load.queued}/${load.queueLimit} queued, ${load.cachedSearches} cached searches`,
    ]
      .filter(Boolean)
      .join("\n");
    return Promise.resolve({ structured, text });
  },
});
