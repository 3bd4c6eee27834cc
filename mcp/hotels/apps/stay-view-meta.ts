// The MCP Apps contract of the stay view (SEP-1865), shared by the journey tools that name it and
// the resource that serves it. Kept free of the ext-apps SDK: its server module would add about
// 18 KB to the lazily loaded server chunk for three constants and a spread;
// test/integration/hotels-mcp-apps.test.ts fails when the SDK's helpers answer differently.

export const STAY_VIEW_URI = "ui://tbank-hotels/stay.html";

/** ext-apps' RESOURCE_MIME_TYPE: a host renders only a resource of this type as an app. */
export const MCP_APP_MIME_TYPE = "text/html;profile=mcp-app";

/**
 * A journey tool's `_meta`, as ext-apps' registerAppTool normalizes it: the current key and the
 * flat one older hosts read. Visibility stays the default (model and app): the view calls
 * select_stay_option, get_selected_stay_rates and select_stay_rate as the model does.
 */
export const STAY_VIEW_TOOL_META = Object.freeze({ ui: Object.freeze({ resourceUri: STAY_VIEW_URI }), "ui/resourceUri": STAY_VIEW_URI });

/** True when a tool's `_meta` names the stay view. */
export function namesStayView(meta: Readonly<Record<string, unknown>> | undefined): boolean {
  return (meta?.ui as { resourceUri?: unknown } | undefined)?.resourceUri === STAY_VIEW_URI;
}
