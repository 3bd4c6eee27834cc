import type { FaultInput } from "../../scripts/sandbox/faults.js";

/**
 * One scenario: what a person asks, the calls a competent agent makes (detours included), and
 * what must hold after each call in what the model reads. Data only: `$name` strings in args are
 * replaced by values saved from earlier steps.
 */
export interface Scenario {
  id: string;
  title: string;
  /** The person's request, in their words (Russian or English). */
  request: string;
  /** Total o200k tokens of the text blocks the model reads over all steps. */
  budgetTokens: number;
  setup?: {
    /** Faults switched on in the sandbox before the first step. */
    faults?: Record<string, FaultInput>;
    /** Start a real broker and sign in before the first step (customer scenarios). */
    login?: boolean;
    /** Configure the broker socket but start no broker (broker_unavailable paths). */
    brokerWithoutProcess?: boolean;
    /** Start a real broker but do not sign in (mobile_login_required paths). */
    brokerLoggedOut?: boolean;
    /** Extra environment for both servers (e.g. TBANK_HOTELS_MAX_CONCURRENT_REQUESTS). */
    env?: Record<string, string>;
  };
  steps: Step[];
}

export interface Step {
  server?: "hotels" | "banking";
  /** Full tool name, e.g. tbank_hotels_plan_stay. */
  tool: string;
  args?: Record<string, unknown>;
  /** Sandbox faults to switch on right before this step (and cleared after it). */
  faults?: Record<string, FaultInput>;
  expect: Expect;
  /** Saves values from the structured result for later steps: name → dot path (e.g. "comparisonRows.0.optionId"). */
  save?: Record<string, string>;
}

export interface Expect {
  status?: string | string[];
  isError?: boolean;
  retryAllowed?: boolean;
  /** Substrings (case-sensitive) that must appear in the text block the model reads. */
  text?: string[];
  /** Regular expressions (source strings) the text must match. */
  textMatches?: string[];
  /** Substrings that must not appear in the text. */
  notText?: string[];
  /** Substrings the structured nextStep must contain. */
  nextStep?: string[];
  /** Most o200k tokens this one response may take. */
  maxTokens?: number;
}
