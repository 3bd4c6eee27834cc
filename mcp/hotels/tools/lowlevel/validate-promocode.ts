import { z } from "zod";
import { lowlevelTool } from "./define-lowlevel.js";

export const validatePromocodeTool = lowlevelTool({
  name: "validate_promocode",
  title: "Provider promo code check",
  description: "Checks a promo code against a checkOutId without applying it; in a journey prefer tbank_hotels_inspect_checkout(promoCode).",
  input: z.strictObject({ checkOutId: z.string(), promoCode: z.string() }),
  read: (args, ctx, extra) => ctx.provider.api.validatePromo(args.checkOutId, args.promoCode, { signal: extra.signal }),
});
