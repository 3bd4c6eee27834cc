import { createHash, createHmac, randomBytes as nodeRandomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setNewest } from "../../shared/bounded-map.js";
import { readBody } from "../../shared/http/request-body.js";
import { BrokerError } from "../../shared/protocol/errors.js";
import { nullLogger, type Logger } from "../../shared/logger.js";
import type { Clock } from "../../shared/time.js";
import { decidedPage, messagePage, pendingPage, waitingPage, type PageHtml } from "./approval-page-html.js";
import { PAGE_TOKEN_TTL_MS, type ApprovalPageServer, type ApprovalRegistry } from "./approvals.js";

// The loopback approval page: the second channel (beside `tbank-mcp approve`) through which the
// person approves one write. The model receives the one-time URL, so the page is built on the
// assumption that the model can read it: a GET only ever shows, and only a same-origin form POST
// carrying a nonce from a rendered page decides. Other local pages are kept out by the Host check
// (DNS rebinding), the Sec-Fetch-Site / Origin checks (other origins' form posts and fetches), the
// Sec-Fetch-Mode/Dest/User checks (a service worker or script on this origin), the nonce (a form
// forged without reading the page) and the CSP/framing headers (clickjacking).

export interface ApprovalPageOptions {
  host?: "127.0.0.1";
  port?: number;
  now?: Clock;
  logger?: Logger;
  randomBytes?: (n: number) => Buffer;
}

export const MAX_FORM_BYTES = 4096;
const TOKEN_PATH = /^\/approve\/([A-Za-z0-9_-]{16,128})$/;
// Remembered so a second POST, or a reload after deciding, says "used" rather than "not found".
const MAX_USED_TOKENS = 256;

const SECURITY_HEADERS = {
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
} as const;

const NOT_FOUND = messagePage(404, "Страница не найдена", "Not found");
const USED = messagePage(410, "Эта ссылка уже использована", "This link has already been used");

