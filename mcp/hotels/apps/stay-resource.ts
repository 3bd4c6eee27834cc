import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { MCP_APP_MIME_TYPE, STAY_VIEW_URI } from "./stay-view-meta.js";
import type { ViewFile } from "./view-file.js";

export interface StayResourceOptions {
  view: ViewFile;
  /** Origins the view may load hotel photos from: the provider's photo host(s), nothing else. */
  photoOrigins: readonly string[];
}

/**
 * Registers the stay view the journey tools name. Its CSP lets the host load images from the
 * photo origins only; no connectDomains: the view fetches nothing, it calls tools through the host.
 * The same `_meta.ui` goes on the listing (what a host reviews at connect) and on the content.
 */
export function registerStayResource(server: McpServer, opts: StayResourceOptions): void {
  const ui = { csp: { resourceDomains: [...opts.photoOrigins] }, prefersBorder: true };
  server.registerResource(
    "stay",
    STAY_VIEW_URI,
    { title: "Hotel stay view", description: "Hotel cards, comparison, rates and map for the journey tools' results.", mimeType: MCP_APP_MIME_TYPE, _meta: { ui } },
    async (uri) => {
      const text = await opts.view.read().catch(() => {
        // The host shows the text answer instead; the path stays out of the wire.
        throw new McpError(ErrorCode.InternalError, "The stay view is not built into this installation (dist/views/stay.html).");
      });
      return { contents: [{ uri: uri.href, mimeType: MCP_APP_MIME_TYPE, text, _meta: { ui } }] };
    },
  );
}
