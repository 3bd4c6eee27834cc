import { parseArgs } from "node:util";
import { CommandError } from "../errors.js";
import type { CommandIo } from "../io.js";

export const usage = `tbank-mcp demo

Plays the whole product against the embedded sandbox: an isolated broker in a temporary home, a
device login, both MCP servers over stdio, the golden hotel journey and the customer flow. Prints
each tool call with its status, key facts, size in tokens and time. Exit 0 only when every step
met its expectation.`;

export async function run(argv: string[], io: CommandIo): Promise<void> {
  parseArgs({ args: argv, strict: true, allowPositionals: false, options: {} });
  const [{ runDemo }, { getEncoding }] = await Promise.all([import("../../demo/run.js"), import("js-tiktoken")]);
  const o200k = getEncoding("o200k_base");
  const { ok } = await runDemo({ out: (s) => io.stdout.write(s), tokens: (t) => o200k.encode(t).length });
  if (!ok) throw new CommandError("the demo did not go as expected (see the transcript above)", 1);
}
