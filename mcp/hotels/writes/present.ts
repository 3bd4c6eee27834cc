import { z } from "zod";
import { DEFAULT_LANG, missing, type Lang } from "../../../shared/locale.js";
import { formatMoney } from "../../../shared/money.js";
import type { CommittedFacts, WriteKind } from "../../../shared/protocol/ops-hotels-writes.js";
import { failure, success, type Line } from "../../shared/outcome.js";
import type { ToolOutcome } from "../tools/define.js";
import { OptionalAnyValue, AnyObject, withoutSchemaUrl } from "../tools/schemas.js";
import { busyReadiness } from "./busy.js";
import type { ExecuteOutcome, PreparationProblem } from "./execute.js";
import type { ApprovalChannels, PreparedWriteView } from "./prepare.js";

// The answers of the write path, for the mutations tools and the booking drafts alike. Every fact
// is in both channels: Claude Code shows only the text of an isError result, other clients read
// only structuredContent. The write path's outcomes (refused, denied, timed out, unknown...) are
// answers with status and retryAllowed, not errors; isError is left for a broken broker.

/** What the model calls next, worded by the tool family (the mutations tools or the booking drafts). */
export interface WriteSteps {
  /** After prepare: "call tbank_hotels_execute_booking with the same fields, preparedRequestHash, ..." */
  execute: string;
  /** To start over: "call tbank_hotels_prepare_booking again". */
  prepare: string;
  /** Where the outcome can be read without writing: "tbank_hotels_list_bookings". */
  check: string;
  /** Where the person acts themselves when execution is off: "tbank_hotels_create_checkout_handoff ...". */
  alternative: string;
  /**
   * What to tell the person before asking, when the preview alone does not say it (a cancellation's
   * preview is only a bookingRef): "tell the person the penalty and refund from ...". Absent: the
   * preview and its price.
   */
  terms?: string;
}

/** What a preparation hands on to its execute (or confirm), in both the mutations and the booking answers. */
export const PREPARED_FIELDS = {
  requestHash: OptionalAnyValue,
  preparedAt: OptionalAnyValue,
  expiresAt: OptionalAnyValue,
  confirmationPhrase: OptionalAnyValue,
  approvalUrl: OptionalAnyValue,
  terminalCommand: OptionalAnyValue,
};

/** One schema for prepare and execute answers: names only in tools/list (paid in tokens). */
export const WriteOutput = withoutSchemaUrl(
  z.object({
    status: z.string(),
    retryAllowed: z.boolean().optional(),
    executionAvailable: OptionalAnyValue,
    kind: OptionalAnyValue,
    endpoint: OptionalAnyValue,
    preview: AnyObject.optional(),
    ...PREPARED_FIELDS,
    reason: OptionalAnyValue,
    replayed: OptionalAnyValue,
    reconciled: OptionalAnyValue,
    facts: AnyObject.optional(),
    currentPrice: AnyObject.optional(),
    completedAt: OptionalAnyValue,
    message: z.string().optional(),
    nextStep: z.string(),
  }),
);
export type WriteResult = z.infer<typeof WriteOutput>;

function previewLine(preview: Record<string, unknown>): string {
  return `preview: ${JSON.stringify(preview)}`;
}

/** Execution is not ready: the preview only, no hash, no phrase, nothing to approve (or busy: ask again). */
export function presentPreviewOnly(kind: WriteKind, endpoint: string, preview: Record<string, unknown>, reason: string, steps: WriteSteps): ToolOutcome<WriteResult> {
  const busy = busyReadiness(reason);
  if (busy) return failure({ ...busy, kind, endpoint }, { facts: `kind=${kind} endpoint=${endpoint}`, isError: false });
  const nextStep = `execution is not available (${reason}); nothing can be sent from here, so do not offer to perform it. Show the preview only; ${steps.alternative}`;
  return success({ status: "preview_only", executionAvailable: false, kind, endpoint, preview, reason, nextStep }, [
    `status=preview_only executionAvailable=false kind=${kind} endpoint=${endpoint}`,
    `reason: ${reason}`,
    previewLine(preview),
  ]);
}

