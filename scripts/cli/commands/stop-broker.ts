import { lstat } from "node:fs/promises";
import { parseArgs } from "node:util";
import { connectIfRunning, loadConfig, sleep } from "../broker-access.js";
import { CommandError } from "../errors.js";
import type { CommandIo } from "../io.js";

export const usage = `tbank-mcp stop-broker

Asks a running auth broker to stop and waits (at most 5 s) until its socket is gone. The session
stays stored: the next tbank-mcp login or customer tool call resumes it. Never starts a broker.`;

export const STOP_WAIT_MS = 5000;

async function socketExists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw err;
  }
}

export async function stopBroker(io: CommandIo): Promise<{ wasRunning: boolean; pid?: number }> {
  const config = loadConfig(io.env);
  const conn = await connectIfRunning(config);
  if (!conn) {
    io.stdout.write("No auth broker is running; nothing to stop.\n");
    return { wasRunning: false };
  }
  let pid: number;
  try {
    pid = (await conn.call("broker.status", {})).pid;
    await conn.call("broker.stop", {});
  } finally {
    conn.close();
  }
  const deadline = Date.now() + STOP_WAIT_MS;
  while (await socketExists(config.broker.socketPath)) {
    if (Date.now() >= deadline) throw new CommandError(`the broker (pid ${pid}) accepted the stop but its socket is still there after ${STOP_WAIT_MS / 1000} s`);
    await sleep(50, io.signal);
  }
  io.stdout.write(`Stopped the auth broker (pid ${pid}). The session stays stored; tbank-mcp logout ends it.\n`);
  return { wasRunning: true, pid };
}

export async function run(argv: string[], io: CommandIo): Promise<void> {
  parseArgs({ args: argv, strict: true, allowPositionals: false, options: {} });
  await stopBroker(io);
}
