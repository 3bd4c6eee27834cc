import { randomInt } from "node:crypto";

// RFC 8628 §6.1: consonants only (no vowels, so no words) and no look-alikes such as I/1 or O/0.
const ALPHABET = "BCDFGHJKLMNPQRSTVWXZ";

export function generateUserCode(pick: (n: number) => number = randomInt): string {
  let code = "";
  for (let i = 0; i < 8; i++) code += ALPHABET[pick(ALPHABET.length)] ?? "B";
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** People retype codes: case and punctuation do not matter. */
export function normalizeUserCode(input: string): string {
  return input.toUpperCase().replace(/[^A-Z0-9]/g, "");
}
