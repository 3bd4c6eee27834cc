import { parseArgs } from "node:util";
import type { BrokerStatusResult } from "../../../shared/protocol/ops-broker.js";
import { BROKER_BUSY_FIX, findBroker, loadConfig } from "../broker-access.js";
import type { CommandIo } from "../io.js";

export const usage = `tbank-mcp status [--json]

Shows the auth broker (pid, version), the session state, the session store backend and the counts
of live booking references and payment capabilities. Never starts a broker and never shows a token.
--json prints the status object ({"running": false, ...} when no broker runs, {"running": true,
"busy": true, ...} when it runs with every connection in use).`;

export interface StatusOptions {
  json: boolean;
}

export type StatusReport = ({ running: true } & BrokerStatusResult) | { running: true; busy: true; socketPath: string } | { running: false; socketPath: string };

export async function status(options: StatusOptions, io: CommandIo): Promise<StatusReport> {
  const config = loadConfig(io.env);
  const found = await findBroker(config);
  let report: StatusReport;
  if (found.state === "absent") {
    report = { running: false, socketPath: config.broker.socketPath };
  } else if (found.state === "busy") {
    report = { running: true, busy: true, socketPath: config.broker.socketPath };
  } else {
    try {
      report = { running: true, ...(await found.conn.call("broker.status", {})) };
    } finally {
      found.conn.close();
    }
  }
  if (options.json) io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else io.stdout.write(describe(report));
  return report;
}

function describe(report: StatusReport): string {
  if (!report.running) {
    return `broker:   not running (socket ${report.socketPath})\n          tbank-mcp login starts it; so does the first customer tool call\n`;
  }
  if ("busy" in report) return `broker:   running, busy: all its connections are in use (socket ${report.socketPath})\n          ${BROKER_BUSY_FIX}\n`;
  const store = report.storeBackend === undefined ? "not opened" : `${report.storeBackend}${report.storeNote ? ` (${report.storeNote})` : ""}`;
  return [
    `broker:   running, pid ${report.pid}, version ${report.brokerVersion} (protocol ${report.protocol}), since ${report.startedAt}`,
    `socket:   ${report.socketPath}`,
    `session:  ${report.state}${report.refreshInterrupted === true ? " (a refresh was cut off by a crash; that session was ended)" : ""}${report.state === "mobile_login_required" ? " (run tbank-mcp login)" : ""}`,
    `store:    ${store}`,
    `live:     ${report.activeRefs.bookingRefs} booking refs, ${report.activeRefs.paymentHandoffs} payment capabilities, ${report.connections} connections`,
    "",
  ].join("\n");
}

export async function run(argv: string[], io: CommandIo): Promise<void> {
  const { values } = parseArgs({ args: argv, strict: true, allowPositionals: false, options: { json: { type: "boolean" } } });
  await status({ json: values.json ?? false }, io);
}
