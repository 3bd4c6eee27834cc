// Hotel, room and meal names, addresses, cities and descriptions are third-party text that reaches
// the model in both channels of a tool result. Without this, a newline in a hotel name forges a
// `status=` or `next:` line, an ESC sequence or a bidi override hides text from the person reading
// along, and a markdown link or image becomes something a client renders and follows. Every
// provider string passes here (Hotels MCP journey adapter, broker customer reads) on its way out.

import { missing, type Lang } from "./locale.js";
import { REF_PREFIXES, refBodyLength } from "./refs.js";

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
// model reads (an instruction spelled in TAG characters is read by a model and shown by no screen,
// bytes spelled in variation selectors after an emoji likewise). Format characters (bidi controls,
// zero-width ones), default-ignorables (tags, variation selectors, Hangul fillers), private-use
// code points and noncharacters (no glyph a person can rely on), lone surrogates, and the blanks
// that are symbols or letters (braille blank, Khitan filler). Unassigned code points stay: which
// ones are unassigned follows the runtime's Unicode version, and an older one would delete visible
// newer characters. The prepended concatenation marks are format characters a person sees (the
// Arabic number sign, the Syriac abbreviation mark ...): they stay.
const HIDDEN = String.raw`[[\u{16FE4}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Co}\p{Noncharacter_Code_Point}\p{Cs}\u2800]--[\u0600-\u0605\u06DD\u070F\u0890\u0891\u08E2\u{110BD}\u{110CD}]]`;
// Letters and marks of the scripts whose spelling has a joiner between two of them: ZWNJ in Persian
// (می‌خواهم), ZWJ after a virama in Indic scripts (क्‍ष, Sinhala ශ්‍රී). Removing one changes the
// word a person reads; one alone there carries a bit at most, and a run of them carries nothing.
const JOINING = String.raw`[[[\p{L}\p{M}]--\p{Default_Ignorable_Code_Point}]&&[\p{scx=Arabic}\p{scx=Syriac}\p{scx=Nko}\p{scx=Mongolian}\p{scx=Mandaic}\p{scx=Adlam}\p{scx=Hanifi_Rohingya}\p{scx=Devanagari}\p{scx=Bengali}\p{scx=Gurmukhi}\p{scx=Gujarati}\p{scx=Oriya}\p{scx=Tamil}\p{scx=Telugu}\p{scx=Kannada}\p{scx=Malayalam}\p{scx=Sinhala}\p{scx=Myanmar}]]`;
const MAY_HIDE = new RegExp(HIDDEN, "v");
// A whole RGI emoji sequence is kept as it is (its ZWJs and VS16, and in the three subdivision flags
// their fixed tags: 👨‍👩‍👧, 🏳️‍🌈, ❤️, 1️⃣); a single joiner between joining letters too; any
// other hidden character goes. An emoji sequence the runtime does not know loses its joiners (its
// emoji stay, side by side). Only a sequence with a hidden character needs keeping whole, and there
// one is second, or third after a skin tone, so the emoji set is tried only at such a position.
const HAS_HIDDEN = String.raw`(?=.[\uFE0F\u{E0020}-\u{E007F}\u200D]|.[\u{1F3FB}-\u{1F3FF}]\u200D)`;
const UNSEEN = new RegExp(String.raw`${HAS_HIDDEN}(\p{RGI_Emoji})|(?<=${JOINING})([\u200C\u200D])(?=${JOINING})|${HIDDEN}`, "gv");

function withoutUnseen(text: string): string {
  return MAY_HIDE.test(text) ? text.replace(UNSEEN, (_, emoji?: string, joiner?: string) => emoji ?? joiner ?? "") : text;
}

// A ref a tool takes (bkr_, opt_, jrn_ ... and its body's length) as a whole token, no ref character
// either side: a hotel named "… bkr_<22 chars>" would hand the model a ref the broker never minted.
// Its underscore becomes a space. Only there: "opt_in", "adopt_x" are words. Not in providerData:
// integrators get the provider's exact strings, and the broker's own refs among them.
const REF_TOKEN = new RegExp(
  Object.values(REF_PREFIXES)
    .map(({ prefix, bytes }) => String.raw`(?<![\w-])${prefix}(?=[\w-]{${refBodyLength(bytes)}}(?![\w-]))`)
    .join("|"),
  "g",
);

// One level of nested parentheses in the target, so `[x](javascript:alert(1))` goes whole.
const TARGET = String.raw`\((?:[^()]|\([^()]*\))*\)`;
const IMAGE = new RegExp(String.raw`!\[[^\]]*\]` + TARGET, "g");
const LINK = new RegExp(String.raw`\[([^\]]*)\]` + TARGET, "g");
const AUTOLINK = /<([a-z][a-z0-9+.-]*:[^<>\s]*)>/gi;

export function providerText(value: string, kind: ProviderTextKind): string {
  // Refs after the cut: "bkr_<22 chars>…" cut from a longer word is a ref to a model.
  return withoutRefs(bounded(clean(value), PROVIDER_TEXT_MAX[kind]));
}

function withoutRefs(text: string): string {
  return text.includes("_") ? text.replace(REF_TOKEN, (prefix) => `${prefix.slice(0, -1)} `) : text;
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
// stays a short class, where HIDDEN's is thousands of ranges.
const MAY_CHANGE = /[^ -;=-Z\\^-~\u00a1-\u00ac\u00ae-\u024f\u0400-\u052f\u2010-\u2027\u2030-\u205e\u20a0-\u20bf\u2100-\u214f\u2190-\u21ff\u2600-\u26ff]| {2}|^ | $/;

function clean(value: string): string {
  return MAY_CHANGE.test(value) ? scrubProviderText(value) : value;
}

/** Every rule, on any string (clean() skips it for strings it cannot change; tests hold the two equal). */
export function scrubProviderText(value: string): string {
  const oneLine = value.replace(OSC, "").replace(CSI, "").replace(ESC_OTHER, "").replace(LINE_BREAKS, " ").replace(CONTROLS, "");
  return (
    withoutUnseen(oneLine)
      .replace(IMAGE, "")
      .replace(LINK, "$1")
      .replace(AUTOLINK, "$1")
      // What the patterns above left half-built must not render as a link or an image.
      .replaceAll("](", "] (")
      .replaceAll("![", "! [")
      .replace(/\s+/g, " ")
      .trim()
  );
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

/**
 * Provider words shown where the answer's own vocabulary is expected (a room or meal name we do not
 * recognise): «…», so the model tells them from our translated words and does not pass them off as
 * its own language. One field of a line, like quoted().
 */
export function providerWords(text: string): string {
  return `«${text.replace(FIELD_BREAKS, (c) => (c === '"' ? "'" : "/")).replace(/[«»]/g, "'")}»`;
}

// A code as the provider contract gives them (not_found, early_checkin, SANDBOX10): no space, no
// separator, no digit first, so it cannot read as a price, a column or a second field.
export const PROVIDER_CODE = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;

/** A provider code as it is; any other text as quoted(text), one field of its line. */
export function codeOrQuoted(text: string): string {
  return PROVIDER_CODE.test(text) ? text : quoted(text);
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
  // A cut may part a joiner from its second letter, or an emoji sequence: clean() drops what is left.
  return points.length <= max ? text : `${clean(points.slice(0, max - 1).join(""))}…`;
}
