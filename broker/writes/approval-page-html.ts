import type { PendingApproval } from "../../shared/protocol/ops-hotels-writes.js";
import { approvalLines, type ApprovalLine } from "../../shared/writes/approval-lines.js";

// The loopback approval page's HTML. Every string that came from the provider or the person
// (hotel names, rates, guest names, cancellation terms) goes through escapeHtml: a hotel name is
// provider text, and a hostile one must not script the one page that approves writes. The page
// loads nothing else and runs no script (the server's CSP says default-src 'none').

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

export interface PageHtml {
  status: number;
  html: string;
}

function page(status: number, title: string, body: string, refreshSeconds?: number): PageHtml {
  const refresh = refreshSeconds === undefined ? "" : `\n<meta http-equiv="refresh" content="${refreshSeconds}">`;
  const html = `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">${refresh}
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem}dt{font-weight:600;margin-top:.5rem}
dd{margin-left:0}button{font-size:1.1rem;padding:.5rem 1.5rem;margin-right:1rem}.hash{font-family:monospace}</style></head>
<body>
<h1>${escapeHtml(title)}</h1>
${body}
<p><small>tbank-mcp · 127.0.0.1</small></p>
</body></html>
`;
  return { status, html };
}

function row(label: string, value: string | null): string {
  return `<dt>${label}</dt><dd>${value === null ? "—" : escapeHtml(value)}</dd>`;
}

function line(l: ApprovalLine): string {
  const label = `${escapeHtml(l.ru)} / ${escapeHtml(l.en)}`;
  if (!l.list || l.values.length === 0) return row(label, l.values.length === 0 ? null : l.values.join("; "));
  return `<dt>${label}</dt><dd><ul>${l.values.map((v) => `<li>${escapeHtml(v)}</li>`).join("")}</ul></dd>`;
}

function details(approval: PendingApproval): string {
  return `<dl>
${approvalLines(approval).map(line).join("\n")}
<dt>Запрос / Request</dt><dd class="hash">${escapeHtml(approval.requestHash.slice(0, 12))} (${escapeHtml(approval.display.kind)})</dd>
${row("Ждёт до / Waits until", approval.expiresAt)}
</dl>`;
}

/** The request and two buttons; `nonce` ties the form to this token and this approvalId. */
export function pendingPage(approval: PendingApproval, formAction: string, nonce: string): PageHtml {
  return page(
    200,
    "Подтвердите запрос / Approve this request",
    `<p>Модель просит выполнить действие от вашего имени. Проверьте всё ниже.<br>
A model asks to act on your behalf. Check everything below.</p>
${details(approval)}
<form method="post" action="${escapeHtml(formAction)}">
<input type="hidden" name="nonce" value="${escapeHtml(nonce)}">
<button type="submit" name="decision" value="approve">Подтвердить / Approve</button>
<button type="submit" name="decision" value="deny">Отклонить / Deny</button>
</form>`,
  );
}

/** The request has not reached the broker yet (execute not called): look again every 2 s. */
export function waitingPage(): PageHtml {
  return page(
    200,
    "Ожидание запроса… / Waiting for the request…",
    `<p>Запрос ещё не поступил; страница обновляется сама. Если вы уже ответили в терминале, её можно закрыть.<br>
The request has not arrived yet; this page refreshes itself. If you already answered in the terminal, you can close it.</p>`,
    2,
  );
}

export function decidedPage(decided: "approved" | "denied"): PageHtml {
  return decided === "approved"
    ? page(200, "Подтверждено / Approved", "<p>Запрос будет отправлен один раз. Страницу можно закрыть.<br>The request will be sent once. You can close this page.</p>")
    : page(200, "Отклонено / Denied", "<p>Ничего не отправлено. Страницу можно закрыть.<br>Nothing was sent. You can close this page.</p>");
}

export function messagePage(status: number, ru: string, en: string): PageHtml {
  return page(status, `${ru} / ${en}`, "");
}
