import type { IncomingMessage } from "node:http";

// @hono/node-server builds a URL from node's request and refuses (bare 400) or rewrites what would
// not make one: a backslash or dot segments in the path ("/a/../mcp" becomes "/mcp"), "*", an
// absolute-form target, a Host that is no host name. The app judges such requests like any other
// (no key in the URL, the probes, Host, Origin; then 404), so they reach it with a path no route
// has and the Host set aside, and targetOf() reads the target as it was sent.

const ROUTABLE_PATH = /^\/[^\\]*$/;
// WHATWG URL resolves percent-encoded dots as well ("/x/%2e%2e/mcp" becomes "/mcp").
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?:\/|$)/i;
const HOST_NAME = /^(?:[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;
/** A path none of the app's routes has. */
const UNROUTABLE_PATH = "/.unroutable-target";
const UNUSED_HOST = "unroutable.invalid";

const sent = new WeakMap<IncomingMessage, string>();

function routable(target: string): boolean {
  const path = target.split("?", 1)[0] ?? "";
  return ROUTABLE_PATH.test(path) && !DOT_SEGMENT.test(path);
}

function hostName(host: string): boolean {
  const port = HOST_NAME.exec(host)?.[1];
  return HOST_NAME.test(host) && (port === undefined || Number(port) <= 65_535);
}

/** Readies node's request for the adapter: called once per request, before it. */
export function shieldTarget(req: IncomingMessage): void {
  const target = req.url ?? "/";
  if (!routable(target)) {
    sent.set(req, target);
    req.url = UNROUTABLE_PATH;
  }
  // Only the URL is built from this; the app reads Host from the raw headers, as sent.
  const host = req.headers.host;
  if (host !== undefined && !hostName(host)) req.headers.host = UNUSED_HOST;
}

/** The request target as the client sent it. */
export function sentTarget(req: IncomingMessage): string {
  return sent.get(req) ?? req.url ?? "/";
}
