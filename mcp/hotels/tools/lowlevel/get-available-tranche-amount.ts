import { z } from "zod";
import { lowlevelTool } from "./define-lowlevel.js";

export const getAvailableTrancheAmountTool = lowlevelTool({
  name: "get_available_tranche_amount",
  title: "Provider instalment amount",
  description: "How much of an amount instalments can cover, with the product's limits; for a rate prefer tbank_hotels_get_selected_stay_rates.",
  input: z.strictObject({ amount: z.number(), currency: z.string() }),
  read: (args, ctx, extra) => ctx.provider.api.trancheAmount(args, { signal: extra.signal }),
});
