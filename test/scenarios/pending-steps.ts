import type { Expect } from "./types.js";

// What the approval_pending scenarios share. The broker answers a call the person has not decided
// within 2 s (production: 25 s, under the clients' 60 s), and the request waits for them as long as
// its preparation lives.
export const PENDING_ENV = { TBANK_AUTH_BROKER_APPROVAL_HOLD_MS: "2000", TBANK_AUTH_BROKER_APPROVAL_TIMEOUT_MS: "600000" };

/** confirm_booking before the person decided: nothing sent, where to approve, and the same call again. */
export const APPROVAL_PENDING: Expect = {
  status: "approval_pending",
  isError: false,
  retryAllowed: true,
  text: ["state=pending", "kind=booking", "approval waits until 2027-03-01T09:05"],
  textMatches: ["approve: `tbank-mcp approve` in a terminal or at http://127\\.0\\.0\\.1:\\d+/approve/[A-Za-z0-9_-]{43}"],
  nextStep: ["nothing is sent yet", "only they can", "call this same tool again with the same arguments, unchanged", "never sends the request twice"],
  notText: ["bkr_", "confirmed", "timed out"],
  maxTokens: 320,
};
