import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { HttpBindings } from "@hono/node-server";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { readBody, type BodyRead } from "../../shared/http/request-body.js";
import { nullLogger, type Logger } from "../../shared/logger.js";
import { BrokerError } from "../../shared/protocol/broker-error.js";
import type { Clock } from "../../shared/time.js";
import { TtlMap } from "../../shared/ttl-map.js";
import { decidedPage, messagePage, pendingPage, waitingPage, type PageHtml } from "./approval-page-html.js";
import { PAGE_TOKEN_TTL_MS, type ApprovalRegistry } from "./approvals.js";

// The approval page as a Hono app, one concern per middleware, in the order the checks must run:
// Host (DNS rebinding) → the token's path → the method → for a POST, origin, the person's click,
// the form body → the decision. Why each check exists: approval-page.ts.

export const MAX_FORM_BYTES = 4096;
const TOKEN_PATH = /^\/approve\/([A-Za-z0-9_-]{16,128})$/;
// Remembered so a second POST, or a reload after deciding, says "used" rather than "not found".
const MAX_USED_TOKENS = 256;

export const SECURITY_HEADERS = {
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
} as const;

export const NOT_FOUND = messagePage(404, "Страница не найдена", "Not found");
export const MISDIRECTED = messagePage(421, "Неверный адрес", "Misdirected request");
const USED = messagePage(410, "Эта ссылка уже использована", "This link has already been used");

export interface ApprovalAppOptions {
  /** `127.0.0.1:<port>`, known once the server listens. */
  host: () => string;
  nonceKey: Buffer;
  now?: Clock;
  logger?: Logger;
}

interface Env {
  // Absent when a test drives the app in-process with app.request().
  Bindings: Partial<HttpBindings>;
  Variables: { token: string; form: URLSearchParams };
}

/** The whole answer for one page: its HTML, its length and the security headers. */
export function pageResponse(page: PageHtml, extra: Record<string, string> = {}): Response {
  const html = Buffer.from(page.html, "utf8");
  return new Response(html, { status: page.status, headers: { ...SECURITY_HEADERS, "content-type": "text/html; charset=utf-8", "content-length": String(html.length), ...extra } });
}

/** The Host header must be ours: a rebound DNS name reaches this port under another name. */
function hostCheck(host: () => string): MiddlewareHandler<Env> {
  return async (c, next) => (c.req.header("host") === host() ? next() : pageResponse(MISDIRECTED));
}

/**
 * Only `/approve/<token>` exists, as sent: the target the socket received (not percent-decoded, no
 * dot segments resolved, no absolute form), since the adapter's URL has been normalised.
 */
function tokenPath(host: () => string): MiddlewareHandler<Env> {
  return async (c, next) => {
    const sent = c.env?.incoming?.url;
    const url = new URL(c.req.url);
    const path = sent !== undefined ? sent.split("?")[0] : url.host === host() ? url.pathname : undefined;
    const token = path === undefined ? undefined : TOKEN_PATH.exec(path)?.[1];
    if (token === undefined) return pageResponse(NOT_FOUND);
    c.set("token", token);
    return next();
  };
}

/** GET shows, POST decides; Hono serves HEAD through GET routes, so the raw method is checked here. */
const methods: MiddlewareHandler<Env> = async (c, next) =>
  c.req.method === "GET" || c.req.method === "POST" ? next() : pageResponse(messagePage(405, "Метод не поддерживается", "Method not allowed"), { allow: "GET, POST" });

/**
 * Sec-Fetch-Site: same-origin is the browser's word that a document of this origin sent the post,
 * and this origin serves nothing but these script-free pages. Origin is "null" there: the Fetch
 * standard sends null for a form post under the page's Referrer-Policy: no-referrer (Chromium and
 * Firefox do); other pages' posts say same-site or cross-site, null or not. Both headers are
 * required, not only checked when present: a model's HTTP tool that read the page (and its nonce)
 * usually sends neither; one that forges them is code acting as the person (docs/threat-model.md).
 */
function sameOrigin(host: () => string): MiddlewareHandler<Env> {
  return async (c, next) => {
    const origin = c.req.header("origin");
    if (c.req.header("sec-fetch-site") !== "same-origin" || (origin !== "null" && origin !== `http://${host()}`)) {
      return pageResponse(messagePage(403, "Запрос с другого сайта отклонён", "Cross-site request refused"));
    }
    return next();
  };
}

/**
 * Same-origin is not enough: a service worker left on this port by an earlier local server is
 * same-origin too, and its fetch is never a navigation. Only a click on the page's form is a
 * top-level document navigation with user activation; a script's submit is not.
 */
const personsClick: MiddlewareHandler<Env> = async (c, next) => {
  if (c.req.header("sec-fetch-mode") !== "navigate" || c.req.header("sec-fetch-dest") !== "document" || c.req.header("sec-fetch-user") !== "?1") {
    return pageResponse(messagePage(403, "Нажмите кнопку на странице", "Press a button on the page to decide"));
  }
  return next();
};

