import { z } from "zod";
import type { GetHotelPreferencesResult } from "../../../shared/protocol/ops-banking.js";
import { defineTool } from "./define.js";
import { failure, success } from "../../shared/outcome.js";
import { Base, brokerCallFailed, NOT_CONFIGURED, AnyObject } from "./outcomes.js";

const Output = z.object({
  ...Base,
  hotelPreferences: AnyObject.optional(),
  basis: z.object({ staysCount: z.number(), periodMonths: z.number() }).optional(),
});

const NEXT_OK =
  "Pass hotelPreferences unchanged (no edits, no renamed fields) as the hotelPreferences argument of tbank_hotels_plan_stay. It is a soft preference that ranks options, never a filter.";

export const getHotelPreferences = defineTool({
  name: "tbank_banking_get_hotel_preferences",
  title: "Hotel price preferences",
  description:
    "Soft per-night hotel price preferences derived from the person's past stays, as a ready hotelPreferences object for tbank_hotels_plan_stay (pass it unchanged). No accounts, categories or sums are returned.",
  toolset: "always",
  input: z.strictObject({}),
  output: Output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  handler: async (_args, ctx) => {
    if (!ctx.broker) return failure(NOT_CONFIGURED);
    let result: GetHotelPreferencesResult;
    try {
      result = await ctx.broker.call("banking.get_hotel_preferences", {});
    } catch (err) {
      return brokerCallFailed(ctx, "banking.get_hotel_preferences", err);
    }
    const { hotelPreferences, basis } = result;
    const structured: z.infer<typeof Output> = { status: "ok", nextStep: NEXT_OK, hotelPreferences, basis };
    return success(structured, ["status=ok", `hotelPreferences=${JSON.stringify(hotelPreferences)}`, `basis: ${basis.staysCount} stays over ${basis.periodMonths} months`]);
  },
});
