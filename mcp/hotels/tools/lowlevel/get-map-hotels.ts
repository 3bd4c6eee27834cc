import { z } from "zod";
import { lowlevelTool } from "./define-lowlevel.js";
import { FiltersInput, hasFilters, StayInput } from "./search-inputs.js";

export const getMapHotelsTool = lowlevelTool({
  name: "get_map_hotels",
  title: "Provider map hotels",
  description: "Search cards of hotels picked on the map (from search_map); to compare stays prefer tbank_hotels_compare_stay_options.",
  input: z.strictObject({ hotelIds: z.array(z.string()), ...StayInput, filters: FiltersInput }),
  read: (args, ctx, extra) => ctx.provider.api.mapHotels(args, { signal: extra.signal }),
  filtered: hasFilters,
});
