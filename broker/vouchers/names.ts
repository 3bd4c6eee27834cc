import { SAVED_VOUCHER_NAME } from "../../shared/paths.js";

// File names come from a fresh random id, never from the order: a directory listing shows nothing
// about whose booking it is. Only names of these shapes are ever swept or deleted.
const ID = "[A-Za-z0-9_-]{22}";
const FINAL = SAVED_VOUCHER_NAME;
const TEMP = new RegExp(`^\\.voucher-${ID}\\.tmp$`);

export function finalName(id: string): string {
  return `voucher-${id}.pdf`;
}

export function tempName(id: string): string {
  return `.voucher-${id}.tmp`;
}

export function classifyName(name: string): "final" | "temp" | undefined {
  if (FINAL.test(name)) return "final";
  if (TEMP.test(name)) return "temp";
  return undefined;
}
