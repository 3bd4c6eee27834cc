import { z } from "zod";
import { lowlevelTool } from "./define-lowlevel.js";

export const getReviewOrderStatusTool = lowlevelTool({
  name: "get_review_order_status",
  title: "Provider review status of an order",
  description: "Whether the stay of a provider order can be reviewed now (needs a profile the provider accepts for that order); no journey tool writes reviews.",
  input: z.strictObject({ orderId: z.string() }),
  read: (args, ctx, extra) => ctx.provider.api.reviewOrderStatus(args.orderId, { signal: extra.signal }),
});
