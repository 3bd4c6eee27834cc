import { HOTELS_WRITE_ROUTES, WRITE_ROUTE_OF } from "../../../shared/http/routes.js";
import type { Contacts, PreparedWrite, PreparedWriteOf, WriteKind } from "../../../shared/protocol/ops-hotels-writes.js";
import { toIsoTimestamp } from "../../../shared/time.js";
import { confirmationPhraseOf, PREPARATION_TTL_MS, requestHashOf } from "../../../shared/writes/hash.js";
import { brokerFailure, type BrokerFailure } from "../../shared/broker-client.js";
import type { HotelsContext } from "../context.js";

// Prepare calls no API: it fixes the request with its two timestamps, hashes it the way the broker
// will (shared/writes/hash.ts), and shows a preview the model can repeat to the person.


/** "POST /v1/orders": the provider route the broker will call (`:orderId` is the order behind bookingRef). */
export function endpointOf(kind: WriteKind): string {
  const route = HOTELS_WRITE_ROUTES[WRITE_ROUTE_OF[kind]];
  return `${route.method} ${route.path}`;
}

export interface PreparedWriteView<K extends WriteKind = WriteKind> {
  prepared: PreparedWriteOf<K>;
  requestHash: string;
  phrase: string;
  endpoint: string;
  previewPayload: Record<string, unknown>;
}

export const BOOK_HASH_PREVIEW = "(from the selected rate)";

/** i***@example.com */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** +7 900 ***-**-67 (E.164 in, the country and operator codes of Russian numbers kept). */
export function maskPhone(phone: string): string {
  const digits = phone.slice(1);
  const last = digits.slice(-2);
  if (digits.startsWith("7") && digits.length === 11) return `+7 ${digits.slice(1, 4)} ***-**-${last}`;
  return `+${digits.slice(0, 2)} ***-**-${last}`;
}

export function maskContacts(contacts: Contacts): { email: string; phone: string } {
  return { email: maskEmail(contacts.email), phone: maskPhone(contacts.phone) };
}

/** The request as the model may show it: contacts masked, the opaque bookHash named, not repeated. */
export function previewPayloadOf(request: PreparedWrite["request"]): Record<string, unknown> {
  if ("bookHash" in request) return { ...request, bookHash: BOOK_HASH_PREVIEW, contacts: maskContacts(request.contacts) };
  return { ...request };
}

export function prepareWrite<K extends WriteKind>(kind: K, request: PreparedWriteOf<K>["request"], nowMs: number): PreparedWriteView<K> {
  const prepared = { kind, request, preparedAt: toIsoTimestamp(nowMs), expiresAt: toIsoTimestamp(nowMs + PREPARATION_TTL_MS) } as PreparedWriteOf<K>;
  const requestHash = requestHashOf(prepared);
  return { prepared, requestHash, phrase: confirmationPhraseOf(kind, requestHash), endpoint: endpointOf(kind), previewPayload: previewPayloadOf(request) };
}

export const APPROVE_COMMAND = "tbank-mcp approve";

export interface ApprovalChannels {
  /** The one-time loopback page; null when the broker's page channel is off or did not answer. */
  approvalUrl: string | null;
  terminalCommand: typeof APPROVE_COMMAND;
  /** Why there is no page, when the broker refused it (the terminal still works). */
  pageProblem?: BrokerFailure;
}

/**
 * Where the person approves this hash. The terminal always works, so a broker that cannot open a
 * page costs the page only, not the preparation.
 */
export async function openApproval(ctx: HotelsContext, requestHash: string, kind: WriteKind): Promise<ApprovalChannels> {
  if (!ctx.broker) return { approvalUrl: null, terminalCommand: APPROVE_COMMAND };
  try {
    const opened = await ctx.broker.call("hotels.open_write_approval_v1", { requestHash, kind });
    return { approvalUrl: opened.approvalUrl, terminalCommand: APPROVE_COMMAND };
  } catch (err) {
    return { approvalUrl: null, terminalCommand: APPROVE_COMMAND, pageProblem: brokerFailure(err, "hotels.open_write_approval_v1") };
  }
}
