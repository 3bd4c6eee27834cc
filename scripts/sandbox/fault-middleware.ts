import type { ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import type { MiddlewareHandler } from "hono";
import { answer, type SandboxEnv } from "./answer.js";
import type { Fault, FaultTable } from "./faults.js";
import { errorBody, type AnswerWriter, type SandboxResponse } from "./http.js";

/**
 * The fault switched on for a route, taken once per request. Status, rate limit, hang and redirect
 * replace the route's answer before it runs; latency, truncated, oversized, content type, not-PDF
 * and lost response change the answer it gave (so a write still commits before a lost response).
 */
export function injectFaults(routeId: string, opts: { faults: FaultTable; canary: string | undefined; origin: () => string; closing: AbortSignal }): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const fault = opts.faults.take(routeId);
    if (fault === undefined) return next();
    const requestId = c.get("requestId");
    switch (fault.kind) {
      case "status":
        return answer(c, errorBody(fault.status, requestId, opts.canary));
      case "rate_limit":
        return answer(c, { ...errorBody(429, requestId, opts.canary), headers: { "retry-after": String(fault.retryAfterSeconds), "x-request-id": requestId } });
      case "hang":
        // Nothing is written: the socket stays open until the client gives up or the sandbox closes
        // (in-process, with no socket to hold, the 504 stands for it).
        c.set("writer", () => undefined);
        return answer(c, errorBody(504, requestId, opts.canary));
      case "redirect":
        return answer(c, { status: 302, headers: { location: fault.location ?? `${opts.origin()}/_sandbox/redirected` }, body: "", contentType: "text/plain" });
      default:
        break;
    }
    await next();
    if (fault.kind === "latency") {
      // The route answers `ms` after the request arrived, its own work included: a provider that
      // takes 50 ms per page, not 50 ms plus however long this simulator needed.
      const wait = fault.ms - (performance.now() - c.get("arrived"));
      if (wait > 0) await sleep(wait, undefined, { signal: opts.closing }).catch(() => undefined);
      return;
    }
    const given = c.get("answer");
    if (given === undefined) return;
    if (fault.kind === "content_type") c.set("answer", { ...given, contentType: fault.contentType });
    else if (fault.kind === "not_pdf") c.set("answer", { ...given, body: "<html><body>Not a voucher</body></html>" });
    else c.set("writer", socketFault(fault));
  };
}

/** The faults only a socket can carry: a cut body, an endless one, no answer at all. */
function socketFault(fault: Fault): AnswerWriter {
  if (fault.kind === "truncated") return writeTruncated;
  if (fault.kind === "oversized") return (res, given) => writeOversized(res, given, fault.bytes);
  return (res) => void res.destroy();
}

function headersOf(given: SandboxResponse, length: number): Record<string, string | number> {
  return { ...given.headers, "content-type": given.contentType, "content-length": length };
}

/** Announces the full length, sends half, then cuts the connection. */
function writeTruncated(res: ServerResponse, given: SandboxResponse): void {
  const body = typeof given.body === "string" ? Buffer.from(given.body, "utf8") : given.body;
  res.writeHead(given.status, headersOf(given, body.length));
  res.write(body.subarray(0, Math.max(1, Math.floor(body.length / 2))), () => res.socket?.destroy());
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off("drain", done).off("close", done);
      resolve();
    };
    res.on("drain", done).on("close", done);
  });
}

/** Streams `bytes` of a well-formed-looking body in chunks, so a client must cap while reading. */
async function writeOversized(res: ServerResponse, given: SandboxResponse, bytes: number): Promise<void> {
  const pdf = given.contentType.includes("pdf");
  const head = Buffer.from(pdf ? "%PDF-1.4\n%" : '{"padding":"');
  const tail = Buffer.from(pdf ? "\n%%EOF\n" : '"}');
  res.writeHead(given.status, headersOf(given, bytes));
  res.write(head);
  let left = bytes - head.length - tail.length;
  const chunk = Buffer.alloc(64 * 1024, pdf ? 0x20 : 0x61);
  while (left > 0 && !res.destroyed) {
    const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
    left -= part.length;
    if (!res.write(part)) await drained(res);
  }
  if (!res.destroyed) res.end(tail);
}
