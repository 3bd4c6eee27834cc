import type { DestinationResolution } from "../journey/destination.js";
import { parsePlanStayInput, PlanStayInputSchema } from "../journey/input.js";
import { defineTool } from "./define.js";
import { lookupDestination } from "../journey/destination-lookup.js";
import { failure } from "../../shared/outcome.js";
import { invalidInput, providerFailure } from "./outcomes.js";
import { runPlan } from "../journey/plan-run.js";
import { PlanOutput, planAnswer } from "./plan-view.js";
import { unresolved } from "./resolve-destination.js";
import { advertise } from "./schemas.js";

const Input = advertise(PlanStayInputSchema, (json) => {
  const props = json.properties as Record<string, { description?: string; minLength?: number; maxLength?: number }>;
  if (props.destination) props.destination.description = "City name, or a destinationId from clarification_required";
  // The handler still checks text lengths (and says which field failed); advertised, they cost ~10 tokens a field.
  for (const prop of Object.values(props)) {
    delete prop.minLength;
    delete prop.maxLength;
  }
});

export const planStay = defineTool({
  name: "tbank_hotels_plan_stay",
  title: "Plan a hotel stay",
  description:
    "Searches real T-Bank Hotels prices for a city, dates and guests; opens a 60-minute journey (journeyId) with option cards. " +
    "Ambiguous cities return clarification_required without searching. breakfastIncluded, max*/min* and bookableOnly are hard filters; hotelPreferences from the banking MCP only rank best_value. " +
    "Follow status and nextStep; never retry when retryAllowed is false.",
  toolset: "journey",
  input: Input,
  output: PlanOutput,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  handler: async (args, ctx, extra) => {
    // Every problem, structural and semantic, comes back at once and before any HTTP.
    const parsed = parsePlanStayInput(args, ctx.today());
    if (!parsed.ok) return failure(invalidInput(parsed.errors));
    let resolution: DestinationResolution;
    try {
      resolution = await lookupDestination(ctx, parsed.request.destination);
    } catch (err) {
      return failure(providerFailure(err));
    }
    if (resolution.status !== "resolved") return unresolved(parsed.request.destination, resolution);
    return planAnswer(await runPlan(ctx, parsed.request, resolution.destination, extra), parsed.request, resolution.destination);
  },
});
