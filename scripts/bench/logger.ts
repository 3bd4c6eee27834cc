import pino from "pino";
import { createLogger, SecretRegistry } from "../../shared/logger.js";
import { ms, type BenchRow } from "./stats.js";

function run(log: pino.Logger, lines: number): number {
  const started = performance.now();
  for (let i = 0; i < lines; i++) {
    log.info({ op: "hotels.list_bookings", role: "hotels", peer: { pid: 1234, uid: 1000 }, durationMs: i % 50, outcome: "ok" }, "request");
  }
  return performance.now() - started;
}

/** Cost of path redaction plus value scrubbing, against plain pino writing the same lines. */
export function benchLogger(lines = 50_000): BenchRow[] {
  let bytes = 0;
  const sink = { write: (s: string) => void (bytes += s.length) };
  const secrets = new SecretRegistry();
  for (let i = 0; i < 16; i++) secrets.add(`at_${i}_${"x".repeat(32)}`);
  const plain = pino({ level: "info" }, sink);
  const redacting = createLogger({ destination: sink, secrets });
  run(plain, 2000);
  run(redacting, 2000);
  const anchor = run(plain, lines);
  const ours = run(redacting, lines);
  return [
    {
      name: `redacting logger, ${lines} lines`,
      figure: `${ms(ours)} (${((ours * 1000) / lines).toFixed(2)} us/line)`,
      anchor: `plain pino ${ms(anchor)}`,
      ratio: ours / anchor,
    },
  ];
}