/** Prepared: what the person must see and approve, and exactly what to send afterwards. */
export function presentPrepared(view: PreparedWriteView, channels: ApprovalChannels, steps: WriteSteps): ToolOutcome<WriteResult> {
  const { prepared, requestHash, phrase, endpoint, previewPayload } = view;
  const where = channels.approvalUrl ? `\`${channels.terminalCommand}\` in a terminal or at ${channels.approvalUrl}` : `\`${channels.terminalCommand}\` in a terminal`;
  const nextStep =
    `${steps.terms ?? "show the person the preview and the price"}; nothing is sent yet. When they say yes, tell them to approve in ${where} ` +
    `(only they can: nothing you send approves it), then ${steps.execute}, before expiresAt. If they say no, stop.`;
  return success(
    {
      status: "prepared",
      executionAvailable: true,
      kind: prepared.kind,
      endpoint,
      preview: previewPayload,
      requestHash,
      preparedAt: prepared.preparedAt,
      expiresAt: prepared.expiresAt,
      confirmationPhrase: phrase,
      approvalUrl: channels.approvalUrl,
      terminalCommand: channels.terminalCommand,
      nextStep,
    },
    [
      `status=prepared executionAvailable=true kind=${prepared.kind} endpoint=${endpoint}`,
      `requestHash=${requestHash}`,
      `preparedAt=${prepared.preparedAt} expiresAt=${prepared.expiresAt}`,
      `confirmationPhrase: ${phrase}`,
      `approve: ${where}`,
      previewLine(previewPayload),
    ],
  );
}

const PROBLEM: Readonly<Record<PreparationProblem, string>> = {
  fields_changed: "the fields differ from the prepared request (any changed field, or timestamp, gives another requestHash)",
  expired: "the preparation expired (they live 5 minutes)",
  wrong_phrase: "the confirmationPhrase is not the one prepare returned",
  not_prepared_here: "preparedAt/expiresAt are not a preparation of this server",
  refused_by_broker: "the auth broker refused the preparation (changed, expired or wrong phrase)",
};

type Money = { amountDecimal: string; currency: string };

/** `18450 RUB (18 450 ₽)`: the decimal as the structured answer has it, and as the person reads it. */
function moneyText(m: Money | null | undefined, lang: Lang): string {
  return m ? `${m.amountDecimal} ${m.currency} (${formatMoney(m.amountDecimal, m.currency, lang)})` : missing(lang);
}

/**
 * A null fact is "no data" (not read), except a cancellation's penalty and refund in the provider's
 * own answer, where null is its word for none (no penalty stage in force; nothing paid, nothing
 * refunded). After a lost answer they are not read back (broker/writes/facts.ts): no data.
 */
function nullText(facts: CommittedFacts, key: string, reconciled: boolean, lang: Lang): string {
  return facts.kind === "cancellation" && !reconciled && (key === "penalty" || key === "refund") ? "none" : missing(lang);
}

/** `bookingRef=bkr_… taskStatus=IN_PROGRESS orderStatus=нет данных`: every committed fact, flat, money in `lang`. */
export function factsLine(facts: CommittedFacts, lang: Lang = DEFAULT_LANG, reconciled = false): string {
  return Object.entries(facts)
    .filter(([k]) => k !== "kind")
    .map(([k, v]) => {
      if (v === null) return `${k}=${nullText(facts, k, reconciled, lang)}`;
      if (Array.isArray(v)) return `${k}=${v.join(",") || "none"}`;
      return `${k}=${typeof v === "object" ? moneyText(v as Money, lang) : String(v)}`;
    })
    .join(" ");
}

function committedStep(facts: CommittedFacts, steps: WriteSteps, reconciled: boolean): string {
  const once = "do not execute it again (a repeat only returns this recorded outcome)";
  switch (facts.kind) {
    case "booking":
    case "ls_booking":
      return `tell the person the booking is made (hotel, dates) and is listed in their bookings; taskStatus IN_PROGRESS means the provider is still confirming it. bookingRef ${facts.bookingRef} is for your calls only (expires in 30 min): do not give it to the person. Read it with tbank_hotels_get_booking or ${steps.check}; ${once}.`;
    case "cancellation": {
      // The structured facts keep null: say here which null it is, as the text line does.
      const nulls = facts.penalty === null || facts.refund === null;
      const meaning = !nulls ? "" : reconciled ? " (null: not read after the lost answer, so no data; tbank_hotels_get_booking shows the order)" : " (null: none, as the provider answered)";
      return `tell the person the order status, penalty and refund as shown${meaning}; ${once}.`;
    }
    case "payment_setup":
      return `give the person paymentPageUrl: they pay there in a browser (card data and 3-D Secure only on that page, never in this chat); nothing is paid until they do; ${once}.`;
    case "promo_code":
    case "extra_services":
      return `tell the person the result and priceAfter; ${once}.`;
  }
}

type Head = { kind: WriteKind; requestHash: string };

