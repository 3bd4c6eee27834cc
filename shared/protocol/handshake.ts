import { z } from "zod";
import { RoleSchema } from "./common.js";
import { DEFAULT_ERROR_MESSAGES, ErrorReplySchema } from "./errors.js";

export const PROTOCOL_VERSION = 2;
export const SUPPORTED_PROTOCOLS: readonly number[] = [PROTOCOL_VERSION];

const VersionStringSchema = z.string().min(1).max(64);

// `protocol` is any integer here, not the literal 2: an old or new client must still get a
// well-formed `unsupported_protocol` answer instead of a generic parse failure.
export const HelloSchema = z.strictObject({
  type: z.literal("hello"),
  protocol: z.int().min(0).max(1_000_000),
  client: RoleSchema,
  clientVersion: VersionStringSchema,
});
export type Hello = z.infer<typeof HelloSchema>;

// `operations` is what this broker implements for the client's role; `verifiedOperations` is the
// subset it knows to work now: local ones, and those whose provider API answered the broker's check
// with the current session. Customer reads are enabled only by the latter.
export const WelcomeSchema = z.strictObject({
  type: z.literal("welcome"),
  protocol: z.literal(PROTOCOL_VERSION),
  brokerVersion: VersionStringSchema,
  operations: z.array(z.string().min(1).max(64)).max(64),
  verifiedOperations: z.array(z.string().min(1).max(64)).max(64),
});
export type Welcome = z.infer<typeof WelcomeSchema>;

// Any refusal of the hello (bad JSON, unknown client, wrong version); `supported` is present for
// `unsupported_protocol`. The broker closes the connection after sending it.
export const HandshakeErrorSchema = z.strictObject({
  type: z.literal("error"),
  error: ErrorReplySchema,
  supported: z.array(z.int()).optional(),
});
export type HandshakeError = z.infer<typeof HandshakeErrorSchema>;

export const UnsupportedProtocolSchema = z.strictObject({
  type: z.literal("error"),
  error: ErrorReplySchema.extend({ code: z.literal("unsupported_protocol") }),
  supported: z.array(z.int()),
});
export type UnsupportedProtocol = z.infer<typeof UnsupportedProtocolSchema>;

export const HandshakeReplySchema = z.discriminatedUnion("type", [WelcomeSchema, HandshakeErrorSchema]);
export type HandshakeReply = z.infer<typeof HandshakeReplySchema>;

export function isSupportedProtocol(protocol: number): boolean {
  return SUPPORTED_PROTOCOLS.includes(protocol);
}

export function unsupportedProtocol(): UnsupportedProtocol {
  return {
    type: "error",
    error: { code: "unsupported_protocol", message: DEFAULT_ERROR_MESSAGES.unsupported_protocol, retryAllowed: false },
    supported: [...SUPPORTED_PROTOCOLS],
  };
}
