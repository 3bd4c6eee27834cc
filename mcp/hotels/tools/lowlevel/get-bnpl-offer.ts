import { z } from "zod";
import { lowlevelTool } from "./define-lowlevel.js";
import { StayInput } from "./search-inputs.js";

export const getBnplOfferTool = lowlevelTool({
  name: "get_bnpl_offer",
  title: "Provider instalment offers",
  description: "Instalment (BNPL) offers for a hotel's rates for a stay, by rateId; journey rates already carry them (tbank_hotels_get_selected_stay_rates).",
  input: z.strictObject({ hotelId: z.string(), ...StayInput }),
  read: ({ hotelId, ...stay }, ctx, extra) => ctx.provider.api.bnplOffer(hotelId, stay, { signal: extra.signal }),
});
