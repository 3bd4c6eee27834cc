import { z } from "zod";
import { lowlevelTool } from "./define-lowlevel.js";

export const getCashbackPercentTool = lowlevelTool({
  name: "get_cashback_percent",
  title: "Provider cashback percents",
  description: "T-Bank cashback percent of up to 500 hotels in one call; journey cards already carry it (tbank_hotels_plan_stay).",
  input: z.strictObject({ hotelIds: z.array(z.string()) }),
  read: (args, ctx, extra) => ctx.provider.api.cashbackPercents(args, { signal: extra.signal }),
});
