import { spawn } from "node:child_process";

const INIT = `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "1" } } })}\n`;
const LIST = `${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n${JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" })}\n`;

/** Spawn → initialize → tools/list answered, in ms; also returns the tools/list line. */
export function coldStart(args: string[], env: NodeJS.ProcessEnv): Promise<{ ms: number; toolsList: string }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { env, stdio: ["pipe", "pipe", "ignore"] });
    let buf = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${args.join(" ")} did not answer tools/list`));
    }, 15_000);
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (d: string) => {
      buf += d;
      let i: number;
      while ((i = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        const id = (JSON.parse(line) as { id?: number }).id;
        if (id === 1) child.stdin.write(LIST);
        if (id === 2) {
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          clearTimeout(timer);
          child.kill("SIGKILL");
          resolve({ ms, toolsList: line });
        }
      }
    });
    child.once("error", reject);
    child.stdin.write(INIT);
  });
}
