import type { ToolOutcome } from "./define-tool.js";

// The one builder of tool results for both servers. Models read two channels (structuredContent
// in most clients, the text block in text-only ones), so a failure says its status, retryAllowed
// and next step in both; a success never carries retryAllowed (`false` there reads like an error).

// retryAllowed answers one question: may the model make this same call again, unchanged (same tool,
// same arguments, nothing else done first), and can that repeat answer differently? Yes only while
// the condition is transient or the request is still open (REPEATABLE_STATUSES); a repeat never
// sends a write twice, and nextStep says when to repeat (now, after a wait, once the person is
// ready). No for everything else: the same answer would come back, so nextStep names something
// else (other arguments, another tool first, the person acting outside the chat, or stop) and never
// tells the model to repeat the call or to wait and call again.

export type Line = string | false | null | undefined;

export interface FailureFields<S extends string = string> {
  status: S;
  retryAllowed: boolean;
  nextStep: string;
  message?: string;
  errors?: readonly { field: string; message: string }[];
  /** Kind, status, safe code and request id only: the provider's own text never reaches the model. */
  provider?: { kind: string; httpStatus?: number; code?: string; requestId?: string };
}

/** The statuses whose unchanged repeat can answer differently: the only ones that may say retryAllowed=true. */
export const REPEATABLE_STATUSES: ReadonlySet<string> = new Set([
  "busy",
  "rate_limited",
  "timeout",
  "provider_unavailable",
  // A write still open: waiting for the person, being sent, or sent with its answer lost; the
  // repeat picks up the decision or the recorded outcome (the broker sends nothing twice).
  "approval_pending",
  "in_progress",
  "outcome_unknown",
  "approval_timeout",
]);

// Refusals and empty results the model must show the user as they are, not treat as errors.
// Any other failure status is an error (isError), which clients also show to the model.
const ANSWER_STATUSES: ReadonlySet<string> = new Set([
  "clarification_required",
  "destination_not_found",
  "no_matching_stays",
  "requirements_unavailable",
  "continuation_unavailable",
  "rates_temporarily_unavailable",
  "no_bookable_rates",
  "rate_no_longer_available",
  "checkout_temporarily_unavailable",
  "inspection_required",
  "inspection_stale",
  "handoff_unavailable",
  "inline_delivery_refused",
]);

export interface FailureText {
  /** Facts after retryAllowed on the status line: `attempts=2 durationMs=9000`. */
  facts?: string;
  /** Lines between the status line and the next step; by default the message, if any. */
  lines?: readonly Line[];
  /** Overrides the status's default (see ANSWER_STATUSES). */
  isError?: boolean;
}

export function failure<S extends FailureFields>(structured: S, text: FailureText = {}): ToolOutcome<S> {
  const { status, retryAllowed, nextStep, message, errors = [], provider: p } = structured;
  const lines = textLines(
    `status=${status} retryAllowed=${retryAllowed}${text.facts ? ` ${text.facts}` : ""}`,
    ...(text.lines ?? [message]),
    ...errors.map((e) => `- ${e.field}: ${e.message}`),
    p && `provider: ${[p.kind, p.httpStatus && `HTTP ${p.httpStatus}`, p.code, p.requestId && `request ${p.requestId}`].filter(Boolean).join(", ")}`,
    `next: ${nextStep}`,
  );
  const isError = text.isError ?? !ANSWER_STATUSES.has(status);
  return { structured, text: lines, ...(isError ? { isError: true } : {}) };
}

/** A success: its lines, then the next step when the result names one. */
export function success<S extends { nextStep?: string | undefined }>(structured: S, lines: readonly Line[]): ToolOutcome<S> {
  return { structured, text: textLines(...lines, structured.nextStep !== undefined && `next: ${structured.nextStep}`) };
}

export function textLines(...parts: readonly Line[]): string {
  return parts.filter((p): p is string => typeof p === "string" && p !== "").join("\n");
}
