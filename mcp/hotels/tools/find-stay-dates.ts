import { FlexInputSchema, parseFlexInput } from "../journey/flex-input.js";
import { runFlex } from "../journey/flex-run.js";
import { langOf } from "../../../shared/locale.js";
import { failure } from "../../shared/outcome.js";
import { defineTool } from "./define.js";
import { FlexOutput, flexAnswer } from "./flex-view.js";
import { invalidInput } from "./outcomes.js";
import { destinationFor } from "./resolve-destination.js";
import { advertise, unbound } from "./schemas.js";

const NAME = "tbank_hotels_find_stay_dates";

// plan_stay's schema already describes a room; bounds and the room's shape are checked, not advertised.
const Input = advertise(FlexInputSchema, (json) => {
  const props = json.properties as Record<string, Record<string, unknown>>;
  props.rooms = { type: "array", description: "As plan_stay" };
  props.weekend = { ...props.weekend, description: "Instead of nights" };
  props.maxPricePerNight = { type: "object", description: "As plan_stay" };
  for (const prop of Object.values(props)) unbound(prop);
});

export const findStayDates = defineTool({
  name: NAME,
  title: "Cheapest dates",
  description: "Cheapest stay for the party per check-in date of a window (≤31 days), within a request budget; opens no journey.",
  toolset: "journey",
  input: Input,
  output: FlexOutput,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  handler: async (args, ctx, extra) => {
    const parsed = parseFlexInput(args, ctx.today());
    if (!parsed.ok) return failure(invalidInput(parsed.error));
    const found = await destinationFor(ctx, parsed.value.destination, NAME);
    if (!found.ok) return found.error;
    const destination = found.value;
    const run = await runFlex(ctx, parsed.value, destination.destinationId, extra.signal);
    return flexAnswer(run, parsed.value, destination, langOf(parsed.value.language));
  },
});
