import type { SandboxResponse } from "../http.js";

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

function page(status: number, title: string, body: string): SandboxResponse {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto">
<h1>${escapeHtml(title)}</h1>
${body}
<p><small>T-Bank sandbox identity provider. No real account is involved.</small></p>
</body></html>
`;
  // The page must never be framed or cached: it stands in for a real consent screen.
  return { status, body: html, contentType: "text/html; charset=utf-8", headers: { "cache-control": "no-store", "x-frame-options": "DENY" } };
}

/** The consent screen the person opens from `verification_uri`; both buttons post to the approve route. */
export function approvalPage(userCode: string | undefined, scope: string | undefined, notice?: string): SandboxResponse {
  const code = escapeHtml(userCode ?? "");
  const what = scope ? `<p>An application asks to read your <b>${escapeHtml(scope)}</b> data as customer-1.</p>` : "<p>Enter the code shown in your terminal.</p>";
  return page(
    notice ? 400 : 200,
    "Sign in a device",
    `${notice ? `<p role="alert">${escapeHtml(notice)}</p>` : ""}${what}
<form method="post" action="/oauth/device/approve">
<label>Code <input name="user_code" value="${code}" autocomplete="off" required></label>
<button type="submit" name="action" value="approve">Approve</button>
<button type="submit" name="action" value="deny">Deny</button>
</form>`,
  );
}

export function decisionPage(decision: "approved" | "denied"): SandboxResponse {
  return page(200, decision === "approved" ? "Device approved" : "Login denied", "<p>You can close this page and return to your terminal.</p>");
}

export function decisionErrorPage(message: string): SandboxResponse {
  return page(400, "Cannot complete the login", `<p role="alert">${escapeHtml(message)}</p>`);
}
