import { z } from "zod";
import { lowlevelTool } from "./define-lowlevel.js";
import { FiltersInput, hasFilters, StayInput } from "./search-inputs.js";

export const searchTool = lowlevelTool({
  name: "search",
  title: "Provider search page",
  description: "One page of the provider's hotel search feed (poll with searchId); to plan a stay prefer tbank_hotels_plan_stay.",
  input: z.strictObject({
    destinationId: z.string(),
    ...StayInput,
    filters: FiltersInput,
    offset: z.number().optional(),
    limit: z.number().optional(),
    searchId: z.string().optional(),
  }),
  read: (args, ctx, extra) => ctx.provider.api.search(args, { signal: extra.signal }),
  filtered: hasFilters,
});
