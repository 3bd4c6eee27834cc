import { execFile } from "node:child_process";
import { chmod } from "node:fs/promises";
import { dirname } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBroker } from "../../broker/main.js";
import { nullLogger } from "../../shared/logger.js";
import { connectBroker } from "../../shared/protocol/client.js";
import { recordingAudit, sampleHandlers, tempBrokerDirs } from "../integration/helpers/broker-harness.js";

const run = promisify(execFile);
const isRoot = process.getuid?.() === 0;

// The client another user would run: connect, say hello, report whether a welcome came back.
const STRANGER = `
const net = require("node:net");
const s = net.connect(process.argv[1]);
let got = "";
s.on("connect", () => s.write(JSON.stringify({ type: "hello", protocol: 2, client: "hotels", clientVersion: "x" }) + "\\n"));
s.on("data", (d) => (got += d));
s.on("error", (e) => { console.log(JSON.stringify({ error: e.code, got })); process.exit(0); });
s.on("close", () => { console.log(JSON.stringify({ closed: true, got })); process.exit(0); });
setTimeout(() => { console.log(JSON.stringify({ timeout: true, got })); process.exit(0); }, 3000);
`;

describe.runIf(isRoot || process.env.CI === "true")("peer uid check with a real second user (SO_PEERCRED)", () => {
  let dirs: Awaited<ReturnType<typeof tempBrokerDirs>>;
  const audit = recordingAudit();
  let stop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dirs = await tempBrokerDirs();
    const result = await runBroker({
      socketPath: dirs.socketPath,
      stateDir: dirs.stateDir,
      version: "0.0.0-test",
      requestTimeoutMs: 2000,
      logger: nullLogger,
      audit,
      // No readPeer injected: the real koffi-backed reader is under test.
      createParts: () => Promise.resolve({ handlers: sampleHandlers(), close: () => Promise.resolve() }),
    });
    if (result.kind !== "running") throw new Error("broker did not start");
    stop = () => result.stop("test");
    // Deliberately weaken the file modes, so only the peer check stands between uid 65534 and the broker.
    await chmod(dirs.root, 0o755);
    await chmod(dirname(dirs.socketPath), 0o755);
    await chmod(dirs.socketPath, 0o666);
  });
  afterAll(async () => {
    await stop?.();
    await dirs.cleanup();
  });

  it("refuses uid 65534 and audits the refusal", async () => {
    const { stdout } = await run("setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", process.execPath, "-e", STRANGER, dirs.socketPath]);
    const outcome = JSON.parse(stdout.trim()) as { closed?: boolean; got?: string; error?: string };
    // The broker accepted the connection (file modes did not stop it: no EACCES) and then cut it.
    expect(outcome.closed === true || outcome.error === "ECONNRESET" || outcome.error === "EPIPE").toBe(true);
    expect(outcome.got).toBe("");
    const refusal = audit.events.find((e) => e.event === "connection_refused");
    expect(refusal).toMatchObject({ outcome: "foreign_uid", peer: { uid: 65534 } });
    expect(refusal?.peer?.pid).toBeGreaterThan(0);
  });

  it("still serves its own user through the same real check", async () => {
    // Our own client refuses the loosened directory (test/security/client-trust.test.ts): restore it.
    await chmod(dirname(dirs.socketPath), 0o700);
    const conn = await connectBroker({ socketPath: dirs.socketPath, role: "hotels", clientVersion: "t", timeoutMs: 2000 });
    expect(conn.welcome.type).toBe("welcome");
    conn.close();
  });
});
