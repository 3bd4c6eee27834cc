import { socketIdentity } from "../server/socket-setup.js";

/**
 * Every interval, checks that the socket path still names the socket this broker created. If it
 * was removed or replaced (another broker, a cleanup script), this broker is no longer reachable
 * and must step down rather than keep a session nobody can use.
 */
export function startSelfCheck(opts: {
  socketPath: string;
  identity: { dev: number; ino: number };
  intervalMs?: number;
  onLost(reason: string): void;
}): { stop(): void; checkNow(): Promise<boolean> } {
  const checkNow = async (): Promise<boolean> => {
    const now = await socketIdentity(opts.socketPath);
    if (now && now.dev === opts.identity.dev && now.ino === opts.identity.ino) return true;
    opts.onLost(now ? "the socket path now names another socket" : "the socket file is gone");
    return false;
  };
  const timer = setInterval(() => void checkNow(), opts.intervalMs ?? 60_000);
  timer.unref();
  return { stop: () => clearInterval(timer), checkNow };
}
