import { z } from "zod";
import type { DestinationResolution } from "../journey/destination.js";
import type { ResolvedDestination } from "../journey/state.js";
import type { HotelsContext } from "../context.js";
import { err, ok, type Result as Outcome } from "../../../shared/result.js";
import { defineTool, type ToolOutcome } from "./define.js";
import { lookupDestination } from "../journey/destination-lookup.js";
import { failure, success, type FailureFields } from "../../shared/outcome.js";
import { quoted } from "../../../shared/provider-text.js";
import { providerFailure } from "./outcomes.js";
import { Candidates, Failure, OptionalAnyValue, withoutSchemaUrl } from "./schemas.js";

const Output = withoutSchemaUrl(z.object({
  status: z.enum(["resolved", "clarification_required", "destination_not_found", "provider_auth_rejected", "search_unavailable"]),
  ...Failure,
  reason: OptionalAnyValue,
  ...Candidates,
}));
type Result = z.infer<typeof Output>;

const nextClarify = (tool: string) => `No hotel search was made. Ask the user which place they mean, then call ${tool} with destination set to its destinationId.`;
const NEXT_NOT_FOUND = "No such place in the catalog. Ask the user for another spelling or a nearby city.";

/** Name, region and country, each one "…" field of the line. */
const place = (d: { name: string; region: string; country: string }): string => `${quoted(d.name)}, ${quoted(d.region)}, ${quoted(d.country)}`;

/** The answer for a destination that is not (yet) one place; plan_stay shares it. */
type Unresolved = Exclude<DestinationResolution, { status: "resolved" }>;

/**
 * The destination a journey tool searches, or the answer it gives instead: the provider failed, or
 * the query is not one place (`tool` is named in the next step).
 */
export async function destinationFor(ctx: Pick<HotelsContext, "catalog">, query: string, tool?: string): Promise<Outcome<ResolvedDestination, ReturnType<typeof unresolved> | ToolOutcome<FailureFields<"provider_auth_rejected" | "search_unavailable">>>> {
  let resolution: DestinationResolution;
  try {
    resolution = await lookupDestination(ctx, query);
  } catch (e) {
    return err(failure(providerFailure(e)));
  }
  return resolution.status === "resolved" ? ok(resolution.destination) : err(unresolved(query, resolution, tool));
}

export function unresolved(query: string, r: Unresolved, tool = "tbank_hotels_plan_stay"): ToolOutcome<Pick<Result, "retryAllowed" | "nextStep" | "reason" | "candidates"> & { status: Unresolved["status"] }> {
  if (r.status === "destination_not_found") return failure({ status: r.status, retryAllowed: false, nextStep: NEXT_NOT_FOUND });
  const structured = { status: r.status, retryAllowed: false, reason: r.reason, nextStep: nextClarify(tool), candidates: r.candidates };
  return failure(structured, {
    facts: `(${r.reason}): «${query}» is not one place; no hotel search was made`,
    lines: r.candidates.map((c) => `- destinationId=${c.destinationId} ${place(c)}`),
  });
}

export const resolveDestinationTool = defineTool({
  name: "tbank_hotels_resolve_destination",
  title: "Resolve a destination",
  description:
    "City lookup: resolved (destinationId), clarification_required (candidates) or destination_not_found. plan_stay resolves names itself.",
  toolset: "journey",
  input: withoutSchemaUrl(z.strictObject({ query: z.string().trim().min(1).max(200) })),
  output: Output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  handler: async ({ query }, ctx) => {
    let r: DestinationResolution;
    try {
      r = await lookupDestination(ctx, query);
    } catch (err) {
      return failure(providerFailure(err));
    }
    if (r.status !== "resolved") return unresolved(query, r);
    const d = r.destination;
    const nextStep = "Call tbank_hotels_plan_stay with this destinationId (or the city name) as destination.";
    return success({ status: "resolved" as const, destination: d, nextStep }, [`status=resolved destinationId=${d.destinationId} ${place(d)}`]);
  },
});
