import { COMMANDS } from "./commands.js";
import { CommandError, UsageError } from "./errors.js";
import type { CommandIo } from "./io.js";
import { TOOLKIT_VERSION } from "../../shared/version.js";
import { closest } from "./suggest.js";

/** node:util's unknown-option message is long; say which option and the one meant, if any. */
function usageMessage(message: string, usage: string): string {
  const unknown = /^Unknown option '(-[^']*)'/.exec(message)?.[1];
  if (unknown === undefined) return message.replace(/\s*\n\s*/g, " ").trim();
  const options = [...new Set(usage.match(/--[a-z][a-z-]*/g) ?? [])];
  const guess = closest(unknown.split("=")[0] ?? unknown, options);
  return `unknown option ${unknown}${guess === undefined ? "" : `; did you mean ${guess}?`}`;
}

function help(): string {
  const rows = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(12)} ${c.summary}`);
  return `tbank-mcp ${TOOLKIT_VERSION}: toolkit for the T-Bank Hotels MCP servers and the auth broker\n\nUsage: tbank-mcp <command> [options]\n\nCommands:\n${rows.join("\n")}\n\nRun tbank-mcp <command> --help for a command's options.\n`;
}

/** The one place that turns outcomes into exit codes. */
export async function main(argv: string[], io: CommandIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io.stdout.write(help());
    return name === undefined ? 2 : 0;
  }
  if (name === "--version" || name === "-v") {
    io.stdout.write(`${TOOLKIT_VERSION}\n`);
    return 0;
  }
  const entry = COMMANDS[name];
  if (!entry) {
    const guess = closest(name, Object.keys(COMMANDS));
    io.stderr.write(`tbank-mcp: unknown command ${JSON.stringify(name)}${guess === undefined ? "" : `; did you mean ${guess}?`}\n\n${help()}`);
    return 2;
  }
  const command = await entry.load();
  if (rest.includes("--help") || rest.includes("-h")) {
    io.stdout.write(`${command.usage}\n`);
    return 0;
  }
  try {
    await command.run(rest, io);
    return 0;
  } catch (err) {
    if (err instanceof UsageError || (err instanceof TypeError && "code" in err && String(err.code).startsWith("ERR_PARSE_ARGS"))) {
      // One plain line: the mistake, and where the options are listed; the usage text would bury it.
      io.stderr.write(`tbank-mcp ${name}: ${usageMessage(err.message, command.usage)} (tbank-mcp ${name} --help lists the options)\n`);
      return 2;
    }
    if (err instanceof CommandError) {
      io.stderr.write(`tbank-mcp ${name}: ${err.message}\n`);
      return err.exitCode;
    }
    io.stderr.write(`tbank-mcp ${name}: unexpected failure: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}
