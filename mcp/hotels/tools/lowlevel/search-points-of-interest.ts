import { z } from "zod";
import { lowlevelTool } from "./define-lowlevel.js";

export const searchPointsOfInterestTool = lowlevelTool({
  name: "search_points_of_interest",
  title: "Provider points of interest",
  description: "Landmarks, streets and stations of a destination with coordinates, by text; to stay near one prefer tbank_hotels_plan_stay with near.",
  input: z.strictObject({ destinationId: z.string(), query: z.string().optional(), limit: z.number().optional() }),
  read: ({ destinationId, query, limit }, ctx, extra) => ctx.provider.api.pointsOfInterest({ destinationId, query, limit }, { signal: extra.signal }),
});
