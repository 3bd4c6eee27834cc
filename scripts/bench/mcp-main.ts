import { benchMcp } from "./mcp.js";
import { formatRows } from "./stats.js";

const { rows, journey } = await benchMcp();
process.stdout.write(formatRows("Hotels MCP", rows));
process.stdout.write("Golden journey, per call (text tokens the model reads / structured tokens / ms)\n");
for (const s of journey) process.stdout.write(`  ${s.tool.padEnd(26)} ${s.status.padEnd(16)} ${String(s.textTokens).padStart(5)} / ${String(s.structuredTokens).padStart(5)} / ${s.ms.toFixed(0)} ms\n`);
