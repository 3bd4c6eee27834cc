import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { addDays } from "../../shared/time.js";
import type { JourneyClient } from "./mcp.js";
import { median, ms, type BenchRow } from "./stats.js";
import { tokens } from "./tokens.js";

/** Each channel of one price calendar answer, like any single answer of the journey. */
export const FLEX_ANSWER_GOAL_TOKENS = 2000;
const DATES = 6;

export interface FlexBench {
  /** The timing rows; the token figures go to the caller's goals (a missed one fails the run). */
  rows: BenchRow[];
  textTokens: number;
  structuredTokens: number;
}

/**
 * find_stay_dates over six Казань check-ins against a sandbox whose search pages take `pageMs`
 * each: its wall time against the sum of its provider calls (what the same requests cost one
 * after another) and against that sum spread over the limiter's `slots` (the parallel floor).
 * Each run asks other dates, so the 30 s search cache never answers; the first warms the code.
 */
export async function benchFlexDates(c: JourneyClient, pageMs: number, slots: number, today: string): Promise<FlexBench> {
  const walls: number[] = [];
  let requests = 0;
  let text = "";
  let structured = "";
  for (let run = 0; run < 4; run++) {
    const checkinFrom = addDays(today, 10 + run * DATES);
    const args = { destination: "Казань", rooms: [{ adults: 2 }], checkinFrom, checkinTo: addDays(checkinFrom, DATES - 1), nights: 1 };
    const started = performance.now();
    const r = (await c.callTool({ name: "tbank_hotels_find_stay_dates", arguments: args })) as CallToolResult;
    const took = performance.now() - started;
    const data = (r.structuredContent ?? {}) as { status?: string; coverage?: { providerRequests?: number; notSearched?: string[] } };
    if (data.status !== "ok" || (data.coverage?.notSearched?.length ?? 1) > 0) throw new Error(`find_stay_dates did not search the whole window: ${JSON.stringify(data).slice(0, 300)}`);
    requests = data.coverage?.providerRequests ?? 0;
    text = r.content.map((x) => (x.type === "text" ? x.text : "")).join("\n");
    structured = JSON.stringify(data);
    if (run > 0) walls.push(took);
  }
  const wall = median(walls);
  const sum = requests * pageMs;
  const textTokens = tokens(text);
  const structuredTokens = tokens(structured);
  return {
    textTokens,
    structuredTokens,
    rows: [
      { name: `find_stay_dates Казань, ${DATES} dates, ${requests} pages x ${pageMs} ms (median)`, figure: ms(wall), anchor: `latency sum ${ms(sum)}`, ratio: wall / sum, goal: "<= 1.15x" },
      { name: `find_stay_dates vs the sum over ${slots} limiter slots`, figure: ms(wall), anchor: `parallel floor ${ms(sum / slots)}`, ratio: wall / (sum / slots) },
    ],
  };
}
