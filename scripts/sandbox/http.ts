import type { IncomingHttpHeaders, ServerResponse } from "node:http";

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

export function json(status: number, body: unknown, headers: Record<string, string> = {}): SandboxResponse {
  return { status, headers, body: JSON.stringify(body), contentType: "application/json; charset=utf-8" };
}

/** The whole answer, as the dispatcher always sent it: its headers, the content type and length. */
export function toResponse(answer: SandboxResponse): Response {
  const body = typeof answer.body === "string" ? Buffer.from(answer.body, "utf8") : answer.body;
  return new Response(body, { status: answer.status, headers: { ...answer.headers, "content-type": answer.contentType, "content-length": String(body.length) } });
}

/** Writes an answer on the socket; a fault may swap in one that cuts it short. */
export type AnswerWriter = (res: ServerResponse, answer: SandboxResponse) => void | Promise<void>;

export function writeWhole(res: ServerResponse, answer: SandboxResponse): void {
  const body = typeof answer.body === "string" ? Buffer.from(answer.body, "utf8") : answer.body;
  res.writeHead(answer.status, { ...answer.headers, "content-type": answer.contentType, "content-length": body.length });
  res.end(body);
}

const ERROR_CODES: Record<number, string> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  500: "internal_error",
  502: "bad_gateway",
  503: "service_unavailable",
  504: "gateway_timeout",
};

/** A simulated upstream failure. Real provider error bodies carry internals; the canary stands in for them in tests. */
export function errorBody(status: number, requestId: string, canary: string | undefined): SandboxResponse {
  return providerError(status, ERROR_CODES[status] ?? `http_${status}`, `simulated upstream failure${canary ? ` trace=${canary}` : ""}`, requestId);
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
