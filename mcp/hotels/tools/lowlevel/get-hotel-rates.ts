import { z } from "zod";
import { lowlevelTool } from "./define-lowlevel.js";
import { ApiVersionInput, StayInput } from "./search-inputs.js";

export const getHotelRatesTool = lowlevelTool({
  name: "get_hotel_rates",
  title: "Provider hotel rates",
  description: "A hotel's bookable rates for a stay, as the provider lists them; for a journey's option prefer tbank_hotels_get_selected_stay_rates.",
  input: z.strictObject({ hotelId: z.string(), ...StayInput, apiVersion: ApiVersionInput }),
  read: ({ hotelId, apiVersion, ...stay }, ctx, extra) => ctx.provider.api.rates(hotelId, stay, { signal: extra.signal }, apiVersion),
});
