import type { IncomingHttpHeaders } from "node:http";

/** What a sandbox route handler returns; the dispatcher serialises it and applies faults. */
export interface SandboxResponse {
  status: number;
  headers?: Record<string, string>;
  body: Buffer | string;
  contentType: string;
}

export interface RouteRequest {
  method: string;
  url: URL;
  params: Record<string, string>;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  requestId: string;
}

export type RouteHandler = (req: RouteRequest) => SandboxResponse | Promise<SandboxResponse>;

export interface RouteDef {
  /** Stable id used by faults and request counters (documented in docs/provider-contract.md). */
  id: string;
  method: "GET" | "POST";
  /** Path with `:name` segments, matched exactly. */
  path: string;
  handler: RouteHandler;
}

export interface CompiledRoute extends RouteDef {
  regex: RegExp;
  names: string[];
}

export function compileRoute(def: RouteDef): CompiledRoute {
  const names: string[] = [];
  const pattern = def.path
    .split("/")
    .map((segment) => {
      if (!segment.startsWith(":")) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(segment.slice(1));
      return "([^/]+)";
    })
    .join("/");
  return { ...def, regex: new RegExp(`^${pattern}$`), names };
}

export function matchRoute(
  routes: readonly CompiledRoute[],
  method: string,
  pathname: string,
): { route: CompiledRoute; params: Record<string, string> } | { route: undefined; methodMismatch: boolean } {
  let methodMismatch = false;
  for (const route of routes) {
    const m = route.regex.exec(pathname);
    if (!m) continue;
    if (route.method !== method) {
      methodMismatch = true;
      continue;
    }
    const params: Record<string, string> = {};
    route.names.forEach((name, i) => {
      params[name] = decodeURIComponent(m[i + 1] ?? "");
    });
    return { route, params };
  }
  return { route: undefined, methodMismatch };
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): SandboxResponse {
  return { status, headers, body: JSON.stringify(body), contentType: "application/json; charset=utf-8" };
}

/** Provider-style error: a safe code, a message and the request id (the body may carry a canary). */
export function providerError(status: number, code: string, message: string, requestId: string): SandboxResponse {
  return json(status, { code, message, requestId }, { "x-request-id": requestId });
}

export function parseJsonBody(req: RouteRequest): { ok: true; value: unknown } | { ok: false } {
  if (req.rawBody.length === 0) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(req.rawBody.toString("utf8")) as unknown };
  } catch {
    return { ok: false };
  }
}

export function parseFormBody(req: RouteRequest): URLSearchParams {
  return new URLSearchParams(req.rawBody.toString("utf8"));
}

export function bearerToken(req: RouteRequest): string | undefined {
  const header = req.headers.authorization;
  if (typeof header !== "string") return undefined;
  const m = /^Bearer (\S+)$/.exec(header);
  return m?.[1];
}