export async function startApprovalPage(registry: ApprovalRegistry, opts: ApprovalPageOptions = {}): Promise<ApprovalPageServer> {
  const host = opts.host ?? "127.0.0.1";
  const now = opts.now ?? Date.now;
  const logger = opts.logger ?? nullLogger;
  const nonceKey = (opts.randomBytes ?? nodeRandomBytes)(32);
  const used = new Map<string, number>();
  let expectedHost = "";
  let expectedOrigin = "";

  const nonceFor = (token: string, approvalId: string): string => createHmac("sha256", nonceKey).update(`${token}\n${approvalId}`).digest("base64url");
  const nonceMatches = (given: string, token: string, approvalId: string): boolean => {
    const want = Buffer.from(nonceFor(token, approvalId));
    const got = Buffer.from(given);
    return got.length === want.length && timingSafeEqual(got, want);
  };
  const markUsed = (token: string): void => {
    const t = now();
    for (const [k, forgetAt] of used) if (forgetAt <= t) used.delete(k);
    setNewest(used, digest(token), t + PAGE_TOKEN_TTL_MS, MAX_USED_TOKENS);
  };
  const wasUsed = (token: string): boolean => (used.get(digest(token)) ?? 0) > now();
  const gone = (token: string): PageHtml => (wasUsed(token) ? USED : NOT_FOUND);

  function show(token: string): PageHtml {
    const hash = registry.pageTokenHash(token);
    if (hash === undefined) return gone(token);
    const approval = registry.byHash(hash);
    if (approval === undefined) return waitingPage();
    return pendingPage(approval, `/approve/${token}`, nonceFor(token, approval.approvalId));
  }

  async function decide(req: IncomingMessage, res: ServerResponse, token: string): Promise<PageHtml> {
    // Sec-Fetch-Site: same-origin is the browser's word that a document of this origin sent the
    // post, and this origin serves nothing but these script-free pages. Origin is "null" there: the
    // Fetch standard sends null for a form post under the page's Referrer-Policy: no-referrer
    // (Chromium and Firefox do); other pages' posts say same-site or cross-site, null or not.
    // Both headers are required, not only checked when present: a model's HTTP tool that read the
    // page (and its nonce) usually sends neither; one that forges them is code acting as the
    // person (docs/threat-model.md).
    const origin = req.headers.origin;
    if (req.headers["sec-fetch-site"] !== "same-origin" || (origin !== "null" && origin !== expectedOrigin)) {
      return messagePage(403, "Запрос с другого сайта отклонён", "Cross-site request refused");
    }
    // Same-origin is not enough: a service worker left on this port by an earlier local server is
    // same-origin too, and its fetch is never a navigation. Only a click on the page's form is a
    // top-level document navigation with user activation; a script's submit is not.
    if (req.headers["sec-fetch-mode"] !== "navigate" || req.headers["sec-fetch-dest"] !== "document" || req.headers["sec-fetch-user"] !== "?1") {
      return messagePage(403, "Нажмите кнопку на странице", "Press a button on the page to decide");
    }
    const type = (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
    if (type !== "application/x-www-form-urlencoded") return messagePage(415, "Неверный формат формы", "Unsupported form encoding");
    const body = await readBody(req, MAX_FORM_BYTES);
    if (!body.ok) {
      res.setHeader("connection", "close");
      res.once("finish", () => req.socket.destroy());
      return body.reason === "too_large" ? messagePage(413, "Слишком большой запрос", "Request too large") : messagePage(400, "Запрос оборван", "Request cut off");
    }
    const form = new URLSearchParams(body.text);
    const decision = form.get("decision");
    if (decision !== "approve" && decision !== "deny") return messagePage(400, "Нет решения", "No decision given");
    const hash = registry.pageTokenHash(token);
    if (hash === undefined) return gone(token);
    const approval = registry.byHash(hash);
    if (approval === undefined) return messagePage(409, "Запрос не ожидает решения", "No request is waiting under this link");
    if (!nonceMatches(form.get("nonce") ?? "", token, approval.approvalId)) {
      return messagePage(403, "Страница устарела, обновите её", "This page is out of date; reload it");
    }
    // Consumed before deciding, in the same tick: two quick submits decide once.
    registry.consumePageToken(token);
    markUsed(token);
    try {
      const { decided } = registry.decide(approval.approvalId, decision);
      logger.info({ event: "approval_page_decision", decided }, "the person decided a write on the approval page");
      return decidedPage(decided);
    } catch (err) {
      if (err instanceof BrokerError && err.code === "invalid_ref") return messagePage(409, "Запрос уже решён или истёк", "The request was already decided or timed out");
      throw err;
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.headers.host !== expectedHost) return send(res, messagePage(421, "Неверный адрес", "Misdirected request"));
    const token = TOKEN_PATH.exec((req.url ?? "").split("?")[0] ?? "")?.[1];
    if (token === undefined) return send(res, NOT_FOUND);
    if (req.method === "GET") return send(res, show(token));
    if (req.method === "POST") return send(res, await decide(req, res, token));
    send(res, messagePage(405, "Метод не поддерживается", "Method not allowed"), { allow: "GET, POST" });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      logger.warn({ event: "approval_page_error", error: err instanceof Error ? err.name : "unknown" }, "the approval page failed a request");
      if (!res.headersSent) send(res, messagePage(500, "Ошибка", "Internal error"));
      else res.destroy();
    });
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 15_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  expectedHost = `${host}:${port}`;
  expectedOrigin = `http://${expectedHost}`;
  logger.info({ event: "approval_page_listening", port }, "the approval page listens on loopback");

  return {
    urlFor: (token) => `${expectedOrigin}/approve/${token}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function send(res: ServerResponse, page: PageHtml, extra: Record<string, string> = {}): void {
  const body = Buffer.from(page.html, "utf8");
  res.writeHead(page.status, { ...SECURITY_HEADERS, "content-type": "text/html; charset=utf-8", "content-length": body.length, ...extra });
  res.end(body);
}

function digest(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
