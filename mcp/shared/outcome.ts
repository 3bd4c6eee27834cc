import type { ToolOutcome } from "./define-tool.js";

// The one builder of tool results for both servers. Models read two channels (structuredContent
// in most clients, the text block in text-only ones), so a failure says its status, retryAllowed
// and next step in both; a success never carries retryAllowed (`false` there reads like an error).

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
