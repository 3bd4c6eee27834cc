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
  /** Most o200k tokens over all steps, in the larger of the two channels (text, structured JSON). */
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
    /** One hotel per city gets hostile name, meal, room and photo (scripts/sandbox/data/hostile.ts). */
    hostileText?: boolean;
    /**
     * Writes on (issue 16): the broker's gates (mutations, reviewed profile, trusted x-real-ip) and
     * the booking and mutations toolsets. Implies `login`.
     */
    writes?: boolean;
    /** Extra environment for both servers (e.g. TBANK_HOTELS_MAX_CONCURRENT_REQUESTS). */
    env?: Record<string, string>;
  };
  steps: Step[];
}

export interface Step {
  server?: "hotels" | "banking";
  /** Full tool name, e.g. tbank_hotels_plan_stay; `resources/read` or `prompts/get` for the two below. */
  tool: string;
  /** Reads this resource instead of calling a tool (`$name` inside is replaced): its text is the one channel. */
  resource?: string;
  /** Gets this prompt instead of calling a tool, with `args` as its arguments: its messages are the one channel. */
  prompt?: string;
  args?: Record<string, unknown>;
  /**
   * What the person does in their own terminal (`tbank-mcp approve`) while this call waits for
   * approval: approve or deny the request it shows. Absent: nobody answers (the approval times out).
   */
  person?: "approve" | "deny";
  /**
   * What the person does in their terminal before this call, while no call waits (after an
   * approval_pending answer): approve or deny the request waiting for them.
   */
  personBefore?: "approve" | "deny";
  /** Moves the one clock of the run (sandbox, broker, servers) forward before this call. */
  advanceClockMs?: number;
  /** What the person's approval screen (`tbank-mcp approve`, the same lines as the page) must show, literally. */
  screen?: string[];
  /** Sandbox faults to switch on right before this step (and cleared after it). */
  faults?: Record<string, FaultInput>;
  expect: Expect;
  /**
   * Saves values from the structured result for later steps: name → dot path, e.g.
   * "comparisonRows.0.optionId", or "bookings[city=Ереван].bookingRef" to pick the one element whose field matches.
   */
  save?: Record<string, string>;
}

/**
 * What must hold in what the model reads. Clients give the model either the text block or the JSON
 * of structuredContent, so facts are checked in both channels; `$name` inside a string is replaced
 * by a value saved from an earlier step.
 */
export interface Expect {
  /** The one status expected, in structuredContent.status and as `status=` in the text. */
  status?: string;
  isError?: boolean;
  /** Expected in structuredContent.retryAllowed and as `retryAllowed=` in the text. */
  retryAllowed?: boolean;
  /**
   * Facts: each must appear literally in the text, and each of its words and numbers must appear
   * (case-insensitively) in the structured JSON.
   */
  text?: string[];
  /** Rendering of the text channel only (a table header, a label): literal, text only. Use sparingly. */
  textOnly?: string[];
  /** Regular expressions (source strings) the text must match. */
  textMatches?: string[];
  /** Substrings that must appear in neither channel. */
  notText?: string[];
  /** Substrings that structuredContent.nextStep and the text's `next:` line must both contain. */
  nextStep?: string[];
  /** Most o200k tokens this one response may take, in the larger of the two channels. */
  maxTokens?: number;
}
