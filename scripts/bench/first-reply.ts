import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median } from "./stats.js";

export interface FreshServer {
  /** argv after the node binary; `socket` is where it must listen. */
  args(socket: string, root: string): string[];
  env(socket: string, root: string): NodeJS.ProcessEnv;
  /** Lines a client sends at once after connecting; the last one's reply ends the timing. */
  lines: string[];
}

/**
 * What the first client of a freshly started, then idle, server waits: spawn it, wait until its
 * socket answers and one second more, then time hello-and-request to the last reply. Median of runs.
 */
export async function firstReplyMs(server: FreshServer, runs = 5): Promise<number> {
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const root = mkdtempSync(join(tmpdir(), "tbank-first-"));
    mkdirSync(join(root, "run"), { mode: 0o700 });
    const socket = join(root, "run", "s.sock");
    const child = spawn(process.execPath, server.args(socket, root), { stdio: "ignore", env: server.env(socket, root) });
    try {
      await untilListening(socket);
      await new Promise((r) => setTimeout(r, 1000));
      times.push(await timeLines(socket, server.lines));
    } finally {
      child.kill("SIGTERM");
      rmSync(root, { recursive: true, force: true });
    }
  }
  return median(times);
}

async function untilListening(path: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = connect(path, () => (s.destroy(), resolve(true)));
      s.once("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`nothing listens at ${path}`);
}

function timeLines(path: string, lines: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    let seen = 0;
    const s = connect(path, () => s.write(`${lines.join("\n")}\n`));
    s.on("data", (d: Buffer) => {
      for (const byte of d) if (byte === 10) seen++;
      if (seen >= lines.length) {
        s.destroy();
        resolve(performance.now() - start);
      }
    });
    s.once("error", reject);
  });
}