/** Any execute outcome as a tool answer; money also in `lang` (the decimals stay as they are). */
export function presentExecuted(outcome: ExecuteOutcome, head: Head, steps: WriteSteps, lang: Lang = DEFAULT_LANG): ToolOutcome<WriteResult> {
  const { kind, requestHash } = head;
  const answer = (status: string, retryAllowed: boolean, nextStep: string, extra: Partial<WriteResult> = {}, lines: Line[] = []): ToolOutcome<WriteResult> =>
    failure({ status, retryAllowed, kind, requestHash, ...extra, nextStep }, { facts: `kind=${kind} requestHash=${requestHash}`, lines, isError: false });
  switch (outcome.status) {
    case "committed": {
      const r = outcome.result;
      const nextStep = committedStep(r.facts, steps, r.reconciled);
      return success({ status: "committed", kind, requestHash, replayed: r.replayed, reconciled: r.reconciled, facts: r.facts, completedAt: r.completedAt, nextStep }, [
        `status=committed kind=${kind} requestHash=${requestHash} replayed=${r.replayed} reconciled=${r.reconciled} completedAt=${r.completedAt}`,
        factsLine(r.facts, lang, r.reconciled),
      ]);
    }
    case "refused_by_provider": {
      const r = outcome.result;
      const price = r.reason === "price_changed" && r.currentPrice ? ` The current total is ${moneyText(r.currentPrice, lang)}: if the person accepts it, ${steps.prepare} with that expectedPrice.` : "";
      const nextStep = `the provider refused (${r.reason}); nothing changed.${price} Tell the person; do not execute this preparation again.`;
      return answer("refused_by_provider", false, nextStep, { reason: r.reason, replayed: r.replayed, currentPrice: r.currentPrice, completedAt: r.completedAt }, [
        `reason=${r.reason} replayed=${r.replayed} currentPrice=${moneyText(r.currentPrice, lang)} completedAt=${r.completedAt}`,
      ]);
    }
    case "execution_unavailable": {
      const busy = busyReadiness(outcome.reason);
      if (busy) return answer(busy.status, busy.retryAllowed, busy.nextStep, { reason: outcome.reason }, [`reason: ${outcome.reason}`]);
      return answer("execution_unavailable", false, `nothing was sent: execution is not available. Do not prepare again; ${steps.alternative}`, { reason: outcome.reason }, [`reason: ${outcome.reason}`]);
    }
    case "preparation_invalid":
      return answer("preparation_invalid", false, `nothing was sent. ${steps.prepare}, show the new preview, and let the person approve that one.`, { reason: outcome.problem, message: PROBLEM[outcome.problem] }, [
        `reason=${outcome.problem}: ${PROBLEM[outcome.problem]}`,
      ]);
    case "approval_pending": {
      const { approvalUrl, terminalCommand } = outcome.channels;
      const where = approvalUrl ? `\`${terminalCommand}\` in a terminal or at ${approvalUrl}` : `\`${terminalCommand}\` in a terminal`;
      return answer(
        "approval_pending",
        true,
        `nothing is sent yet: the request waits for the person's approval until ${outcome.approvalExpiresAt}. If they have not approved it, tell them to in ${where} (only they can). ` +
          "Then call this same tool again with the same arguments, unchanged: it returns their decision, or the outcome once approved; it never sends the request twice. Do not prepare again.",
        { expiresAt: outcome.approvalExpiresAt, approvalUrl, terminalCommand },
        [`approve: ${where}`, `approval waits until ${outcome.approvalExpiresAt}`],
      );
    }
    case "approval_denied":
      return answer("approval_denied", false, "the person denied this request; nothing was sent. Do not ask again unless they bring it up.");
    case "approval_timeout":
      return answer(
        "approval_timeout",
        true,
        `nothing was sent: the person did not approve in time. Only if they still want it and are ready to approve (\`tbank-mcp approve\` or the page), ${steps.execute} once more before expiresAt.`,
      );
    case "in_progress":
      return answer("in_progress", true, `this request is already waiting for approval or being sent. Do not prepare again; later call the same execute with the same fields to get its outcome, or read ${steps.check}.`);
    case "outcome_unknown": {
      const why = outcome.answerLost ? "the auth broker's answer was lost" : "the provider's answer was lost after sending";
      return answer(
        "outcome_unknown",
        true,
        `${why}; the write may have happened. Do not prepare or send a new one. Later, ${steps.execute} to reconcile (the broker sends nothing twice), or read ${steps.check}.`,
        { message: why },
      );
    }
    case "cancelled":
      return failure({ status: "cancelled", retryAllowed: false, kind, requestHash, nextStep: "the call was cancelled before anything was sent." });
    case "broker_failure": {
      const f = outcome.failure;
      return failure({ status: f.status, retryAllowed: f.retryAllowed, kind, requestHash, nextStep: f.nextStep }, { facts: `kind=${kind} requestHash=${requestHash}` });
    }
  }
}
