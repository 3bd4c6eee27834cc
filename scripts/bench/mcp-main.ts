import { benchMcp } from "./mcp.js";
import { formatRows } from "./stats.js";
import { benchTrips } from "./trips.js";

const { rows, journey, goals } = await benchMcp();
process.stdout.write(formatRows("Hotels MCP", rows));
process.stdout.write("Golden journey, per call (text tokens / structured tokens / ms)\n");
for (const s of journey) process.stdout.write(`  ${s.tool.padEnd(26)} ${s.status.padEnd(16)} ${String(s.textTokens).padStart(5)} / ${String(s.structuredTokens).padStart(5)} / ${s.ms.toFixed(0)} ms\n`);
process.stdout.write(formatRows("Trips as resources, prompts (signed in, 7 bookings; o200k)", await benchTrips()));
// A missed token goal fails the run (the timing rows stay informational: they vary by machine).
const missed = goals.filter((g) => g.tokens > g.goal);
for (const g of missed) process.stderr.write(`GOAL MISSED: ${g.name}: ${g.tokens} tokens > ${g.goal}\n`);
if (missed.length > 0) process.exitCode = 1;
