import { z } from "zod";
import { readinessNextStep, type ReadinessState } from "../../shared/readiness.js";
import { success } from "../../shared/outcome.js";
import { defineTool } from "./define.js";
import { BANKING_TOOLS } from "./outcomes.js";

const READINESS = ["not_configured", "broker_unavailable", "broker_busy", "broker_request_busy", "broker_untrusted", "mobile_login_required", "mobile_read_only_ready", "partial_read_only_unverified"] as const satisfies readonly ReadinessState[];

const Output = z.object({
  brokerReadiness: z.enum(READINESS),
  nextStep: z.string(),
  paymentExecution: z.object({ available: z.literal(false), reason: z.string() }),
  networkReachability: z.literal("not_checked"),
});

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
    const state: ReadinessState = ctx.broker ? (await ctx.broker.readiness()).state : "not_configured";
    const structured: z.infer<typeof Output> = {
      brokerReadiness: state,
      nextStep: readinessNextStep(state, { tools: BANKING_TOOLS }) ?? "",
      paymentExecution: { available: false, reason: "unavailable: the bank's hosted page only" },
      networkReachability: "not_checked",
    };
    return success(structured, [`broker=${state} paymentExecution=unavailable networkReachability=not_checked`]);
  },
});
