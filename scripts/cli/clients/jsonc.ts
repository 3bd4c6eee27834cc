/**
 * JSON with comments and trailing commas (OpenCode's JSONC) turned into plain JSON: comments are
 * dropped and trailing commas removed, strings left byte for byte. `comments` says whether any
 * comment was there, so the caller can tell the person they are not carried into the rewrite.
 */
export function stripJsonc(text: string): { json: string; comments: boolean } {
  let out = "";
  let comments = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i] ?? "";
    const next = text[i + 1];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === "/" && next === "/") {
      comments = true;
      while (i < text.length && text[i] !== "\n") i++;
    } else if (c === "/" && next === "*") {
      comments = true;
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 2;
    } else if (c === "," && /^\s*[}\]]/.test(rest(text, i + 1))) {
      i++;
    } else {
      out += c;
      i++;
    }
  }
  return { json: out, comments };
}

// What follows a comma, comments removed, as far as the next significant character.
function rest(text: string, from: number): string {
  let i = from;
  for (;;) {
    while (i < text.length && /\s/.test(text[i] ?? "")) i++;
    if (text.startsWith("//", i)) {
      while (i < text.length && text[i] !== "\n") i++;
    } else if (text.startsWith("/*", i)) {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 2;
    } else return text.slice(i, i + 1);
  }
}