/** A urlencoded form of at most `maxBytes`; past the cap the connection closes after the answer. */
function formBody(maxBytes: number): MiddlewareHandler<Env> {
  return async (c, next) => {
    const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
    if (type !== "application/x-www-form-urlencoded") return pageResponse(messagePage(415, "Неверный формат формы", "Unsupported form encoding"));
    const { incoming, outgoing } = c.env ?? {};
    const body = incoming ? await readBody(incoming, maxBytes) : await readWebBody(c.req.raw, maxBytes);
    if (!body.ok) {
      outgoing?.once("finish", () => incoming?.socket.destroy());
      const page = body.reason === "too_large" ? messagePage(413, "Слишком большой запрос", "Request too large") : messagePage(400, "Запрос оборван", "Request cut off");
      return pageResponse(page, { connection: "close" });
    }
    c.set("form", new URLSearchParams(body.text));
    return next();
  };
}

/** readBody's rule for a fetch Request (in-process tests): a declared length past the cap is refused unread. */
async function readWebBody(req: Request, maxBytes: number): Promise<BodyRead> {
  const declared = req.headers.get("content-length");
  if (declared !== null && /^\d{1,16}$/.test(declared) && Number(declared) > maxBytes) return { ok: false, reason: "too_large" };
  const bytes = Buffer.from(await req.arrayBuffer());
  return bytes.length > maxBytes ? { ok: false, reason: "too_large" } : { ok: true, text: bytes.toString("utf8") };
}

export function createApprovalApp(registry: ApprovalRegistry, opts: ApprovalAppOptions): Hono<Env> {
  const now = opts.now ?? Date.now;
  const logger = opts.logger ?? nullLogger;
  const tokens = usedTokens(now);
  const nonceFor = (token: string, approvalId: string): string => createHmac("sha256", opts.nonceKey).update(`${token}\n${approvalId}`).digest("base64url");
  const gone = (token: string): Response => pageResponse(tokens.wasUsed(token) ? USED : NOT_FOUND);

  const show = (c: Context<Env>): Response => {
    const token = c.get("token");
    const hash = registry.pageTokenHash(token);
    if (hash === undefined) return gone(token);
    const approval = registry.byHash(hash);
    if (approval === undefined) return pageResponse(waitingPage());
    return pageResponse(pendingPage(approval, `/approve/${token}`, nonceFor(token, approval.approvalId)));
  };

  const decide = (c: Context<Env>): Response => {
    const token = c.get("token");
    const form = c.get("form");
    const decision = form.get("decision");
    if (decision !== "approve" && decision !== "deny") return pageResponse(messagePage(400, "Нет решения", "No decision given"));
    const hash = registry.pageTokenHash(token);
    if (hash === undefined) return gone(token);
    const approval = registry.byHash(hash);
    if (approval === undefined) return pageResponse(messagePage(409, "Запрос не ожидает решения", "No request is waiting under this link"));
    if (!sameText(form.get("nonce") ?? "", nonceFor(token, approval.approvalId))) {
      return pageResponse(messagePage(403, "Страница устарела, обновите её", "This page is out of date; reload it"));
    }
    // Consumed before deciding, in the same tick: two quick submits decide once.
    registry.consumePageToken(token);
    tokens.markUsed(token);
    try {
      const { decided } = registry.decide(approval.approvalId, decision);
      logger.info({ event: "approval_page_decision", decided }, "the person decided a write on the approval page");
      return pageResponse(decidedPage(decided));
    } catch (err) {
      if (err instanceof BrokerError && err.code === "invalid_ref") return pageResponse(messagePage(409, "Запрос уже решён или истёк", "The request was already decided or timed out"));
      throw err;
    }
  };

  const app = new Hono<Env>();
  app.use(hostCheck(opts.host), tokenPath(opts.host), methods);
  app.get("*", show);
  app.post("*", sameOrigin(opts.host), personsClick, formBody(MAX_FORM_BYTES), decide);
  app.onError((err) => {
    logger.warn({ event: "approval_page_error", error: err instanceof Error ? err.name : "unknown" }, "the approval page failed a request");
    return pageResponse(messagePage(500, "Ошибка", "Internal error"));
  });
  return app;
}

function sameText(given: string, want: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(want);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Digests of spent page tokens, each forgotten when a page token would have expired anyway. */
function usedTokens(now: Clock): { markUsed(token: string): void; wasUsed(token: string): boolean } {
  const used = new TtlMap<string, true>({ now, maxEntries: MAX_USED_TOKENS });
  const digest = (token: string): string => createHash("sha256").update(token).digest("hex");
  return {
    markUsed: (token) => {
      used.sweep();
      used.set(digest(token), true, now() + PAGE_TOKEN_TTL_MS);
    },
    wasUsed: (token) => used.lookup(digest(token)).status === "found",
  };
}
