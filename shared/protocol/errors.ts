import { z } from "zod";
import { ERROR_CODES, MAX_ERROR_MESSAGE_LENGTH, type ErrorReply } from "./broker-error.js";

export * from "./broker-error.js";

export const ErrorCodeSchema = z.enum(ERROR_CODES);

export const ErrorReplySchema = z.strictObject({
  code: ErrorCodeSchema,
  message: z.string().max(MAX_ERROR_MESSAGE_LENGTH),
  retryAllowed: z.boolean(),
});
// The schema and the plain type must describe the same reply.
const sameReply: [z.infer<typeof ErrorReplySchema>, ErrorReply] extends [ErrorReply, z.infer<typeof ErrorReplySchema>] ? true : never = true;
void sameReply;
