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
  setup: { summary: "create private directories and write MCP client configuration (no secrets)", load: () => import("./commands/setup.js") },
  doctor: { summary: "check everything at once and say how to fix each problem", load: () => import("./commands/doctor.js") },
  login: { summary: "sign in to the bank through the auth broker (device code)", load: () => import("./commands/login.js") },
  logout: { summary: "end the session: revoke, wipe, drop refs and vouchers", load: () => import("./commands/logout.js") },
  "stop-broker": { summary: "stop a running auth broker (never starts one)", load: () => import("./commands/stop-broker.js") },
  status: { summary: "broker, session, store backend, live refs", load: () => import("./commands/status.js") },
  approve: { summary: "approve or deny, in this terminal, a write a model asked for", load: () => import("./commands/approve.js") },
  config: { summary: "print one client's MCP configuration", load: () => import("./commands/config.js") },
  "http-key": { summary: "add, list or revoke API keys of the remote Hotels MCP (--http)", load: () => import("./commands/http-key.js") },
  sandbox: {
    summary: "serve the offline sandbox provider (Hotels API, identity, banking) on 127.0.0.1",
    load: () => import("./commands/sandbox.js"),
  },
  demo: { summary: "play the whole product against the sandbox, with a transcript", load: () => import("./commands/demo.js") },
};
