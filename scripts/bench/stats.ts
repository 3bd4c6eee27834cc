/** Small helpers so every benchmark prints figures the same way: median, p99 and a ratio to its anchor. */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export function median(samples: readonly number[]): number {
  return percentile(samples, 50);
}

export interface BenchRow {
  name: string;
  figure: string;
  anchor: string;
  ratio: number;
  goal?: string;
}

export function formatRows(title: string, rows: readonly BenchRow[]): string {
  const lines = rows.map((r) => `  ${r.name.padEnd(34)} ${r.figure.padEnd(22)} anchor ${r.anchor.padEnd(26)} ratio ${r.ratio.toFixed(2)}x${r.goal ? `  (goal ${r.goal})` : ""}`);
  return `${title}\n${lines.join("\n")}\n`;
}

export function ms(value: number): string {
  return `${value.toFixed(2)} ms`;
}

export function us(milliseconds: number): string {
  return `${(milliseconds * 1000).toFixed(1)} µs`;
}
