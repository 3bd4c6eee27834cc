import { z } from "zod";
import { lowlevelTool } from "./define-lowlevel.js";

export const getRateUpgradeTool = lowlevelTool({
  name: "get_rate_upgrade",
  title: "Provider rate upgrade",
  description: "The upgrade offer of a checkOutId (or null); in a journey prefer tbank_hotels_inspect_checkout.",
  input: z.strictObject({ checkOutId: z.string() }),
  read: (args, ctx, extra) => ctx.provider.api.upgrade(args.checkOutId, { signal: extra.signal }),
});
