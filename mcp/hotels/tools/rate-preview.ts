import { z } from "zod";
import type { HotelsContext } from "../context.js";
import { journeyView, type JourneyView } from "../journey/view.js";
import { loadSelectedRate, type SelectedRate } from "./checkout-common.js";
import { defineTool, type HotelsToolDef, type ToolOutcome } from "./define.js";
import { JourneyIdInput } from "./schemas.js";

const Input = z.strictObject({ journeyId: JourneyIdInput });

export interface RatePreviewDef<O extends z.ZodObject> {
  name: string;
  title: string;
  description: string;
  /** Must list the journey failures of `loadSelectedRate` among its statuses (see baseOutput). */
  output: O;
  preview: (sel: SelectedRate, view: JourneyView, ctx: HotelsContext) => Promise<ToolOutcome<z.infer<O>>>;
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
      return preview(loaded.value, journeyView(loaded.value.state, ctx.now()), ctx);
    },
  });
}
