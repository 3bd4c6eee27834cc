import { z } from "zod";
import { lowlevelTool } from "./define-lowlevel.js";
import { ApiVersionInput, StayInput } from "./search-inputs.js";

export const getRateTool = lowlevelTool({
  name: "get_rate",
  title: "Provider rate",
  description: "One rate of a hotel for a stay by rateId; for a journey's rates prefer tbank_hotels_get_selected_stay_rates.",
  input: z.strictObject({ hotelId: z.string(), rateId: z.string(), ...StayInput, apiVersion: ApiVersionInput }),
  read: ({ hotelId, rateId, apiVersion, ...stay }, ctx, extra) => ctx.provider.api.rate(hotelId, rateId, stay, { signal: extra.signal }, apiVersion),
});
