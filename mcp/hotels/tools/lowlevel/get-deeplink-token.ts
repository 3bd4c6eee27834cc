import { z } from "zod";
import { lowlevelTool } from "./define-lowlevel.js";
import { StayInput } from "./search-inputs.js";

// Returned in full: the token is issued without a customer (no user token reaches this route) and
// names only public parameters (hotel, dates, adults); it is what a partner link carries, not a credential.
export const getDeeplinkTokenTool = lowlevelTool({
  name: "get_deeplink_token",
  title: "Provider deeplink token",
  description: "An opaque deeplink token for a hotel and stay (for get_partner_redirect_url); to hand a stay over prefer tbank_hotels_create_checkout_handoff.",
  input: z.strictObject({ hotelId: z.string(), ...StayInput }),
  read: (args, ctx, extra) => ctx.provider.api.deeplinkToken(args, { signal: extra.signal }),
});
