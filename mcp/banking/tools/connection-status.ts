import { z } from "zod";
import type { BrokerReadiness } from "../../shared/broker-client.js";
import { defineTool } from "./define.js";

const READINESS = ["not_configured", "broker_unavailable", "mobile_login_required", "mobile_read_only_ready", "partial_read_only_unverified"] as const;
type Readiness = (typeof READINESS)[number];

const Output = z.object({
  brokerReadiness: z.enum(READINESS),
  nextStep: z.string(),
  paymentExecution: z.object({ available: z.literal(false), reason: z.string() }),
  networkReachability: z.literal("not_checked"),
});

const NEXT_STEP: Record<Readiness, string> = {
  not_configured: "banking tools need the auth broker: the person runs `tbank-mcp setup`, then restarts this server",
  broker_unavailable: "the auth broker is not running: the person runs `tbank-mcp login` (it starts the broker), or `tbank-mcp doctor`",
  mobile_login_required: "the person runs `tbank-mcp login` in a terminal (never through this chat), then ask again",
  mobile_read_only_ready: "ready: tbank_banking_get_hotel_preferences, or tbank_banking_preview_hotel_payment with a ref from tbank_hotels_create_payment_handoff_preview",
  partial_read_only_unverified: "the broker has not verified the banking API for this session (not configured, or its check failed): tbank_banking_get_hotel_preferences is off; tbank_banking_preview_hotel_payment still works",
};

export const connectionStatus = defineTool({
  name: "tbank_banking_connection_status",
  title: "Connection status",
  description:
    "Local readiness of the Banking MCP: whether the auth broker is configured, running and signed in. Asks only the local broker, never the bank (networkReachability is always not_checked). This server never pays.",
  toolset: "always",
  input: z.strictObject({}),
  output: Output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async (_args, ctx) => {
    const state: Readiness = ctx.broker ? (await ctx.broker.readiness()).state satisfies BrokerReadiness : "not_configured";
    const structured: z.infer<typeof Output> = {
      brokerReadiness: state,
      nextStep: NEXT_STEP[state],
      paymentExecution: { available: false, reason: "unavailable: the bank's hosted page only" },
      networkReachability: "not_checked",
    };
    return { structured, text: `broker=${state} paymentExecution=unavailable networkReachability=not_checked\nnext: ${structured.nextStep}` };
  },
});
