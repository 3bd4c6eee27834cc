import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { finished } from "node:stream";
import type { HeaderReader, HttpAnswer } from "./answer.js";
import type { FetchLike } from "./provider-http.js";

// The provider HTTP core's default transport: node:http(s) on keep-alive agents, answered with what
// the core reads of any fetch's Response (status, header reads, a web body stream) and no more. The
// global fetch (undici) builds a Request, a fetch controller and their streams per request, which
// costs the remote mode more CPU than any other part of a call (figures: docs/performance.md). What
// the core relies on holds here as it does there: no redirect is ever followed (node:http has no
// such thing; a 3xx comes back as it is and the core refuses it), the caller's signal aborts the
// request and a body not yet read to its end, and a cancelled body closes the connection.

// An idle connection is dropped after 4 s, before the 5 s after which common servers close theirs: a
// request sent on a connection the server is closing fails as a network error.
const AGENT_OPTIONS = { keepAlive: true, timeout: 4000, maxFreeSockets: 64 } as const;
const httpAgent = new HttpAgent(AGENT_OPTIONS);
// node:https (and TLS with it) is slow to load: only a process that calls an https provider pays it.
let https: Promise<{ request: typeof httpRequest; agent: HttpAgent }> | undefined;
const loadHttps = () =>
  (https ??= import("node:https").then((m) => ({ request: m.request, agent: new m.Agent(AGENT_OPTIONS) })));

/** Statuses whose answer has no body. */
const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304]);

export const nodeFetch: FetchLike = async (url, init) => {
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new TypeError(`only http and https URLs are fetched, not ${url.protocol}`);
  const transport = url.protocol === "https:" ? await loadHttps() : { request: httpRequest, agent: httpAgent };
  return new Promise<HttpAnswer>((resolve, reject) => {
    const signal = init.signal ?? undefined;
    if (signal?.aborted) return reject(abortError(signal));
    if (init.body != null && typeof init.body !== "string") return reject(new TypeError("only string request bodies are sent"));
    const body = init.body ?? undefined;
    const headers = headerRecord(init.headers);
    if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
    const options = { method: init.method ?? "GET", headers, agent: transport.agent, ...(signal ? { signal } : {}) };
    const req = transport.request(url, options, (res) => {
      try {
        resolve(toAnswer(res, signal));
      } catch (err) {
        res.destroy();
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
    req.once("error", (err) => reject(signal?.aborted ? abortError(signal) : cleanError(err)));
    // A connection that ends with neither an answer nor an error (a 101 upgrade, which node:http
    // answers by closing the socket in silence) would leave the call waiting past every deadline.
    req.once("close", () => reject(new Error("the connection closed before an answer")));
    req.end(body);
  });
};

function toAnswer(res: IncomingMessage, signal: AbortSignal | undefined): HttpAnswer {
  const status = res.statusCode ?? 0;
  const headers = rawHeaderReader(res.rawHeaders);
  if (NULL_BODY_STATUS.has(status)) {
    res.resume();
    return { status, headers, body: null };
  }
  return { status, headers, body: bodyStream(res, signal) };
}

/**
 * Headers.get over the raw header lines, without building a Headers per answer: names match in any
 * case, and repeated lines join with ", " as Headers.get joins them.
 */
function rawHeaderReader(raw: readonly string[]): HeaderReader {
  return {
    get(name) {
      const wanted = name.toLowerCase();
      let value: string | null = null;
      for (let i = 0; i + 1 < raw.length; i += 2) {
        if (raw[i]?.toLowerCase() !== wanted) continue;
        const line = raw[i + 1] ?? "";
        value = value === null ? line : `${value}, ${line}`;
      }
      return value;
    },
  };
}

/**
 * The body as a web stream, by hand: Readable.toWeb's adapter (with a Headers and a Response per
 * answer) costs more per provider request than checking the body does. The web stream queues what
 * the socket delivered, in bytes, up to the socket's high-water mark and pauses the socket there: a
 * reader that stops (a voucher written to a slow disk) holds the download back (test). A cancelled
 * body closes the connection; a connection cut before the end errors it, and so does an abort:
 * node:http then drops what it holds of the body unread and ends the message as if it were whole
 * (test).
 */
function bodyStream(res: IncomingMessage, signal: AbortSignal | undefined): ReadableStream<Uint8Array> {
  let open = true;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        res.on("data", (chunk: Buffer) => {
          if (!open) return;
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 0) <= 0) res.pause();
        });
        finished(res, (err) => {
          if (!open) return;
          open = false;
          if (signal?.aborted) controller.error(abortError(signal));
          else if (err) controller.error(err);
          else controller.close();
        });
      },
      pull() {
        res.resume();
      },
      cancel() {
        open = false;
        res.destroy();
      },
    },
    { highWaterMark: res.readableHighWaterMark, size: (chunk) => chunk.byteLength },
  );
}

function headerRecord(init: RequestInit["headers"]): Record<string, string> {
  if (init === undefined) return {};
  // The core sends a plain record; anything else goes through Headers' own checks.
  if (init instanceof Headers || Array.isArray(init)) return Object.fromEntries(new Headers(init));
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(init)) out[name] = typeof value === "string" ? value : value.join(", ");
  return out;
}

// A response node:http cannot parse fails with the raw bytes it read (rawPacket): provider text,
// which must never ride along as an error's cause. Only the parser's code and message are kept.
function cleanError(err: Error): Error {
  if (!("rawPacket" in err) && !("bytesParsed" in err)) return err;
  const clean = new Error(err.message);
  const code = (err as { code?: unknown }).code;
  if (typeof code === "string") Object.assign(clean, { code });
  return clean;
}

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException("This operation was aborted", "AbortError");
}
