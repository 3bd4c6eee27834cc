import { z } from "zod";
import { toIsoTimestamp } from "../../../../shared/time.js";
import { ContactsSchema, GuestNameSchema } from "../../../../shared/protocol/ops-hotels-writes.js";
import { failure, success } from "../../../shared/outcome.js";
import { guestCoverage } from "../../booking/coverage.js";
import { draftStayOf, newDraft } from "../../booking/snapshot.js";
import { fieldPath } from "../../journey/input.js";
import type { FieldError } from "../../journey/types.js";
import { busyReadiness } from "../../writes/busy.js";
import { writeReadiness } from "../../writes/readiness.js";
import { loadSelectedRate } from "../checkout-common.js";
import { defineTool, type ToolOutcome } from "../define.js";
import { invalidInput } from "../outcomes.js";
import { advertise, OptionalAnyValue, JourneyIdInput, AnyArray, AnyObject } from "../schemas.js";
import { draftOutput, draftSummary, summaryLines } from "./common.js";

const DraftInputSchema = z.strictObject({
  journeyId: JourneyIdInput,
  // One list per room of the search, in its order.
  guests: z.array(z.array(GuestNameSchema).min(1).max(10)).min(1).max(4),
  contacts: ContactsSchema,
});

// Parsed in the handler, after the readiness check: with execution off, nothing the model sent is
// even read, and a malformed name is never echoed by the SDK's validation error.
const Input = advertise(DraftInputSchema, (json) => {
  const props = json.properties as Record<string, Record<string, unknown>>;
  if (props.guests) props.guests.description = "Per room of the search, in its order: [{firstName, lastName}, …]";
});

const Output = z.object({
  ...draftOutput([
    "draft_ready",
    "busy",
    "execution_unavailable",
    "invalid_input",
    "journey_not_found",
    "journey_expired",
    "selection_required",
    "rate_selection_required",
    "provider_auth_rejected",
  ]),
  bookingDraftId: OptionalAnyValue,
  expiresAt: OptionalAnyValue,
  summary: AnyObject.optional(),
  guestCoverage: AnyObject.optional(),
  errors: AnyArray.optional(),
});
type Out = z.infer<typeof Output>;

const PREVIEW_INSTEAD =
  "tbank_hotels_create_booking_preview with the journeyId: show the selected rate and guests, then stop. Do not ask for or repeat names, email or phone";
const VALIDATE_NEXT = "tbank_hotels_validate_checkout with the bookingDraftId (the provider's current price and terms)";
// A warning the next step skipped would be read past: the names can only be added by a new draft.
const COVERAGE_NEXT = `tell the person the guestCoverage warning: with the missing names, tbank_hotels_create_booking_draft again with all of them; if they go on without, ${VALIDATE_NEXT}`;

function issuesToErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  // Field names and the schema's own messages only: never the value that failed.
  return issues.flatMap((issue) =>
    issue.code === "unrecognized_keys" ? issue.keys.map((k) => ({ field: fieldPath([...issue.path, k]), message: "unknown field" })) : [{ field: fieldPath(issue.path) || "(input)", message: issue.message }],
  );
}

export const createBookingDraft = defineTool({
  name: "tbank_hotels_create_booking_draft",
  title: "Create a booking draft",
  description:
    "Holds guest names and contacts for the journey's selected rate (60 min) when booking execution is ready; otherwise stores nothing. " +
    "Then validate_checkout → prepare_draft_booking → confirm_booking.",
  toolset: "booking",
  input: Input,
  output: Output,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: async (args, ctx): Promise<ToolOutcome<Out>> => {
    const readiness = await writeReadiness(ctx);
    const booking = readiness.kinds.booking;
    if (!booking.available) {
      const busy = busyReadiness(booking.reason);
      if (busy) return failure(busy, { isError: false });
      const message = `Booking execution is not available: ${booking.reason ?? "not configured"}. No draft was created and nothing was stored.`;
      return failure({ status: "execution_unavailable", retryAllowed: false, nextStep: PREVIEW_INSTEAD, message }, { isError: false });
    }
    const parsed = DraftInputSchema.safeParse(args);
    if (!parsed.success) return failure(invalidInput(issuesToErrors(parsed.error.issues), "Fix every listed field with the person's own data (never invent names) and call again."));
    const { journeyId, guests, contacts } = parsed.data;
    const loaded = await loadSelectedRate(ctx, journeyId);
    if (!loaded.ok) return loaded.error;
    const sel = loaded.value;
    const rooms = sel.state.request.rooms;
    if (guests.length !== rooms.length) {
      return failure(invalidInput([{ field: "guests", message: `one list of names per room: the search has ${rooms.length} room(s), ${guests.length} list(s) given` }]));
    }
    const stay = draftStayOf(sel, ctx.now());
    if (stay === null) {
      return failure({ status: "rate_selection_required", retryAllowed: false, nextStep: "tbank_hotels_select_stay_option (another hotel)", message: "The selected hotel cannot be booked from this journey." });
    }
    const record = ctx.bookingDrafts.create(newDraft(stay, guests, contacts));
    const coverage = guestCoverage(stay.rooms, guests, stay.lang);
    const summary = draftSummary(record.draft, ctx.now());
    const expiresAt = toIsoTimestamp(record.expiresAtMs);
    return success({ status: "draft_ready" as const, bookingDraftId: record.bookingDraftId, state: record.draft.phase, expiresAt, summary, guestCoverage: coverage, nextStep: coverage.complete ? VALIDATE_NEXT : COVERAGE_NEXT }, [
      `status=draft_ready bookingDraftId=${record.bookingDraftId} state=${record.draft.phase} expiresAt=${expiresAt}`,
      ...summaryLines(summary, stay.lang),
      `guestCoverage: ${coverage.rooms.map((c) => `${c.given}/${c.guests}`).join(", ")} complete=${coverage.complete}`,
      coverage.warning,
    ]);
  },
});
