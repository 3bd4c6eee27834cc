import { z } from "zod";
import { lowlevelTool } from "./define-lowlevel.js";

export const getHotelTool = lowlevelTool({
  name: "get_hotel",
  title: "Provider hotel card",
  description: "The provider's hotel card by hotelId; for an option of a journey prefer tbank_hotels_get_stay_option_details.",
  input: z.strictObject({ hotelId: z.string() }),
  read: (args, ctx, extra) => ctx.provider.api.hotel(args.hotelId, { signal: extra.signal }),
});
