import { stripJsonc } from "./jsonc.js";
import { ClientFileError } from "./types.js";

type JsonObject = Record<string, unknown>;

const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

export function parseJsonObject(text: string | undefined, what: string): JsonObject {
  if (text === undefined || text.trim() === "") return {};
  let parsed: unknown;
  try {
    // Comments and trailing commas are read (OpenCode's files are JSONC); the rewrite is plain JSON.
    parsed = JSON.parse(stripJsonc(text).json);
  } catch {
    throw new ClientFileError(`${what} is not valid JSON or JSONC; fix it or add the servers by hand`);
  }
  if (!isObject(parsed)) throw new ClientFileError(`${what} does not hold a JSON object`);
  return parsed;
}

/** Keeps the file's own indentation so a merge does not reformat a hand-written file. */
function indentOf(text: string | undefined): string {
  const m = text === undefined ? null : /^[{[][^\n]*\n([ \t]+)\S/.exec(text);
  return m?.[1] ?? "  ";
}

/** Sets `section.<name>` for each entry, keeping every other key and its order. */
export function mergeJsonSection(existing: string | undefined, what: string, section: string, entries: Record<string, unknown>, initial: JsonObject = {}): string {
  const doc = existing === undefined || existing.trim() === "" ? { ...initial } : parseJsonObject(existing, what);
  const current = doc[section] ?? {};
  if (!isObject(current)) throw new ClientFileError(`${what}: "${section}" is not an object`);
  doc[section] = { ...current, ...entries };
  return `${JSON.stringify(doc, null, indentOf(existing))}\n`;
}

export function sectionKeys(text: string, section: string): string[] {
  try {
    const doc: unknown = JSON.parse(stripJsonc(text).json);
    const s = isObject(doc) ? doc[section] : undefined;
    return isObject(s) ? Object.keys(s) : [];
  } catch {
    return [];
  }
}

/** Said after a rewrite of a file that had comments: they are not carried over, the backup has them. */
export function commentsNote(existing: string | undefined): string | undefined {
  return existing !== undefined && stripJsonc(existing).comments ? "its comments were not carried into the rewrite (JSON has no place for them); the backup keeps them" : undefined;
}
