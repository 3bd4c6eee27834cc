import { parseArgs } from "node:util";
import { CommandError } from "../errors.js";
import type { CommandIo } from "../io.js";

export const usage = `tbank-mcp demo

Plays the whole product against the embedded sandbox: an isolated broker in a temporary home, a
device login, both MCP servers over stdio, the golden hotel journey and the customer flow. Prints
each tool call with its status, key facts, size in characters and time. Exit 0 only when every step
met its expectation.`;

export async function run(argv: string[], io: CommandIo): Promise<void> {
  parseArgs({ args: argv, strict: true, allowPositionals: false, options: {} });
  // Characters, not o200k tokens: the tokenizer is a devDependency of several MB that a shipped bin
  // must not load; the evals hold the token budgets.
  const { runDemo } = await import("../../demo/run.js");
  const { ok } = await runDemo({ out: (s) => io.stdout.write(s), size: { unit: "chars", of: (t) => t.length } });
  if (!ok) throw new CommandError("the demo did not go as expected (see the transcript above)", 1);
}
