import type { BrokerReadiness } from "./broker-client.js";

// The next step for each broker readiness state, for both servers' connection_status and for the
// failures that stop on the same state. The sentences are shared; only the tool names differ, so
// each server passes its own.

export type ReadinessState = BrokerReadiness | "not_configured";

export interface ReadinessTools {
  /** The tools that need the broker, as a sentence's subject: "customer tools". */
  subject: string;
  /** The bank service the broker checks for these tools: "the bookings service". */
  service: string;
  /** What to call once ready; absent when the status line already says enough. */
  ready?: string;
  /** What an unverified service turns off and what still works. */
  unverified: string;
}

// Said by failures that do not know which server's tools asked (brokerFailure).
const ANY_TOOLS: ReadinessTools = {
  subject: "these tools",
  service: "this bank service",
  unverified: "it was not asked; tell the person, do not retry now",
};

const NEXT_STEP: Record<ReadinessState, (t: ReadinessTools) => string | undefined> = {
  // The server reads the broker socket at start: after setup it must be restarted to see it.
  not_configured: (t) => `${t.subject} need the auth broker: the person runs \`tbank-mcp setup\`, then restarts this server`,
  broker_unavailable: () => "the auth broker is not running: the person runs `tbank-mcp login` (it starts the broker), or `tbank-mcp doctor`",
  // Running, so logging in or starting another would not help. The broker closes connections idle
  // for a minute; one held longer is in use by some program of this same user.
  broker_busy: () =>
    "the auth broker is running but busy (all its connections are in use): ask again in a minute; if it stays busy, tell the person that a program running as them holds the connections (close agent or MCP clients they do not use; `tbank-mcp doctor` in a terminal shows it)",
  // A call's busy (this connection's requests at their limit, or the session store busy): it passes.
  broker_request_busy: () => "the auth broker is running but busy with other requests: try once more in a moment",
  // Nothing was sent: the socket path may be another user's, and only the person can move it.
  broker_untrusted: () =>
    "the auth broker socket is not private to this user, so nothing was sent to it: the person runs `tbank-mcp doctor` in a terminal and moves TBANK_AUTH_BROKER_SOCKET into a private directory (or unsets it), then restarts this server; do not retry",
  mobile_login_required: () => "the person runs `tbank-mcp login` in a terminal (never through this chat), then ask again",
  mobile_read_only_ready: (t) => t.ready,
  partial_read_only_unverified: (t) => `the broker has not verified ${t.service} for this session (not configured, or its check failed): ${t.unverified}`,
};

// Only a ready broker may have nothing to add; every other state names what the person does.
export function readinessNextStep(state: Exclude<ReadinessState, "mobile_read_only_ready">, opts?: { tools?: ReadinessTools }): string;
export function readinessNextStep(state: ReadinessState, opts?: { tools?: ReadinessTools }): string | undefined;
export function readinessNextStep(state: ReadinessState, { tools = ANY_TOOLS }: { tools?: ReadinessTools } = {}): string | undefined {
  return NEXT_STEP[state](tools);
}

/** A tool called before setup: the setup step, then the sign-in that will be missing next. */
export function notConfiguredNextStep(tools: ReadinessTools): string {
  return `${readinessNextStep("not_configured", { tools })}, then \`tbank-mcp login\` (never through this chat)`;
}
