import type { ServerName, ServerSpec } from "./servers.js";

export const CLIENT_NAMES = ["claude", "codex", "opencode"] as const;
export type ClientName = (typeof CLIENT_NAMES)[number];
export type Scope = "user" | "project";

export interface ClientContext {
  home: string;
  projectDir: string;
  scope: Scope;
  env: Readonly<Record<string, string | undefined>>;
}

/** One MCP client's configuration file: where it is, how our servers merge into it. */
export interface ClientFormat {
  name: ClientName;
  label: string;
  path(ctx: ClientContext): string;
  /** The whole new file; throws ClientFileError when the existing one cannot be merged safely. */
  merge(existing: string | undefined, servers: readonly ServerSpec[]): string;
  /** What the person should know about a rewrite of `existing` (e.g. dropped comments), if anything. */
  mergeNote?(existing: string | undefined): string | undefined;
  /** Our servers that `text` already configures. */
  configured(text: string): ServerName[];
  /** The part of the file that is ours, for `tbank-mcp config`. */
  snippet(servers: readonly ServerSpec[]): string;
}

export class ClientFileError extends Error {
  override readonly name = "ClientFileError";
}
