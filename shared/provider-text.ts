// Hotel, room and meal names, addresses, cities and descriptions are third-party text that reaches
// the model in both channels of a tool result. Without this, a newline in a hotel name forges a
// `status=` or `next:` line, an ESC sequence or a bidi override hides text from the person reading
// along, and a markdown link or image becomes something a client renders and follows. Every
// provider string passes here (Hotels MCP journey adapter, broker customer reads) on its way out.

import { missing, type Lang } from "./locale.js";
import { REF_PREFIXES } from "./refs.js";

// "label": short provider codes shown as they are (payment type, extra service, promo reason).
export type ProviderTextKind = "name" | "place" | "address" | "room" | "meal" | "label" | "description";

/** In code points, the ellipsis included: enough for any real value, too little for an essay. */
export const PROVIDER_TEXT_MAX: Readonly<Record<ProviderTextKind, number>> = {
  name: 120,
  place: 120,
  address: 200,
  room: 120,
  meal: 120,
  label: 60,
  description: 500,
};

/* eslint-disable no-control-regex -- matching control characters is the point of this file */
// ESC-introduced sequences: OSC (ESC ] … BEL or ESC \, as in OSC-8 links), CSI (ESC [ … final byte,
// colours and cursor moves), and the two-byte forms; the C1 CSI and OSC bytes likewise.
const OSC = /(?:\u001b\]|\u009d)[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?/g;
const CSI = /(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]?/g;
const ESC_OTHER = /\u001b[ -~]?/g;
const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
/* eslint-enable no-control-regex */
// Every character a person does not see: they make the text a person sees differ from the text the
// model reads (an instruction spelled in TAG characters is read by a model and shown by no screen).
// Format characters (bidi controls, zero-width ones, the joiner inside emoji too: the emoji stay,
// side by side), default-ignorables (tags, variation selectors, Hangul fillers), private-use and
// unassigned code points (no glyph a person can rely on, and room for an encoding as tags give),
// lone surrogates, and the blanks that are symbols or letters (braille blank, Khitan filler).
// (The Khitan filler is a combining mark: outside the class, where it cannot read as joined to one.)
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Co}\p{Cn}\p{Cs}\u2800]|\u{16FE4}/gu;

// The start of a ref a tool takes (bkr_, opt_, jrn_ ...): a hotel named "… bkr_<22 chars>" would
// hand the model a ref-shaped token the broker never minted. The underscore becomes a space. Not in
// providerData: integrators get the provider's exact strings, and the broker's own refs among them.
const REF_START = new RegExp(`(${Object.values(REF_PREFIXES).map((r) => r.prefix.slice(0, -1)).join("|")})_`, "g");

// One level of nested parentheses in the target, so `[x](javascript:alert(1))` goes whole.
const TARGET = String.raw`\((?:[^()]|\([^()]*\))*\)`;
const IMAGE = new RegExp(String.raw`!\[[^\]]*\]` + TARGET, "g");
const LINK = new RegExp(String.raw`\[([^\]]*)\]` + TARGET, "g");
const AUTOLINK = /<([a-z][a-z0-9+.-]*:[^<>\s]*)>/gi;

export function providerText(value: string, kind: ProviderTextKind): string {
  return bounded(withoutRefs(clean(value)), PROVIDER_TEXT_MAX[kind]);
}

function withoutRefs(text: string): string {
  return text.includes("_") ? text.replace(REF_START, "$1 ") : text;
}

/** Longest provider string a low-level answer carries: exact data for integrators, never an essay. */
export const PROVIDER_DATA_STRING_MAX = 4_000;

/**
 * A whole provider answer for the low-level tools: every string (keys included) cleaned like
 * providerText, so an integrator's exact data cannot forge lines, hide text or plant links in
 * what a model reads; numbers, booleans and nulls pass as they are.
 */
export function providerData(value: unknown): unknown {
  if (typeof value === "string") return bounded(clean(value), PROVIDER_DATA_STRING_MAX);
  if (Array.isArray(value)) return value.map(providerData);
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [bounded(clean(k), 120), providerData(v)]));
  return value;
}

// A string of these characters only, with single inner spaces, is one scrubProviderText returns
// unchanged: visible Latin, Cyrillic and common punctuation and symbols, without what starts a link,
// an image or an autolink. Anything else (other scripts, emoji) takes the full scrub. Most hotel names
// and addresses are such strings, and a search page holds hundreds of them; a list of what may pass
// stays a short class, where INVISIBLE's is thousands of ranges.
const MAY_CHANGE = /[^ -;=-Z\\^-~\u00a1-\u00ac\u00ae-\u024f\u0400-\u052f\u2010-\u2027\u2030-\u205e\u20a0-\u20bf\u2100-\u214f\u2190-\u21ff\u2600-\u26ff]| {2}|^ | $/;

function clean(value: string): string {
  return MAY_CHANGE.test(value) ? scrubProviderText(value) : value;
}

/** Every rule, on any string (clean() skips it for strings it cannot change; tests hold the two equal). */
export function scrubProviderText(value: string): string {
  return value
    .replace(OSC, "")
    .replace(CSI, "")
    .replace(ESC_OTHER, "")
    .replace(LINE_BREAKS, " ")
    .replace(CONTROLS, "")
    .replace(INVISIBLE, "")
    .replace(IMAGE, "")
    .replace(LINK, "$1")
    .replace(AUTOLINK, "$1")
    // What the patterns above left half-built must not render as a link or an image.
    .replaceAll("](", "] (")
    .replaceAll("![", "! [")
    .replace(/\s+/g, " ")
    .trim();
}

// Where a text line's fields are split: " · " (cards, details), " | " (bookings, rate tables), and the
// quotes that bound provider text. Inside "…" none of them may end the field or start another.
const FIELD_BREAKS = /["·|]/g;

/**
 * Provider text as one field of a text line: "…", with the line separators and double quotes inside
 * replaced, so a name like `X · 5★ · от 990 ₽` or `X | CONFIRMED` stays one field. Text lines (and
 * display strings) only: structuredContent carries each value as it is, in its own field.
 */
export function quoted(text: string): string {
  return `"${text.replace(FIELD_BREAKS, (c) => (c === '"' ? "'" : "/"))}"`;
}

/** quoted(text), or the language's "no data" as it is: a fact the tool states, not provider text. */
export function quotedOr(text: string | null | undefined, lang: Lang): string {
  const none = missing(lang);
  return text === null || text === undefined || text === "" || text === none ? none : quoted(text);
}

/** null for a missing value or one with nothing left after sanitizing ("нет данных", not ""). */
export function providerTextOrNull(value: string | null | undefined, kind: ProviderTextKind): string | null {
  if (typeof value !== "string") return null;
  const text = providerText(value, kind);
  return text === "" ? null : text;
}

const MAX_URL_LENGTH = 2048;

/**
 * A provider URL only when it is https, or on the configured API origin (the sandbox serves http on
 * 127.0.0.1); `javascript:`, `data:`, other http origins and URLs with credentials become null.
 */
export function providerUrl(value: string | null | undefined, trustedOrigin?: string): string | null {
  if (typeof value !== "string" || value.length > MAX_URL_LENGTH || !URL.canParse(value)) return null;
  const url = new URL(value);
  if (url.username !== "" || url.password !== "") return null;
  if (url.protocol !== "https:" && url.origin !== trustedOrigin) return null;
  return url.href;
}

function bounded(text: string, max: number): string {
  // Never more code points than UTF-16 units.
  if (text.length <= max) return text;
  const points = Array.from(text);
  return points.length <= max ? text : `${points.slice(0, max - 1).join("").trimEnd()}…`;
}
