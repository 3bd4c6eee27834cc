import { z } from "zod";
import { parsePlanStayInput, type PlanStayRequest } from "../journey/input.js";
import { defineTool } from "./define.js";
import { failure } from "../../shared/outcome.js";
import { invalidInput, lookupJourney } from "./outcomes.js";
import { runPlan } from "../journey/plan-run.js";
import { PlanOutput, planAnswer } from "./plan-view.js";
import { JourneyIdInput, withoutSchemaUrl } from "./schemas.js";

// What a repeat may change; another city is a new plan, not a repeat.
const CHANGEABLE = ["checkinDate", "checkoutDate", "rooms", "ranking", "maxOptions", "breakfastIncluded", "language"] as const;
// Advertised as an open object naming its fields (tbank_hotels_plan_stay's schema already describes
// them); the handler validates the merged request exactly like a plan, every problem at once.
const Changes = z.unknown().meta({ type: "object", description: `plan_stay fields to change: ${CHANGEABLE.join(", ")}` });

/** The stored request as plan_stay input, so a changed repeat is validated exactly like a plan. */
function asInput(r: PlanStayRequest, destinationId: string): Record<string, unknown> {
  const input: Record<string, unknown> = { destination: destinationId, checkinDate: r.checkinDate, checkoutDate: r.checkoutDate, rooms: r.rooms, maxOptions: r.maxOptions };
  for (const key of ["language", "ranking", "breakfastIncluded", "amenities", "hotelName", "near", "hotelPreferences"] as const) if (r[key] !== undefined) input[key] = r[key];
  return { ...input, ...r.filters };
}

export const repeatStayPlan = defineTool({
  name: "tbank_hotels_repeat_stay_plan",
  title: "Repeat a stay plan",
  description:
    "Runs a journey's plan again, optionally changed, as a new journeyId; destination and near stay.",
  toolset: "journey",
  input: withoutSchemaUrl(z.strictObject({ journeyId: JourneyIdInput, changes: Changes.optional() })),
  output: PlanOutput,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  handler: async ({ journeyId, changes: raw }, ctx, extra) => {
    const found = await lookupJourney(ctx, journeyId);
    if (!found.ok) return failure(found.error);
    const { request, destination } = found.value.state;
    if (raw !== undefined && (typeof raw !== "object" || raw === null || Array.isArray(raw))) {
      return failure(invalidInput([{ field: "changes", message: "must be an object of plan_stay fields" }]));
    }
    const changes = (raw ?? {}) as Record<string, unknown>;
    const refused = Object.keys(changes)
      .filter((k) => !(CHANGEABLE as readonly string[]).includes(k))
      .map((k) => ({ field: `changes.${k}`, message: `cannot be changed in a repeat (allowed: ${CHANGEABLE.join(", ")}); run tbank_hotels_plan_stay instead` }));
    const parsed = parsePlanStayInput({ ...asInput(request, destination.destinationId), ...pick(changes) }, ctx.today());
    const errors = [...refused, ...(parsed.ok ? [] : parsed.error)];
    if (errors.length > 0 || !parsed.ok) return failure(invalidInput(errors));
    return planAnswer(await runPlan(ctx, parsed.value, destination, extra), parsed.value, destination);
  },
});

function pick(changes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(changes).filter(([k]) => (CHANGEABLE as readonly string[]).includes(k)));
}
