import { spawnSync } from "node:child_process";
import { median, ms, percentile, type BenchRow } from "./stats.js";

function time(args: string[]): number {
  const started = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
  if (r.status !== 0) throw new Error(`${args.join(" ")} exited ${r.status}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** Cold start of the bundled CLI against a bare Node process, interleaved so machine noise hits both. */
export function benchColdStart(runs = 25): BenchRow[] {
  const bare: number[] = [];
  const cli: number[] = [];
  time(["-e", ""]);
  for (let i = 0; i < runs; i++) {
    bare.push(time(["-e", ""]));
    cli.push(time(["dist/tbank-mcp.js", "--version"]));
  }
  return [
    { name: "tbank-mcp --version (median)", figure: ms(median(cli)), anchor: `node -e "" ${ms(median(bare))}`, ratio: median(cli) / median(bare), goal: "<= 2x" },
    { name: "tbank-mcp --version (p99)", figure: ms(percentile(cli, 99)), anchor: `node -e "" ${ms(percentile(bare, 99))}`, ratio: percentile(cli, 99) / percentile(bare, 99) },
  ];
}
