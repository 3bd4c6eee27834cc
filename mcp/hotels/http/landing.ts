import type { HttpAuthMode } from "../../../shared/config/http.js";
import type { ReadinessReport } from "./readiness.js";

// GET /: for a person who pasted the MCP URL into a browser. Plain HTML, no script and no external
// asset (the CSP below forbids both), so the snippets are selected and copied by hand.

export const LANDING_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export interface LandingInput {
  mcpUrl: string;
  auth: HttpAuthMode;
  tools: readonly { name: string; title?: string; description?: string }[];
  health: ReadinessReport & { draining: boolean };
  version: string;
  /** Russian first when the browser prefers it. */
  lang: "ru" | "en";
}

const escape = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const firstSentence = (s: string): string => {
  const m = /^(.+?[.!?])(\s|$)/s.exec(s);
  return (m?.[1] ?? s).replace(/\s+/g, " ").trim();
};

interface Words {
  lead: string;
  tools: string;
  connect: string;
  health: string;
  store: string;
  provider: string;
  ok: string;
  down: string;
  draining: string;
  claudeAi: string;
  chatgpt: string;
  claudeCode: string;
  codex: string;
  keyNote: Record<HttpAuthMode, string>;
}

const WORDS: Record<"ru" | "en", Words> = {
  ru: {
    lead: "Удалённый MCP-сервер T-Bank Hotels: поиск и сравнение отелей по реальным ценам для ИИ-агентов. Бронирование и оплата — только на странице продавца; здесь нет ни входа в банк, ни записи.",
    tools: "Инструменты",
    connect: "Как подключить",
    health: "Состояние",
    store: "хранилище",
    provider: "Hotels API",
    ok: "доступно",
    down: "недоступно",
    draining: "сервер завершает работу",
    claudeAi: "claude.ai: Settings → Connectors → Add custom connector, вставьте адрес:",
    chatgpt: "ChatGPT: Settings → Apps & Connectors → Advanced settings → Developer mode, затем Create connector с адресом:",
    claudeCode: "Claude Code, в терминале:",
    codex: "Codex, в ~/.codex/config.toml:",
    keyNote: {
      none: "Ключ не нужен (сервер слушает только локальный адрес).",
      api_key: "Нужен API-ключ: только в заголовке Authorization: Bearer или X-Api-Key, никогда в адресе.",
      oauth: "Вход через OAuth: клиент сам откроет страницу входа.",
    },
  },
  en: {
    lead: "The remote T-Bank Hotels MCP server: hotel search and comparison on real prices for AI agents. Booking and payment happen only on the seller's page; there is no bank sign-in and no write here.",
    tools: "Tools",
    connect: "How to connect",
    health: "Health",
    store: "store",
    provider: "Hotels API",
    ok: "reachable",
    down: "unreachable",
    draining: "the server is shutting down",
    claudeAi: "claude.ai: Settings → Connectors → Add custom connector, paste the URL:",
    chatgpt: "ChatGPT: Settings → Apps & Connectors → Advanced settings → Developer mode, then Create connector with the URL:",
    claudeCode: "Claude Code, in a terminal:",
    codex: "Codex, in ~/.codex/config.toml:",
    keyNote: {
      none: "No key needed (the server listens on a loopback address only).",
      api_key: "An API key is needed: in the Authorization: Bearer or X-Api-Key header only, never in the URL.",
      oauth: "Sign-in through OAuth: the client opens the sign-in page itself.",
    },
  },
};

function snippets(url: string, auth: HttpAuthMode): { id: string; text: string }[] {
  const claudeKey = auth === "api_key" ? ' --header "Authorization: Bearer $TBANK_HOTELS_KEY"' : "";
  const codexKey = auth === "api_key" ? '\nbearer_token_env_var = "TBANK_HOTELS_KEY"' : "";
  return [
    { id: "claude-ai", text: url },
    { id: "chatgpt", text: url },
    { id: "claude-code", text: `claude mcp add --transport http tbank-hotels ${url}${claudeKey}` },
    { id: "codex", text: `[mcp_servers.tbank-hotels]\nurl = "${url}"${codexKey}` },
  ];
}

function section(lang: "ru" | "en", input: LandingInput): string {
  const w = WORDS[lang];
  const labels: Record<string, string> = { "claude-ai": w.claudeAi, chatgpt: w.chatgpt, "claude-code": w.claudeCode, codex: w.codex };
  const tools = input.tools.map((t) => `<li><code>${escape(t.name)}</code> — ${escape(t.title ?? "")}${t.description ? `: ${escape(firstSentence(t.description))}` : ""}</li>`).join("\n");
  const snips = snippets(input.mcpUrl, input.auth)
    .map((s) => `<p>${escape(labels[s.id] ?? s.id)}</p>\n<pre class="snippet" data-client="${s.id}"><code>${escape(s.text)}</code></pre>`)
    .join("\n");
  const h = input.health;
  const state = (r: "ok" | "unreachable"): string => `<span class="${r === "ok" ? "ok" : "down"}">${r === "ok" ? w.ok : w.down}</span>`;
  const health = `<ul class="health"><li>${w.store}: ${state(h.store)}</li><li>${w.provider}: ${state(h.provider)}</li>${h.draining ? `<li class="down">${w.draining}</li>` : ""}</ul>`;
  return `<section lang="${lang}">
<p class="lead">${escape(w.lead)}</p>
<h2>${w.connect}</h2>
<p class="note">${escape(w.keyNote[input.auth])}</p>
${snips}
<h2>${w.health}</h2>
${health}
<h2>${w.tools}</h2>
<ul class="tools">
${tools}
</ul>
</section>`;
}

export function landingPage(input: LandingInput): string {
  const order: ("ru" | "en")[] = input.lang === "ru" ? ["ru", "en"] : ["en", "ru"];
  return `<!doctype html>
<html lang="${order[0]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>T-Bank Hotels MCP</title>
<link rel="icon" href="data:,">
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
h1{font-size:1.6rem}h2{font-size:1.2rem;margin-top:1.6rem}
pre{background:#f4f4f4;padding:.7rem;border-radius:6px;overflow-x:auto;user-select:all}
code{font:14px ui-monospace,monospace}
section+section{border-top:1px solid #ddd;margin-top:2rem}
.ok{color:#116b2f}.down{color:#a31515}.tools li{margin:.2rem 0}.note{color:#444}
</style>
</head>
<body>
<h1>T-Bank Hotels MCP <small>${escape(input.version)}</small></h1>
<p>MCP URL: <code id="mcp-url">${escape(input.mcpUrl)}</code></p>
${order.map((l) => section(l, input)).join("\n")}
</body>
</html>
`;
}

/** ru when the browser ranks Russian above English, else en. */
export function preferredLang(acceptLanguage: string | undefined): "ru" | "en" {
  for (const part of (acceptLanguage ?? "").toLowerCase().split(",")) {
    const tag = part.trim().split(";")[0] ?? "";
    if (tag.startsWith("ru")) return "ru";
    if (tag.startsWith("en")) return "en";
  }
  return "en";
}
