import { z } from "zod";
import type { ProviderMapRequest } from "../../provider/index.js";
import { lowlevelTool } from "./define-lowlevel.js";
import { checkedByClient, FiltersInput, hasFilters, StayInput } from "./search-inputs.js";

export const searchMapTool = lowlevelTool({
  name: "search_map",
  title: "Provider map search",
  description: "The search's hotels as map points (id, coordinates, price); to plan a stay near a place prefer tbank_hotels_plan_stay.",
  input: z.strictObject({
    destinationId: z.string(),
    ...StayInput,
    filters: FiltersInput,
    bbox: checkedByClient<ProviderMapRequest["bbox"]>().optional().meta({ description: "{south, west, north, east}" }),
    limit: z.number().optional(),
  }),
  read: (args, ctx, extra) => ctx.provider.api.searchMap(args, { signal: extra.signal }),
  filtered: hasFilters,
});
