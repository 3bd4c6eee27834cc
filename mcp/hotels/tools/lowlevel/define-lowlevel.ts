import { z } from "zod";
import { failure, success, type FailureFields } from "../../../shared/outcome.js";
import { isProviderError } from "../../provider/index.js";
import type { ProviderError, ProviderErrorKind } from "../../../../shared/http/provider-error.js";
import { providerData } from "../../../../shared/provider-text.js";
import type { HotelsContext } from "../../context.js";
import { defineTool, type HotelsToolDef, type ToolExtra } from "../define.js";
import { Failure, withoutSchemaUrl } from "../schemas.js";

// The integrator toolset: each tool is one provider read, returned as the provider answered it
// (after the contract's parse) in `data`. The journey tools are what an agent planning a stay uses;
// these are for people who need the exact contract, so they add nothing and rank nothing.

/** `data` is the provider's parsed answer; `{ status, data }` is the seed's low-level result shape. */
export const LowlevelOutput = withoutSchemaUrl(
  z.object({
    status: z.enum(["ok", "invalid_input", "requirements_unavailable", "not_found", "provider_auth_rejected", "provider_unavailable", "provider_error"]),
    data: z.unknown().optional(),
    ...Failure,
  }),
);
export type LowlevelResult = z.infer<typeof LowlevelOutput>;

export const LOWLEVEL_ANNOTATIONS = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true } as const;

/** The text channel carries the same data; past this many characters it says where the rest is. */
export const TEXT_DATA_CHARS = 8_000;

export interface LowlevelSpec<I extends z.ZodObject> {
  /** Without the `tbank_hotels_` prefix. */
  name: string;
  title: string;
  /** One line: what it reads, and which journey tool to prefer for planning a stay. */
  description: string;
  input: I;
  /** One provider read; rejects with the provider client's ProviderError. */
  read(args: z.infer<I>, ctx: HotelsContext, extra: ToolExtra): Promise<unknown>;
  /**
   * A refused request whose arguments carried provider filters is `requirements_unavailable` as a
   * normal result (the seed's rule): the caller must check status, not only isError.
   */
  filtered?(args: z.infer<I>): boolean;
}

const NEXT = {
  ok: "Read data; for planning a stay prefer the journey tools (tbank_hotels_plan_stay).",
  invalid_input: "The arguments were refused locally before any HTTP call (see provider.code): fix them and call again.",
  requirements_unavailable: "The provider refused the filtered request; nothing unfiltered is shown. Change or drop the filters explicitly.",
  not_found: "The provider does not know this id. Check it; do not retry the same call.",
  provider_auth_rejected: "The provider rejected the credentials: fix the TBANK_HOTELS_* auth profile outside the chat; do not retry.",
  provider_unavailable: "The provider is unreachable or busy: try the same call once more later, not in a loop.",
  provider_error: "The provider answered with an error (its text is not shown). Do not retry the same call.",
} as const;

export function lowlevelTool<I extends z.ZodObject>(spec: LowlevelSpec<I>): HotelsToolDef<I, typeof LowlevelOutput> {
  return defineTool({
    name: `tbank_hotels_${spec.name}`,
    title: spec.title,
    description: spec.description,
    toolset: "lowlevel",
    input: spec.input,
    output: LowlevelOutput,
    annotations: LOWLEVEL_ANNOTATIONS,
    handler: async (args, ctx, extra) => {
      try {
        // Exact data, but provider strings cleaned: the model reads them in both channels.
        const data = providerData(await spec.read(args, ctx, extra));
        const json = JSON.stringify(data) ?? "null";
        const shown = json.length > TEXT_DATA_CHARS ? `${json.slice(0, TEXT_DATA_CHARS)}… (${json.length} chars; the whole answer is in structuredContent.data)` : json;
        return success({ status: "ok" as const, data, nextStep: NEXT.ok }, ["status=ok", `data: ${shown}`]);
      } catch (err) {
        if (!isProviderError(err)) throw err;
        const f = lowlevelFailure(err, spec.filtered?.(args) ?? false);
        return failure(f, f.status === "requirements_unavailable" ? { isError: false } : {});
      }
    },
  });
}

type LowlevelFailureStatus = Exclude<LowlevelResult["status"], "ok">;

/** A lowlevel read's provider failure: only a busy or unreachable provider may be asked again unchanged. */
export function lowlevelFailure(err: ProviderError, filtered: boolean): FailureFields<LowlevelFailureStatus> {
  const provider = { kind: err.kind, ...(err.status === undefined ? {} : { httpStatus: err.status }), ...(err.code === undefined ? {} : { code: err.code }), ...(err.requestId === undefined ? {} : { requestId: err.requestId }) };
  const status = lowlevelStatus(err.kind, filtered);
  if (status === "provider_unavailable") return { status, retryAllowed: true, nextStep: NEXT.provider_unavailable, provider };
  return { status, retryAllowed: false, nextStep: NEXT[status], provider };
}

const BUSY_OR_DOWN: ReadonlySet<ProviderErrorKind> = new Set(["unavailable", "rate_limited", "overloaded", "aborted"]);

function lowlevelStatus(kind: ProviderErrorKind, filtered: boolean): LowlevelFailureStatus {
  if (kind === "auth_rejected" || kind === "auth_unavailable") return "provider_auth_rejected";
  // Refused locally (a filter of the wrong form, an unknown field): nothing reached the provider.
  if (kind === "invalid_argument") return filtered ? "requirements_unavailable" : "invalid_input";
  if (filtered && !BUSY_OR_DOWN.has(kind)) return "requirements_unavailable";
  if (kind === "not_found" || kind === "gone") return "not_found";
  if (BUSY_OR_DOWN.has(kind)) return "provider_unavailable";
  return "provider_error";
}
