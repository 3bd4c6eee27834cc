// A deliberately small TOML subset: enough to write our own tables into a Codex config.toml and to
// find where they sit, while every other line of the file is kept byte for byte. The Codex writer
// checks the result with a real parser (smol-toml) before it replaces a file.

export type TomlValue = string | readonly string[];

const BARE_KEY = /^[A-Za-z0-9_-]+$/;

export function tomlString(value: string): string {
  let out = '"';
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (code < 0x20 || code === 0x7f) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += ch;
  }
  return `${out}"`;
}

export function tomlKey(key: string): string {
  return BARE_KEY.test(key) ? key : tomlString(key);
}

function tomlValue(value: TomlValue): string {
  return typeof value === "string" ? tomlString(value) : `[${value.map(tomlString).join(", ")}]`;
}

export interface TomlTable {
  path: readonly string[];
  entries: ReadonlyArray<readonly [string, TomlValue]>;
}

export function emitTables(tables: readonly TomlTable[]): string {
  return tables.map((t) => [`[${t.path.map(tomlKey).join(".")}]`, ...t.entries.map(([k, v]) => `${tomlKey(k)} = ${tomlValue(v)}`)].join("\n")).join("\n\n") + "\n";
}

/** Parses a dotted key (bare, "basic" or 'literal' segments) from the start of `text`. */
export function parseDottedKey(text: string): { path: string[]; rest: string } | undefined {
  const path: string[] = [];
  let i = 0;
  const skipSpace = (): void => {
    while (text[i] === " " || text[i] === "\t") i++;
  };
  for (;;) {
    skipSpace();
    const c = text[i];
    if (c === '"') {
      const m = /^"((?:[^"\\]|\\.)*)"/.exec(text.slice(i));
      if (!m || m[1] === undefined) return undefined;
      try {
        path.push(JSON.parse(`"${m[1]}"`) as string);
      } catch {
        return undefined;
      }
      i += m[0].length;
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) return undefined;
      path.push(text.slice(i + 1, end));
      i = end + 1;
    } else {
      const m = /^[A-Za-z0-9_-]+/.exec(text.slice(i));
      if (!m) return undefined;
      path.push(m[0]);
      i += m[0].length;
    }
    skipSpace();
    if (text[i] !== ".") return { path, rest: text.slice(i) };
    i++;
  }
}

type Line = { kind: "header"; path: string[]; array: boolean } | { kind: "key"; path: string[] } | { kind: "other" };

