import { z } from "zod";
import type { HotelsContext } from "../context.js";
import { journeyView, type JourneyView } from "../journey/view.js";
import { loadSelectedRate, rateSummary, type RateSummary, type SelectedRate } from "./checkout-common.js";
import { defineTool, type HotelsToolDef, type ToolOutcome } from "./define.js";
import { JourneyIdInput } from "./schemas.js";

const Input = z.strictObject({ journeyId: JourneyIdInput });

// Where every rate preview sends the person to book.
export const CHECKOUT_HANDOFF_STEP = "tbank_hotels_create_checkout_handoff";

/** What a preview describes: the selected rate, the journey's view and the rate as cards show it. */
export interface RatePreviewInput {
  sel: SelectedRate;
  view: JourneyView;
  rate: RateSummary;
}

export interface RatePreviewDef<O extends z.ZodObject> {
  name: string;
  title: string;
  description: string;
  /** Must list the journey failures of `loadSelectedRate` among its statuses (see baseOutput). */
  output: O;
  preview: (input: RatePreviewInput, ctx: HotelsContext) => Promise<ToolOutcome<z.infer<O>>>;
}

/**
 * A journey tool that only describes the selected rate: it reads the journey, calls no provider and
 * changes nothing, so every such tool has the same input, annotations and lookup.
 */
export function defineRatePreview<O extends z.ZodObject>({ preview, ...def }: RatePreviewDef<O>): HotelsToolDef<typeof Input, O> {
  return defineTool({
    ...def,
    toolset: "journey",
    input: Input,
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    handler: async ({ journeyId }, ctx) => {
      const loaded = await loadSelectedRate(ctx, journeyId);
      // The output declares these failures (RatePreviewDef.output), which a generic O cannot show.
      if (!loaded.ok) return loaded.error as ToolOutcome<z.infer<O>>;
      const view = journeyView(loaded.value.state, ctx.now());
      return preview({ sel: loaded.value, view, rate: rateSummary(loaded.value.rate, view) }, ctx);
    },
  });
}
