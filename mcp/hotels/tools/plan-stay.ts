import type { DestinationCandidate } from "../journey/destination.js";
import { parsePlanStayInput, PlanStayInputSchema } from "../journey/input.js";
import { defineTool, type ToolOutcome } from "./define.js";
import { failure } from "../../shared/outcome.js";
import { resolveNear, type NearResolution } from "../journey/near.js";
import type { ResolvedDestination } from "../journey/state.js";
import { langOf, type Lang } from "../../../shared/locale.js";
import { quoted } from "../../../shared/provider-text.js";
import { distanceDisplay } from "../journey/wording.js";
import { invalidInput, providerFailure } from "./outcomes.js";
import { runPlan } from "../journey/plan-run.js";
import { PlanOutput, planAnswer, type PlanResult } from "./plan-view.js";
import { destinationFor } from "./resolve-destination.js";
import { advertise, unbound } from "./schemas.js";
import { STAY_VIEW_TOOL_META } from "../apps/stay-view-meta.js";

// Aliases advertise their type and what they stand for, not their bounds (their canonical field
// has those), and hotelPreferences only that it is passed on unchanged: the banking MCP builds it.
const OPEN_OBJECTS = ["hotelPreferences"];
const ALIAS_TYPES: Record<string, Record<string, unknown>> = {
  location: { type: "string" },
  guests: { type: "integer" },
  adultsCount: { type: "integer" },
  childrenAge: { type: ["integer", "array"], items: { type: "integer" } },
  limit: { type: "integer" },
};

const Input = advertise(PlanStayInputSchema, (json) => {
  const props = json.properties as Record<string, Record<string, unknown>>;
  if (props.destination) props.destination.description = "City or destinationId";
  // The handler still checks text lengths, bounds and the language tag (and says which field failed);
  // advertised, they cost ~10 tokens a field.
  for (const prop of Object.values(props)) unbound(prop);
  for (const [name, type] of Object.entries(ALIAS_TYPES)) if (props[name]) props[name] = { ...type, description: props[name].description };
  // The handler needs both; the schema cannot say "or its alias" without a top-level anyOf, which
  // some clients refuse, so the canonical names are required and the aliases stay accepted.
  json.required = ["destination", "checkinDate", "checkoutDate", "rooms"];
  for (const name of OPEN_OBJECTS) if (props[name]) props[name] = { type: "object", description: props[name].description };
});

export const planStay = defineTool({
  name: "tbank_hotels_plan_stay",
  title: "Plan a hotel stay",
  description:
    "Searches prices for a city, dates and guests; opens a 60-min journey (journeyId). Ambiguous city or near: clarification_required. " +
    "breakfastIncluded, max*/min*, bookableOnly, amenities filter; hotelPreferences (banking MCP) only rank best_value. Never retry when retryAllowed is false.",
  toolset: "journey",
  input: Input,
  output: PlanOutput,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  _meta: STAY_VIEW_TOOL_META,
  handler: async (args, ctx, extra) => {
    // Every problem, structural and semantic, comes back at once and before any HTTP.
    const parsed = parsePlanStayInput(args, ctx.today());
    if (!parsed.ok) return failure(invalidInput(parsed.error));
    const found = await destinationFor(ctx, parsed.value.destination);
    if (!found.ok) return found.error;
    let destination: ResolvedDestination = found.value;
    if (parsed.value.near !== undefined) {
      let near: NearResolution;
      try {
        near = await resolveNear(ctx, destination.destinationId, parsed.value.near, extra.signal);
      } catch (err) {
        return failure(providerFailure(err));
      }
      if (near.status !== "resolved") return nearUnresolved(parsed.value.near, destination, near, langOf(parsed.value.language));
      destination = { ...destination, near: near.point };
    }
    return planAnswer(await runPlan(ctx, parsed.value, destination, extra), parsed.value, destination);
  },
});

const NEXT_NEAR = "No hotel search was made. Ask the user which place they mean, then call tbank_hotels_plan_stay again with near set to its name as listed.";

/** `near` is not one point of the destination: the candidates (which may be empty), like a destination's. */
function nearUnresolved(query: string, destination: DestinationCandidate, r: Exclude<NearResolution, { status: "resolved" }>, lang: Lang): ToolOutcome<PlanResult> {
  const structured = { status: r.status, retryAllowed: false, reason: r.reason, nextStep: NEXT_NEAR, destination, candidates: r.candidates };
  return failure(structured, {
    facts: `(${r.reason}): «${query}» is not one place in ${quoted(destination.name)}; no hotel search was made`,
    lines: r.candidates.map((c) => `- ${quoted(c.name)}${c.type ? ` ${c.type}` : ""}${c.distanceToCenterKm === undefined ? "" : `, ${distanceDisplay(c.distanceToCenterKm, lang)}`}`),
  });
}
