import type { McpServer, RegisteredTool } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { ServerNotification, ServerRequest, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";

export interface ToolOutcome<O> {
  structured: O;
  /** The compact text the model reads: ids, status, the next step, nothing more. */
  text: string;
  /** Set only when the call failed in a way the model must not treat as data. */
  isError?: boolean;
  /** The result's `_meta`: what an MCP App view needs beyond the facts (photos, positions); hosts keep it out of the model's context. */
  meta?: Record<string, unknown>;
}

export interface ToolExtra {
  signal: AbortSignal;
  /** Sends an MCP progress notification when the client asked for them; a no-op otherwise. */
  progress(progress: number, total?: number, message?: string): Promise<void>;
}

export interface ToolDef<C, I extends z.ZodObject, O extends z.ZodObject> {
  name: string;
  title: string;
  description: string;
  /** "always" tools are registered whatever the server's toolset setting says. */
  toolset: string;
  input: I;
  output: O;
  annotations: Required<Pick<ToolAnnotations, "readOnlyHint" | "destructiveHint" | "idempotentHint" | "openWorldHint">>;
  /** Listed as the tool's `_meta` (an MCP Apps view the host may show beside its results). */
  _meta?: Readonly<Record<string, unknown>>;
  handler(args: z.infer<I>, ctx: C, extra: ToolExtra): Promise<ToolOutcome<z.infer<O>>>;
}

// The list holds tools of different shapes; each keeps its own types at its definition.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyToolDef<C> = ToolDef<C, any, any>;

export function registerTool<C>(server: McpServer, def: AnyToolDef<C>, ctx: C): RegisteredTool {
  return server.registerTool(
    def.name,
    { title: def.title, description: def.description, inputSchema: withoutSchemaUrl(def.input as z.ZodObject), outputSchema: withoutSchemaUrl(def.output as z.ZodObject), annotations: def.annotations, ...(def._meta ? { _meta: { ...def._meta } } : {}) },
    async (args: unknown, extra: RequestHandlerExtra<ServerRequest, ServerNotification>) => {
      const token = extra._meta?.progressToken;
      // The SDK has already parsed `args` with def.input and checks `out` against def.output.
      const out = await def.handler(args, ctx, {
        signal: extra.signal,
        progress: async (progress, total, message) => {
          if (token === undefined) return;
          await extra.sendNotification({ method: "notifications/progress", params: { progressToken: token, progress, total, message } }).catch(() => undefined);
        },
      });
      return {
        content: [{ type: "text" as const, text: out.text }],
        structuredContent: out.structured as Record<string, unknown>,
        ...(out.isError ? { isError: true } : {}),
        ...(out.meta ? { _meta: out.meta } : {}),
      };
    },
  );
}

/** tools/list would repeat the JSON Schema dialect URL in every input and output schema: drop it. */
function withoutSchemaUrl<T extends z.ZodObject>(schema: T): T {
  return schema.meta({ $schema: undefined });
}
