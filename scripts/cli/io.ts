import type { Clock } from "../../shared/time.js";
/** What a command may touch: its output streams and a signal that says "stop now". */
export interface CommandIo {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
  env: Readonly<Record<string, string | undefined>>;
  signal: AbortSignal;
  /** The clock for waits and deadlines; Date.now when absent. */
  now?: Clock;
}
