import { z } from "zod";
import { LoginIdSchema, SessionStateSchema, StoreBackendSchema, TimestampSchema } from "./common.js";

// Operations of the toolkit CLI. These may show more about the broker itself (never tokens).

export const BrokerStatusResultSchema = z.strictObject({
  state: SessionStateSchema,
  storeBackend: StoreBackendSchema.optional(),
  // A crash cut off a refresh: the stored session was doubtful, so the broker ended it at start-up.
  refreshInterrupted: z.literal(true).optional(),
  // Why `auto` fell back to the file store, for `doctor` (e.g. "keychain probe timed out").
  storeNote: z.string().max(200).optional(),
  brokerVersion: z.string().min(1).max(64),
  protocol: z.int(),
  pid: z.int().min(1),
  startedAt: TimestampSchema,
  socketPath: z.string().min(1).max(4096),
  connections: z.int().min(0),
  activeRefs: z.strictObject({
    bookingRefs: z.int().min(0),
    paymentHandoffs: z.int().min(0),
  }),
  accessExpiresAt: TimestampSchema.nullable(),
});
export type BrokerStatusResult = z.infer<typeof BrokerStatusResultSchema>;

// RFC 8628 device authorization, relayed to the user by the CLI and never through a model.
export const LoginStartResultSchema = z.strictObject({
  loginId: LoginIdSchema,
  userCode: z.string().min(1).max(64),
  verificationUri: z.url({ protocol: /^https?$/ }).max(2048),
  verificationUriComplete: z.url({ protocol: /^https?$/ }).max(2048).optional(),
  expiresAt: TimestampSchema,
  // The same deadline as a lifetime, so the CLI can count it down on its own clock.
  expiresInSeconds: z.int().min(1).max(86_400),
  intervalSeconds: z.int().min(1).max(600),
});
export type LoginStartResult = z.infer<typeof LoginStartResultSchema>;

export const LoginPollArgsSchema = z.strictObject({ loginId: LoginIdSchema });
export const LOGIN_POLL_STATES = ["pending", "approved", "denied", "expired"] as const;
export const LoginPollResultSchema = z.strictObject({ state: z.enum(LOGIN_POLL_STATES) });
export type LoginPollResult = z.infer<typeof LoginPollResultSchema>;

// Logout is idempotent: `hadSession` is false when there was nothing to end.
export const LogoutResultSchema = z.strictObject({
  hadSession: z.boolean(),
  revokedRefs: z.int().min(0),
});
export type LogoutResult = z.infer<typeof LogoutResultSchema>;

// Sent before the broker closes its socket, so the CLI can tell "stopping" from "crashed".
export const StopResultSchema = z.strictObject({ stopping: z.literal(true) });
export type StopResult = z.infer<typeof StopResultSchema>;
