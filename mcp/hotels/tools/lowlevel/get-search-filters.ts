import { z } from "zod";
import { lowlevelTool } from "./define-lowlevel.js";

export const getSearchFiltersTool = lowlevelTool({
  name: "get_search_filters",
  title: "Provider search filters",
  description: "The provider's filter catalog for a destination (ids, forms, values); plan_stay applies breakfast and price filters itself.",
  input: z.strictObject({ destinationId: z.string() }),
  read: (args, ctx, extra) => ctx.provider.api.searchFilters(args.destinationId, { signal: extra.signal }),
});
