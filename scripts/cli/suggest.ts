/** Levenshtein distance, small inputs only (command and option names). */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row.push(Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = row;
  }
  return prev[b.length] ?? 0;
}

/**
 * The closest known name, if it is close enough to be what was meant: at most a third of its
 * letters off (two for short names), or the typed word is a prefix of exactly one name.
 */
export function closest(typed: string, names: readonly string[]): string | undefined {
  const word = typed.toLowerCase();
  const prefixed = names.filter((n) => word.length >= 2 && n.startsWith(word));
  if (prefixed.length === 1) return prefixed[0];
  let best: { name: string; d: number } | undefined;
  for (const name of names) {
    const d = distance(word, name);
    if (d <= Math.max(2, Math.floor(name.length / 3)) && (best === undefined || d < best.d)) best = { name, d };
  }
  return best?.name;
}
