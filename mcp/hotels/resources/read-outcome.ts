import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { ReadResourceResult } from "@modelcontextprotocol/sdk/types.js";
import type { ToolExtra, ToolOutcome } from "../tools/define.js";

// A resource shows what its customer tool shows: the same outcome, its text channel as the
// content. A failed outcome becomes a JSON-RPC error, since host code (not the model) reads
// resources/read: the message is the tool's failure text, `data` its fields (status, nextStep).

/** The MCP code for "no such resource": the ref is unknown to this session or expired. */
export const RESOURCE_NOT_FOUND = -32002;
const NOT_FOUND_STATUSES: ReadonlySet<string> = new Set(["invalid_ref", "ref_expired"]);

/** The resource's contents, or the outcome's failure thrown as an McpError carrying its fields. */
export function resourceContents(uri: URL, outcome: ToolOutcome<unknown>): ReadResourceResult {
  const status = (outcome.structured as { status?: unknown }).status;
  if (outcome.isError === true || status !== "ok") {
    const code = typeof status === "string" && NOT_FOUND_STATUSES.has(status) ? RESOURCE_NOT_FOUND : ErrorCode.InvalidRequest;
    throw new McpError(code, outcome.text, outcome.structured);
  }
  return { contents: [{ uri: uri.href, mimeType: "text/plain", text: outcome.text }] };
}

/** A resource read has no progress to report; its handler reuse needs only the request's signal. */
export function readExtra(signal: AbortSignal): ToolExtra {
  return { signal, progress: () => Promise.resolve() };
}

/** `?language=en` on a resource URI; Russian otherwise (the tools' default). */
export function languageOf(uri: URL): string | undefined {
  return uri.searchParams.get("language") ?? undefined;
}
