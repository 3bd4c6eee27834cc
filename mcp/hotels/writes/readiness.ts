import { REVIEWED_PROFILE } from "../../../shared/config/index.js";
import { BrokerUnavailableError } from "../../../shared/protocol/client.js";
import { REAL_IP_KINDS, WRITE_KINDS, type WriteGates, type WriteKind } from "../../../shared/protocol/ops-hotels-writes.js";
import { BrokerUntrustedError } from "../../../shared/protocol/socket-trust.js";
import { BrokerConnectionsFullError, isBusyAnswer } from "../../shared/broker-client.js";
import type { HotelsContext } from "../context.js";

// Whether a write of each kind could be executed now. Both sides gate: this server's own
// configuration, then the broker's (which is what actually decides; it checks again on execute).
// Reasons name what is missing, never a value: they go to the model and to connection_status.

export interface KindReadiness {
  available: boolean;
  reason: string | null;
}

export interface WriteReadiness {
  /** At least one kind is available. */
  available: boolean;
  kinds: Record<WriteKind, KindReadiness>;
  /** The broker's gates as it reported them; null without a broker answer. */
  gates: WriteGates | null;
}

export const WRITE_REASONS = {
  mcpConfig: "off in this server's configuration (opt-in)",
  noBroker: "no auth broker is configured (`tbank-mcp setup`)",
  brokerUnavailable: "the auth broker is not running (`tbank-mcp login` starts it)",
  brokerBusy: "the auth broker is busy (all its connections are in use); ask again in a minute",
  brokerRequestBusy: "the auth broker is busy with other requests; ask again in a moment",
  brokerUntrusted: "the auth broker socket is not private to this user (`tbank-mcp doctor`)",
  brokerFailed: "the auth broker did not answer its status",
  signedOut: "not signed in (`tbank-mcp login` in a terminal)",
  olderBroker: "the running auth broker predates writes (`tbank-mcp stop-broker`, then ask again)",
  unverified: "the auth broker has not verified the bookings service for this session",
  brokerGates: "writes are off in the auth broker's configuration",
  realIp: "the auth broker has no trusted x-real-ip source (TBANK_HOTELS_TRUSTED_REAL_IP)",
} as const;

function allKinds(reason: string | null): Record<WriteKind, KindReadiness> {
  return Object.fromEntries(WRITE_KINDS.map((k) => [k, { available: reason === null, reason }])) as Record<WriteKind, KindReadiness>;
}

function unavailable(reason: string, gates: WriteGates | null = null): WriteReadiness {
  return { available: false, kinds: allKinds(reason), gates };
}

/**
 * One local broker status call, not cached: a person who just signed in or restarted the broker
 * with other gates sees it on the next call. No provider call.
 */
export async function writeReadiness(ctx: HotelsContext): Promise<WriteReadiness> {
  const { mutations } = ctx.config.hotels;
  if (!mutations.enabled || mutations.executionProfile !== REVIEWED_PROFILE) return unavailable(WRITE_REASONS.mcpConfig);
  if (!ctx.broker) return unavailable(WRITE_REASONS.noBroker);
  let status;
  try {
    status = await ctx.broker.writeStatus();
  } catch (err) {
    if (err instanceof BrokerUnavailableError) return unavailable(WRITE_REASONS.brokerUnavailable);
    if (err instanceof BrokerUntrustedError) return unavailable(WRITE_REASONS.brokerUntrusted);
    if (err instanceof BrokerConnectionsFullError) return unavailable(WRITE_REASONS.brokerBusy);
    if (isBusyAnswer(err)) return unavailable(WRITE_REASONS.brokerRequestBusy);
    return unavailable(WRITE_REASONS.brokerFailed);
  }
  const gates = status.writeGates ?? null;
  if (status.state !== "mobile_read_only_ready") return unavailable(WRITE_REASONS.signedOut, gates);
  if (!status.executeListed || gates === null) return unavailable(WRITE_REASONS.olderBroker, gates);
  if (!gates.mutationsEnabled || gates.executionProfile !== REVIEWED_PROFILE) return unavailable(WRITE_REASONS.brokerGates, gates);
  if (!status.executeVerified) return unavailable(WRITE_REASONS.unverified, gates);
  const kinds = allKinds(null);
  if (!gates.trustedRealIp) for (const k of REAL_IP_KINDS) kinds[k] = { available: false, reason: WRITE_REASONS.realIp };
  return { available: Object.values(kinds).some((k) => k.available), kinds, gates };
}
