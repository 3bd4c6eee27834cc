import type { Frame, Page, Request } from "playwright-core";

// What the page did that a view must not: a request to an origin the test did not allow (the view's
// frames may reach only the declared photo hosts; the host's frames only the host, the sandbox and
// the MCP endpoint), a console error or an uncaught exception in any frame.

export interface PageWatch {
  outside: string[];
  consoleErrors: string[];
  /** Every view-frame request, by URL, for checks like "the photos were asked for". */
  viewRequests: string[];
}

export interface AllowedOrigins {
  /** The host page, the sandbox proxy, and the MCP endpoint in the remote mode. */
  host: readonly string[];
  /** The photo hosts a view may load images from. */
  view: readonly string[];
  /** The remote MCP endpoint, when the page talks to one (see SSE_PROBE). */
  mcpUrl?: string;
}

/**
 * The SDK's StreamableHTTP client opens a GET stream after initialize; a server without one answers
 * 405, which the SDK expects, and chromium logs the status as an error of the host page. Only that
 * line is let through: any other error, and any error in a sandbox or view frame, counts.
 */
const SSE_PROBE = /status of 405 \(Method Not Allowed\)$/;

/** The top frame is the host, its children the sandbox proxies, theirs the views. */
function isViewFrame(frame: Frame): boolean {
  return frame.parentFrame()?.parentFrame() != null;
}

function frameOf(request: Request): Frame | null {
  try {
    return request.frame();
  } catch {
    return null;
  }
}

export function watchPage(page: Page, allowed: AllowedOrigins): PageWatch {
  const watch: PageWatch = { outside: [], consoleErrors: [], viewRequests: [] };
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol === "data:") return;
    const frame = frameOf(request);
    const inView = frame !== null && isViewFrame(frame);
    if (inView) watch.viewRequests.push(request.url());
    const list = inView ? allowed.view : allowed.host;
    if (!list.includes(url.origin)) watch.outside.push(`${inView ? "view" : "host"} frame → ${request.url()}`);
  });
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    if (allowed.mcpUrl !== undefined && message.location().url === allowed.mcpUrl && SSE_PROBE.test(message.text())) return;
    watch.consoleErrors.push(`${message.location().url || "(inline)"}: ${message.text()}`);
  });
  page.on("pageerror", (err) => watch.consoleErrors.push(`uncaught: ${err.message}`));
  return watch;
}