function classify(line: string): Line {
  const t = line.trimStart();
  const header = /^(\[\[?)(.*)$/.exec(t);
  if (header?.[1] && header[2] !== undefined) {
    const array = header[1] === "[[";
    const key = parseDottedKey(header[2]);
    const close = array ? "]]" : "]";
    if (key && key.rest.startsWith(close) && /^\s*(#.*)?$/.test(key.rest.slice(close.length))) return { kind: "header", path: key.path, array };
    return { kind: "other" };
  }
  const key = parseDottedKey(t);
  if (key && key.rest.startsWith("=")) return { kind: "key", path: key.path };
  return { kind: "other" };
}

type LexState = "value" | "comment" | "basic" | "literal" | "multiBasic" | "multiLiteral";

/**
 * Where each line starts: inside a multi-line string or an open array / inline table, or at the top
 * level. Strings, escapes and comments are lexed, so a `"""` in a comment or a `[x]` inside a
 * string or a nested array is never taken for a delimiter or a header.
 */
function lineStarts(lines: readonly string[]): boolean[] {
  let state: LexState = "value";
  let depth = 0;
  return lines.map((line) => {
    // A comment or a (malformed) single-line string ends with its line.
    if (state === "comment" || state === "basic" || state === "literal") state = "value";
    const topLevel = state === "value" && depth === 0;
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      const triple = line.startsWith('"""', i) ? '"""' : line.startsWith("'''", i) ? "'''" : undefined;
      if (state === "value") {
        if (c === "#") state = "comment";
        else if (triple !== undefined) {
          state = triple === '"""' ? "multiBasic" : "multiLiteral";
          i += 2;
        } else if (c === '"') state = "basic";
        else if (c === "'") state = "literal";
        else if (c === "[" || c === "{") depth++;
        else if ((c === "]" || c === "}") && depth > 0) depth--;
      } else if (state === "comment") break;
      else if ((state === "basic" || state === "multiBasic") && c === "\\") i++;
      else if (state === "basic" && c === '"') state = "value";
      else if (state === "literal" && c === "'") state = "value";
      else if ((state === "multiBasic" && triple === '"""') || (state === "multiLiteral" && triple === "'''")) {
        // Up to two more quotes belong to the string: the delimiter is the last three.
        const q = line[i] ?? "";
        let run = 3;
        while (run < 5 && line[i + run] === q) run++;
        i += run - 1;
        state = "value";
      }
    }
    return topLevel;
  });
}

/** Lines of `text` classified; a line that starts inside a string or an open value is "other". */
function scan(lines: readonly string[]): Line[] {
  const starts = lineStarts(lines);
  return lines.map((line, i) => (starts[i] ? classify(line) : { kind: "other" }));
}

const startsWith = (path: readonly string[], prefix: readonly string[]): boolean => prefix.every((p, i) => path[i] === p);

export class TomlMergeError extends Error {
  override readonly name = "TomlMergeError";
}

/**
 * Replaces every table at or under each of `owned` with `replacement`, keeping all other lines.
 * The new text goes where the first owned table was, or at the end. Refuses when an owned key is
 * defined some other way (a dotted key or an inline table), since two definitions would be invalid.
 */
export function replaceTables(original: string, owned: readonly (readonly string[])[], replacement: string): string {
  const lines = original.split("\n");
  const kinds = scan(lines);
  const isOwned = (path: readonly string[]): boolean => owned.some((o) => startsWith(path, o));
  const headers = kinds.flatMap((k, i) => (k.kind === "header" ? [{ i, path: k.path, array: k.array }] : []));
  const keep = lines.map(() => true);
  let current: string[] = [];
  kinds.forEach((k, i) => {
    if (k.kind === "header") current = k.path;
    else if (k.kind === "key" && !isOwned(current)) {
      const full = [...current, ...k.path];
      const hit = owned.find((o) => startsWith(full, o) || startsWith(o, full));
      if (hit) throw new TomlMergeError(`${hit.join(".")} is also defined by the key ${full.join(".")} on line ${i + 1}; remove or move it by hand`);
    }
  });
  headers.forEach((h, n) => {
    if (!isOwned(h.path)) return;
    if (h.array) throw new TomlMergeError(`[[${h.path.join(".")}]] is an array of tables; edit it by hand`);
    const next = headers[n + 1];
    let end = next ? next.i : lines.length;
    // Comments and blank lines just before a table that is not ours belong to that table.
    if (!next || !isOwned(next.path)) while (end - 1 > h.i && /^\s*(#.*)?$/.test(lines[end - 1] ?? "")) end--;
    for (let i = h.i; i < end; i++) keep[i] = false;
  });
  const insertAt = headers.find((h) => isOwned(h.path))?.i;
  const block = replacement.replace(/\n+$/, "").split("\n");
  if (insertAt === undefined) {
    const body = original.replace(/\n+$/, "");
    return body === "" ? `${block.join("\n")}\n` : `${body}\n\n${block.join("\n")}\n`;
  }
  const before = lines.slice(0, insertAt).filter((_, i) => keep[i]);
  const after = lines.slice(insertAt).filter((_, i) => keep[insertAt + i]);
  // One blank line between our block and what follows, however many there were.
  while (after.length > 0 && (after[0] ?? "").trim() === "") after.shift();
  while (after.length > 0 && (after[after.length - 1] ?? "") === "") after.pop();
  const out = [...before, ...block, ...(after.length > 0 ? ["", ...after] : [])];
  return `${out.join("\n")}\n`;
}

/** True when `text` has a table at `path` (used by doctor to find our servers). */
export function hasTable(text: string, path: readonly string[]): boolean {
  return scan(text.split("\n")).some((k) => k.kind === "header" && k.path.length === path.length && startsWith(k.path, path));
}
