import { z } from "zod";
import { publicOptions } from "../journey/options.js";
import { defineTool } from "./define.js";
import { failure, success } from "../../shared/outcome.js";
import { lookupJourney } from "./outcomes.js";
import { cardLine, rankedPage, rankingFields, rankingLine } from "./present.js";
import { Base, Field, JourneyIdInput, Page, RankingFields, RankingInput, wire } from "./schemas.js";

const Output = wire(z.object({
  status: z.enum(["ok", "journey_not_found", "journey_expired"]),
  ...Base,
  journeyId: Field,
  offset: Field,
  ...Page,
  ...RankingFields,
}));

export const getStayOptions = defineTool({
  name: "tbank_hotels_get_stay_options",
  title: "Page through stay options",
  description:
    "Pages through all options of a journey as compact cards. ranking re-orders locally without a new search; omitted, the plan's ranking applies. No provider call.",
  toolset: "journey",
  input: wire(z.strictObject({
    journeyId: JourneyIdInput,
    ranking: RankingInput.optional(),
    offset: z.number().int().min(0).max(1000).optional(),
    limit: z.number().int().min(1).max(20).optional(),
  })),
  output: Output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: ({ journeyId, ranking, offset = 0, limit = 10 }, ctx) => {
    const found = lookupJourney(ctx, journeyId);
    if (!found.ok) return Promise.resolve(failure(found.failure));
    const state = found.journey.state;
    const pub = publicOptions(state.options);
    const { ranked, cards } = rankedPage(pub, { ranking: ranking ?? state.ranking, hotelPreferences: state.request.hotelPreferences }, offset, limit);
    const total = pub.length;
    const hasMore = offset + cards.length < total;
    const nextStep = `${hasMore ? `More: the same call with offset=${offset + cards.length}. ` : ""}Compare with tbank_hotels_compare_stay_options; choose with tbank_hotels_select_stay_option.`;
    const structured = { status: "ok" as const, journeyId, ...rankingFields(ranked), offset, options: cards, total, hasMore, nextStep };
    return Promise.resolve(
      success(structured, [
        `status=ok journeyId=${journeyId} ${cards.length === 0 ? `no options at offset ${offset}` : `options ${offset + 1}–${offset + cards.length}`} of ${total}`,
        rankingLine(ranked),
        ...cards.map((c, i) => cardLine(c, offset + i + 1)),
      ]),
    );
  },
});
