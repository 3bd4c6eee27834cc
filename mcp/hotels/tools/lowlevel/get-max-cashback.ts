import { z } from "zod";
import { lowlevelTool } from "./define-lowlevel.js";

export const getMaxCashbackTool = lowlevelTool({
  name: "get_max_cashback",
  title: "Provider maximum cashback",
  description: "The highest cashback percent of a destination's search and the per-booking cap as stated; tbank_hotels_plan_stay already says it.",
  input: z.strictObject({ destinationId: z.string(), checkinDate: z.string(), checkoutDate: z.string() }),
  read: (args, ctx, extra) => ctx.provider.api.maxCashback(args, { signal: extra.signal }),
});
