import { describe, expect, it } from "vitest";
import { createLineLogger } from "../../shared/line-logger.js";
import { createLogger, SecretRegistry } from "../../shared/logger.js";

const CANARY = "CANARY-91be4d07aa";

function capture() {
  const lines: string[] = [];
  return { lines, destination: { write: (line: string) => void lines.push(line) } };
}

describe("the broker's start-up line logger", () => {
  it("writes the line pino writes for the same call", () => {
    const pinoOut = capture();
    const ours = capture();
    const secrets = new SecretRegistry();
    createLogger({ destination: pinoOut.destination, secrets, name: "broker" }).warn({ socketPath: "/run/x/auth.sock", nested: { n: 1 } }, "socket path is no longer ours");
    createLineLogger({ destination: ours.destination, secrets, name: "broker", now: () => 1_800_000_000_000 }).warn({ socketPath: "/run/x/auth.sock", nested: { n: 1 } }, "socket path is no longer ours");
    const theirs = JSON.parse(pinoOut.lines.join("")) as Record<string, unknown>;
    const mine = JSON.parse(ours.lines.join("")) as Record<string, unknown>;
    expect(mine.time).toBe(1_800_000_000_000);
    expect({ ...mine, time: 0 }).toEqual({ ...theirs, time: 0 });
    expect(Object.keys(mine)).toEqual(Object.keys(theirs));
    expect(ours.lines.join("").endsWith("\n")).toBe(true);
  });

  it("masks sensitive keys and scrubs registered secrets, errors included", () => {
    const { lines, destination } = capture();
    const secrets = new SecretRegistry();
    secrets.add(CANARY);
    const log = createLineLogger({ destination, secrets, name: "broker" });
    const err = Object.assign(new Error(`lock at ${CANARY}`), { code: "ELOCKED" });
    log.error({ err, session: { refreshToken: "rt-not-registered-1" }, email: "ada@example.test" }, `failed for ${CANARY}`);
    const line = lines.join("");
    expect(line).not.toContain(CANARY);
    expect(line).not.toContain("rt-not-registered-1");
    expect(line).not.toContain("ada@example.test");
    const parsed = JSON.parse(line) as { level: number; err: { type: string; message: string; code: string; stack: string } };
    expect(parsed.level).toBe(50);
    expect(parsed.err).toMatchObject({ type: "Error", code: "ELOCKED", message: "lock at [redacted]" });
    expect(parsed.err.stack).toContain("Error: lock at [redacted]");
  });
});
