import { z } from "zod";
import { BrokerError, toErrorReply, ErrorReplySchema } from "./errors.js";
import { MAX_RESPONSE_LINE_BYTES } from "./limits.js";

export { MAX_REQUEST_LINE_BYTES, MAX_RESPONSE_LINE_BYTES } from "./limits.js";

export const RequestIdSchema = z.string().min(1).max(64);

// `op` is any bounded string here so that an unknown operation still parses as a request and gets
// an `operation_not_allowed` reply on a connection that stays usable.
export const RequestSchema = z.strictObject({
  id: RequestIdSchema,
  op: z.string().min(1).max(64),
  args: z.unknown(),
});
export type Request = z.infer<typeof RequestSchema>;

export const SuccessResponseSchema = z.strictObject({
  id: RequestIdSchema,
  ok: z.literal(true),
  result: z.unknown(),
});

// `id` is null only when the request was too broken to read its id (JSON-RPC does the same).
export const ErrorResponseSchema = z.strictObject({
  id: RequestIdSchema.nullable(),
  ok: z.literal(false),
  error: ErrorReplySchema,
});

export const ResponseSchema = z.discriminatedUnion("ok", [SuccessResponseSchema, ErrorResponseSchema]);
export type SuccessResponse = z.infer<typeof SuccessResponseSchema>;
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
export type Response = z.infer<typeof ResponseSchema>;

// JSON.stringify escapes every control character inside strings, so the output is one line.
export function serializeMessage(message: object): string {
  return `${JSON.stringify(message)}\n`;
}

export function errorResponse(id: string | null, err: unknown): ErrorResponse {
  return { id, ok: false, error: toErrorReply(err) };
}

// A result too big for one response line becomes a `too_large` error for the same id, so the
// client gets an answer instead of a connection the broker had to drop.
export function serializeResponse(response: Response, maxBytes = MAX_RESPONSE_LINE_BYTES): string {
  const line = serializeMessage(response);
  // A UTF-16 code unit never takes more than 3 UTF-8 bytes: short lines need no byte count.
  if (line.length * 3 <= maxBytes || Buffer.byteLength(line, "utf8") <= maxBytes) return line;
  return serializeMessage(errorResponse(response.id, new BrokerError("too_large", "response exceeds the line limit")));
}
