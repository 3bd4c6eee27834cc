// RFC 5545 content lines: TEXT escaping (3.3.11), folding at 75 octets (3.1), CRLF endings. The
// broker writes every calendar file through these, so no provider text can end a property early
// or start a new one.

const MAX_OCTETS = 75;
// Control characters other than HTAB are not allowed in TEXT; a line break becomes "\n" instead.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** A TEXT value: backslash, semicolon and comma escaped, any line break as "\n". */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n?|\u2028|\u2029/g, "\n")
    .replace(CONTROL, "")
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\n/g, "\\n");
}

/** One logical line folded into physical lines of at most 75 octets, never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, "utf8");
    // A continuation line starts with one space, which counts towards its 75 octets.
    const limit = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** A calendar object from its logical lines: each folded, each ended by CRLF. */
export function calendarText(lines: readonly string[]): string {
  return lines.map((line) => `${foldLine(line)}\r\n`).join("");
}

const pad = (n: number, width = 2): string => String(n).padStart(width, "0");

/** An instant in UTC form, e.g. 20270301T150000Z (DTSTAMP and alarm triggers must be UTC). */
export function utcDateTime(epochMs: number): string {
  const d = new Date(epochMs);
  return `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;
}

/** A wall-clock time without a zone, e.g. 20270305T140000: floating, or read with a TZID. */
export function localDateTime(isoDate: string, hhmm: string): string {
  return `${isoDate.replaceAll("-", "")}T${hhmm.replace(":", "")}00`;
}

/** A DATE value, e.g. 20270305. */
export function dateValue(isoDate: string): string {
  return isoDate.replaceAll("-", "");
}

/** "+0500" from minutes east of UTC (UTC-OFFSET, 3.3.14). */
export function utcOffsetValue(offsetMinutes: number): string {
  const abs = Math.abs(offsetMinutes);
  return `${offsetMinutes < 0 ? "-" : "+"}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}
