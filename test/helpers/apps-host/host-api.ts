import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

// What the test process and the host page (test/helpers/apps-host/host.ts) say to each other
// through page.evaluate: plain JSON both ways.

export type McpRoute = { kind: "bridge" } | { kind: "http"; url: string };

export interface ShowRequest {
  tool: string;
  args: Record<string, unknown>;
  theme: "light" | "dark";
  locale: string;
  /** The chat column's width in CSS pixels. */
  width: number;
}

export interface Shown {
  /** The frame's `data-view` attribute. */
  view: number;
  resourceUri: string;
  result: CallToolResult;
}

export interface ViewToolCall {
  view: number;
  name: string;
  arguments: Record<string, unknown>;
  /** Set when the host refused it: a tool outside the journey set. */
  refused: boolean;
  /** The server's structuredContent, once it answered. */
  structuredContent?: Record<string, unknown>;
}

/** Everything a view asked of the host, and what went wrong on the host's side. */
export interface HostRecord {
  toolCalls: ViewToolCall[];
  messages: unknown[];
  contextUpdates: unknown[];
  openLinks: string[];
  errors: string[];
}

/** What the host page puts on `window.appsHost`. */
export interface AppsHostApi {
  connect(route: McpRoute): Promise<void>;
  /** Calls the tool as the model would and shows its view; resolves once the view has the result. */
  show(req: ShowRequest): Promise<Shown>;
  record(): HostRecord;
}

/** The page's global object as page.evaluate sees it. */
export type HostGlobal = typeof globalThis & { appsHost: AppsHostApi };
