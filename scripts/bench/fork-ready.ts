import { fork, type ChildProcess } from "node:child_process";

export interface ReadyChild<T> {
  child: ChildProcess;
  /** The first IPC message the child sent: it says it is ready, and how to reach it. */
  ready: T;
  /** Disconnects it (it exits when its parent goes) and waits for its exit, SIGKILL after 5 s. */
  stop: () => Promise<void>;
}

/**
 * Forks a bench helper (dist/<script>) and waits for its first message. A child that exits, never
 * starts (EAGAIN reports "error" and no "exit") or stays silent for `timeoutMs` is stopped and fails
 * the wait, so a bench never hangs on a helper nor leaves one behind.
 */
export async function forkReady<T>(script: string, args: readonly string[], label: string, timeoutMs = 15_000): Promise<ReadyChild<T>> {
  const child = fork(script, [...args], { stdio: ["ignore", "ignore", "inherit", "ipc"] });
  const exited = new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    // A later error (a failed kill) leaves a running child, which only its exit ends.
    child.on("error", () => {
      if (child.pid === undefined) resolve();
    });
  });
  const stop = (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    if (child.connected) child.disconnect();
    const kill = setTimeout(() => child.kill("SIGKILL"), 5000);
    return exited.finally(() => clearTimeout(kill));
  };
  let timer: NodeJS.Timeout | undefined;
  try {
    const ready = await Promise.race([
      new Promise<T>((resolve) => child.once("message", (m) => resolve(m as T))),
      exited.then(() => Promise.reject(new Error(`${label} exited before it was ready`))),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${label} was not ready in ${timeoutMs} ms`)), timeoutMs))),
    ]);
    return { child, ready, stop };
  } catch (err) {
    await stop();
    throw err;
  } finally {
    clearTimeout(timer);
  }
}
