import { REPEATABLE_STATUSES } from "../../mcp/shared/outcome.js";

// The retryAllowed walk's rules (mcp/shared/outcome.ts defines the flag). A next step is read
// clause by clause: a clause may tell the model to repeat this same call (now, later, after a
// wait), forbid repeating it, or do neither. A repeat gated on a change (fix the fields, another
// tool first, the person logging in, the person asking again) is a new call, not a retry.

/** One answer a tool gave, as the model reads it. */
export interface Observed {
  tool: string;
  status: string;
  retryAllowed: boolean;
  nextStep: string;
}

export type Directive = { kind: "repeat" | "forbid"; clause: string };

const TOOL_NAME = /\btbank_[a-z_]+/gu;
// The same call named outright: "the same fields", "the same execute", "with the same bookingDraftId".
const SAME_CALL = /\bsame (?:call|tool|execute|fields|arguments|request|bookingDraftId)\b/iu;
const AGAIN = /\b(?:again|once more)\b/iu;
// A repeat that names no tool: "try once more", "try later", "ask again in a minute", "before calling tools again", "retry".
const GENERIC_REPEAT = /\b(?:(?:try|ask|call|search|validate|execute|confirm|preview)(?: it| this)? (?:again|once more)|try later|calling tools again|retry|retries)\b/iu;
// Something else comes first, so the repeat is not the same call unchanged. "with other" only before
// what the call is given: "busy with other requests" is the broker's state, not a change.
const GATED =
  /\b(?:then|fix|fixed|corrected|after (?:the person|they|you)|only when|when (?:they|the person|the user) asks?|with (?:another|new|the corrected)|with other (?:arguments|fields|dates|values|guests|rates?|hotels?))\b/iu;
const NEGATION = /\b(?:do not|don't|never|no|not)\b/iu;

const FORBID = /\b(?:no retries|do not retry|never retry|not retry)\b/iu;

/** Sentences and `;`-parts, outside parentheses: "(ask the user; never guess)" stays in its clause. */
function clauses(nextStep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < nextStep.length; i++) {
    const c = nextStep[i];
    if (c === "(") depth++;
    else if (c === ")") depth = Math.max(0, depth - 1);
    else if (depth === 0 && (c === ";" || (c === "." && /\s/u.test(nextStep[i + 1] ?? " ")))) {
      out.push(nextStep.slice(start, i));
      start = i + 1;
    }
  }
  out.push(nextStep.slice(start));
  return out.map((c) => c.trim()).filter((c) => c !== "");
}

/** What one clause says about repeating `tool`'s call, or null when it says nothing about it. */
export function clauseDirective(tool: string, clause: string): Directive["kind"] | null {
  if (FORBID.test(clause)) return "forbid";
  const named: readonly string[] = clause.match(TOOL_NAME) ?? [];
  // A clause about other tools only ("call tbank_hotels_execute_x with the same fields") is not about this one.
  if (named.length > 0 && !named.includes(tool)) return null;
  const same = SAME_CALL.test(clause);
  const repeat = named.includes(tool) ? AGAIN.test(clause) || same : same || GENERIC_REPEAT.test(clause);
  if (!repeat) return null;
  const at = (SAME_CALL.exec(clause) ?? AGAIN.exec(clause) ?? GENERIC_REPEAT.exec(clause))?.index ?? clause.length;
  // The few words before the repeat, back to the last comma, colon or parenthesis: "do not confirm again".
  const lead = clause.slice(0, at).split(/[,:()]/u).pop() ?? "";
  if (NEGATION.test(lead)) return "forbid";
  if (!same && GATED.test(clause)) return null;
  return "repeat";
}

/** Every clause of a next step that says to repeat, or not to repeat, this same call. */
export function directives(tool: string, nextStep: string): Directive[] {
  const out: Directive[] = [];
  for (const clause of clauses(nextStep)) {
    const kind = clauseDirective(tool, clause);
    if (kind !== null) out.push({ kind, clause });
  }
  return out;
}

/** The contradictions between one answer's retryAllowed, its status and its next step. */
export function contradictions(o: Observed): string[] {
  const found: string[] = [];
  const said = directives(o.tool, o.nextStep);
  if (!o.retryAllowed) {
    for (const d of said.filter((x) => x.kind === "repeat")) found.push(`retryAllowed=false but the next step repeats the call: "${d.clause}"`);
    return found;
  }
  if (!REPEATABLE_STATUSES.has(o.status)) found.push(`retryAllowed=true on ${o.status}, whose repeat cannot answer differently`);
  for (const d of said.filter((x) => x.kind === "forbid")) found.push(`retryAllowed=true but the next step forbids repeating: "${d.clause}"`);
  return found;
}

/** The answer's retryAllowed and next step from its structured content, when it has both. */
export function observe(tool: string, structured: unknown): Observed | null {
  if (structured === null || typeof structured !== "object") return null;
  const s = structured as Record<string, unknown>;
  if (typeof s.retryAllowed !== "boolean" || typeof s.status !== "string") return null;
  return { tool, status: s.status, retryAllowed: s.retryAllowed, nextStep: typeof s.nextStep === "string" ? s.nextStep : "" };
}

/** Each distinct (tool, status, retryAllowed) walked, with how often, and each contradiction with how often. */
export function walkReport(walked: readonly Observed[]): { rows: string[]; contradictions: string[] } {
  const count = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  const rows = new Map<string, number>();
  const bad = new Map<string, number>();
  for (const o of walked) {
    count(rows, `${o.tool} ${o.status} retryAllowed=${o.retryAllowed}`);
    for (const c of contradictions(o)) count(bad, `${o.tool} ${o.status}: ${c}`);
  }
  const lines = (m: Map<string, number>) => [...m].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${n}× ${k}`);
  return { rows: lines(rows), contradictions: lines(bad) };
}
