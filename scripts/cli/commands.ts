import type { CommandIo } from "./io.js";

export interface CommandModule {
  usage: string;
  run(argv: string[], io: CommandIo): Promise<void>;
}

export interface CommandEntry {
  summary: string;
  load(): Promise<CommandModule>;
}

/** The command table. Each command loads lazily, so `tbank-mcp --help` pays for none of them. */
export const COMMANDS: Record<string, CommandEntry> = {
  sandbox: {
    summary: "serve the offline sandbox provider (Hotels API, identity, banking) on 127.0.0.1",
    load: () => import("./commands/sandbox.js"),
  },
};
