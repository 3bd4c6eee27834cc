import type { z } from "zod";
import { ConfirmationPhraseSchema, RequestHashSchema, type PreparedWrite, type WriteKind } from "../../../../shared/protocol/ops-hotels-writes.js";
import { TimestampSchema } from "../../../../shared/protocol/common.js";
import { langOf, LanguageInput } from "../../../../shared/locale.js";
import { executeWrite } from "../../writes/execute.js";
import { openApproval, prepareWrite, endpointOf, previewPayloadOf } from "../../writes/prepare.js";
import { presentExecuted, presentPrepared, presentPreviewOnly, WriteOutput, type WriteSteps } from "../../writes/present.js";
import { writeReadiness } from "../../writes/readiness.js";
import { defineTool, type AnyToolDef } from "../define.js";
import { withoutSchemaUrl } from "../schemas.js";

// The `mutations` toolset (opt-in): a prepare/execute pair per write kind, built from one spec each.
// Inputs are the protocol's typed requests, flat and strict (an unknown field is refused, so nothing
// unhashed rides along); execute takes the same fields plus what prepare returned.

export interface MutationSpec {
  kind: WriteKind;
  /** Tool name part: tbank_hotels_prepare_<name> / tbank_hotels_execute_<name>. */
  name: string;
  /** Title part and the object of the one-line descriptions: "booking", "cancellation". */
  title: string;
  /** The request schema of this kind (shared/protocol/ops-hotels-writes.ts): args parsed by it are that kind's request. */
  input: z.ZodObject;
  /** Where the outcome can be read without writing. */
  check: string;
  /** What the person does themselves while execution is off. */
  alternative: string;
  /** Where the terms come from when the preview is only a bookingRef (WriteSteps.terms). */
  terms?: string;
}

/** Ends MutationSpec.terms: the preview is only a bookingRef, the approval shows what the broker read. */
export const PROVIDER_TERMS = "when approving, the auth broker shows them the provider's own terms";

const PREPARE_ANNOTATIONS = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
const EXECUTE_ANNOTATIONS = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true } as const;

// The timestamps are checked as ISO instants but advertised by format only: zod's date-time pattern
// would cost ~190 tokens per field in tools/list.
const PreparedInstant = TimestampSchema.meta({ pattern: undefined });
const ExecuteFields = { preparedRequestHash: RequestHashSchema, preparedAt: PreparedInstant, expiresAt: PreparedInstant, confirmationPhrase: ConfirmationPhraseSchema };
// The language of the answer's amounts and "no data"; not part of the request, so not hashed.
// Checked as ru/en (en-US...) but advertised as a string: the pattern would cost 13 tokens per tool.
const AnswerLanguage = { language: LanguageInput.meta({ pattern: undefined }).optional() };

type Request = PreparedWrite["request"];

export function mutationTools(spec: MutationSpec): [AnyToolDef, AnyToolDef] {
  const prepareName = `tbank_hotels_prepare_${spec.name}`;
  const executeName = `tbank_hotels_execute_${spec.name}`;
  const steps: WriteSteps = {
    execute: `call ${executeName} with the same fields plus preparedRequestHash (the requestHash), preparedAt, expiresAt and confirmationPhrase`,
    prepare: `call ${prepareName} again`,
    check: spec.check,
    alternative: spec.alternative,
    ...(spec.terms ? { terms: spec.terms } : {}),
  };
  const prepare = defineTool({
    name: prepareName,
    title: `Prepare ${spec.title}`,
    description: `Prepares a ${spec.title} for the person's approval; calls no API. Returns preview, requestHash, confirmationPhrase (preview_only while writes are off).`,
    toolset: "mutations",
    input: withoutSchemaUrl(spec.input),
    output: WriteOutput,
    annotations: PREPARE_ANNOTATIONS,
    handler: async (args, ctx) => {
      const request = args as Request;
      const readiness = (await writeReadiness(ctx)).kinds[spec.kind];
      if (!readiness.available) return presentPreviewOnly(spec.kind, endpointOf(spec.kind), previewPayloadOf(request), readiness.reason ?? "not available", steps);
      const view = prepareWrite(spec.kind, request, ctx.now());
      return presentPrepared(view, await openApproval(ctx, view.requestHash, spec.kind), steps);
    },
  });
  const execute = defineTool({
    name: executeName,
    title: `Execute ${spec.title}`,
    description: `Sends a prepared ${spec.title} once the person approves it outside the chat: same fields + preparedRequestHash, preparedAt, expiresAt, confirmationPhrase. approval_pending: call again unchanged.`,
    toolset: "mutations",
    input: withoutSchemaUrl(spec.input.extend({ ...ExecuteFields, ...AnswerLanguage })),
    output: WriteOutput,
    annotations: EXECUTE_ANNOTATIONS,
    handler: async (args, ctx, extra) => {
      const { preparedRequestHash, preparedAt, expiresAt, confirmationPhrase, language, ...request } = args as Record<string, unknown> &
        z.infer<z.ZodObject<typeof ExecuteFields & typeof AnswerLanguage>>;
      const prepared = { kind: spec.kind, request, preparedAt, expiresAt } as PreparedWrite;
      const outcome = await executeWrite(ctx, { prepared, requestHash: preparedRequestHash, confirmationPhrase }, extra.signal);
      return presentExecuted(outcome, { kind: spec.kind, requestHash: preparedRequestHash }, steps, langOf(language));
    },
  });
  return [prepare, execute];
}
