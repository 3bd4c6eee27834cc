import { z } from "zod";
import { lowlevelTool } from "./define-lowlevel.js";
import { FiltersInput, hasFilters, StayInput } from "./search-inputs.js";

export const getFilterAvailabilityTool = lowlevelTool({
  name: "get_filter_availability",
  title: "Provider filter counts",
  description: "How many hotels each filter value leaves for a stay, given the other filters; to plan a stay prefer tbank_hotels_plan_stay.",
  input: z.strictObject({ destinationId: z.string(), ...StayInput, filters: FiltersInput }),
  read: (args, ctx, extra) => ctx.provider.api.filterAvailability(args, { signal: extra.signal }),
  filtered: hasFilters,
});
