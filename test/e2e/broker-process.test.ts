import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { once } from "node:events";
import { lstat, readFile, stat } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { connectBroker, type BrokerConnection } from "../../shared/protocol/client.js";
import { BROKER_BIN, brokerEnv, brokerPids, startDaemon, type BrokerEnv } from "./helpers/broker-process.js";
import { minted } from "../fixtures/payment-handoff.js";

const CANARY = "CANARY-e2e-broker-5d1c";

describe("the real broker process against the sandbox", () => {
  let sandbox: Sandbox;
  let b: BrokerEnv;
  let daemonOutput = "";
  const seen: unknown[] = [];
  const conns: BrokerConnection[] = [];
  const connect = async (role: "hotels" | "banking" | "toolkit") => {
    const conn = await connectBroker({ socketPath: b.socketPath, role, clientVersion: "e2e", timeoutMs: 15_000 });
    conns.push(conn);
    return conn;
  };
  const keep = <T>(value: T): T => {
    seen.push(value);
    return value;
  };
  const error = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (err) {
      seen.push({ message: (err as Error).message });
      return err as { code?: string; message: string; retryAllowed?: boolean };
    }
    throw new Error("expected a failure");
  };

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: "e2e", canary: CANARY, deviceIntervalSeconds: 1 });
    b = await brokerEnv(sandbox);
    const out = await startDaemon(b.env);
    daemonOutput = out.stdout + out.stderr;
  });
  afterAll(async () => {
    conns.forEach((c) => c.close());
    for (const pid of await brokerPids(b.stateDir)) process.kill(pid, "SIGKILL");
    await sandbox.close();
    await b.cleanup();
  });

  it("starts detached with a 0600 socket in a 0700 directory", async () => {
    expect((await lstat(b.socketPath)).mode & 0o777).toBe(0o600);
    expect((await stat(b.stateDir)).mode & 0o777).toBe(0o700);
    expect(await brokerPids(b.stateDir)).toHaveLength(1);
    const toolkit = await connect("toolkit");
    expect(keep(await toolkit.call("broker.status", {}))).toMatchObject({ state: "mobile_login_required", storeBackend: "file", protocol: 2 });
  });

  it("logs in with the device grant, approved at the sandbox", async () => {
    const toolkit = await connect("toolkit");
    const start = keep(await toolkit.call("broker.login_start", {}));
    expect(start.verificationUri).toBe(`${sandbox.urls.origin}/oauth/device`);
    sandbox.control.approveDevice(start.userCode);
    let state = "pending";
    for (let i = 0; i < 60 && state === "pending"; i++) {
      state = keep(await toolkit.call("broker.login_poll", { loginId: start.loginId })).state;
      if (state === "pending") await new Promise((r) => setTimeout(r, 250));
    }
    expect(state).toBe("approved");
    expect(keep(await toolkit.call("broker.status", {}))).toMatchObject({ state: "mobile_read_only_ready" });
  });

  it("serves the customer flow: bookings, details, voucher, payment handoff consumed once", async () => {
    const hotels = await connect("hotels");
    const banking = await connect("banking");
    expect(keep(await hotels.call("hotels.status", {}))).toMatchObject({ state: "mobile_read_only_ready" });
    keep(await hotels.call("hotels.get_customer", {}));
    const list = keep(await hotels.call("hotels.list_bookings", { limit: 20 }));
    expect(list.items.length).toBeGreaterThanOrEqual(4);
    for (const item of list.items) expect(item.bookingRef).toMatch(/^bkr_[A-Za-z0-9_-]{22}$/);
    const paid = list.items.find((i) => i.city === "Казань")!;
    expect(paid.status).toBe("CONFIRMED");
    keep(await hotels.call("hotels.get_booking_v1", { bookingRef: paid.bookingRef }));

    const voucher = keep(await hotels.call("hotels.save_voucher_v1", { bookingRef: paid.bookingRef }));
    const bytes = await readFile(voucher.path);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(voucher.sha256);
    expect((await stat(voucher.path)).mode & 0o777).toBe(0o600);

    // A paid booking has nothing to pay: the broker mints nothing for it. The unpaid one gets the handoff.
    expect(keep(await hotels.call("hotels.create_payment_handoff", { bookingRef: paid.bookingRef }))).toMatchObject({ nothingToPay: true, status: "CONFIRMED" });
    const unpaid = list.items.find((i) => i.status === "AWAITING_PAYMENT")!;
    const handoff = minted(keep(await hotels.call("hotels.create_payment_handoff", { bookingRef: unpaid.bookingRef })));
    expect(handoff.paymentHandoffRef).toMatch(/^phr_/);
    expect((await error(hotels.call("banking.consume_payment_handoff" as never, { paymentHandoffRef: handoff.paymentHandoffRef } as never))).code).toBe("operation_not_allowed");
    expect(keep(await banking.call("banking.consume_payment_handoff", { paymentHandoffRef: handoff.paymentHandoffRef }))).toMatchObject({ amountDecimal: handoff.amountDecimal, currency: handoff.currency });
    expect((await error(banking.call("banking.consume_payment_handoff", { paymentHandoffRef: handoff.paymentHandoffRef }))).code).toBe("capability_consumed");
    keep(await banking.call("banking.get_hotel_preferences", {}));
  });

  it("logout ends the session, kills refs and deletes vouchers; stop removes the socket", async () => {
    const hotels = await connect("hotels");
    const toolkit = await connect("toolkit");
    const list = keep(await hotels.call("hotels.list_bookings", {}));
    const ref = list.items.find((i) => i.city === "Казань")!.bookingRef;
    const voucher = keep(await hotels.call("hotels.save_voucher_v1", { bookingRef: ref }));
    const out = keep(await toolkit.call("broker.logout", {}));
    expect(out.hadSession).toBe(true);
    expect(out.revokedRefs).toBeGreaterThan(0);
    await expect(stat(voucher.path)).rejects.toMatchObject({ code: "ENOENT" });
    const after = await error(hotels.call("hotels.get_booking_v1", { bookingRef: ref }));
    // Logout drops every ref first, so the old ref is unknown before the missing session matters.
    expect(after.code).toBe("invalid_ref");
    expect(keep(await toolkit.call("broker.stop", {}))).toEqual({ stopping: true });
    for (let i = 0; i < 40 && (await brokerPids(b.stateDir)).length > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await brokerPids(b.stateDir)).toEqual([]);
    await expect(lstat(b.socketPath)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("never lets the canary out: responses, errors, daemon output and the broker log", async () => {
    const log = await readFile(`${b.stateDir}/broker.log`, "utf8");
    expect(log).toContain('"op":"hotels.list_bookings"');
    expect(seen.length).toBeGreaterThan(10);
    expect(JSON.stringify(seen)).not.toContain(CANARY);
    expect(daemonOutput).not.toContain(CANARY);
    expect(log).not.toContain(CANARY);
  });
});

describe("broker process lifecycle", () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: "e2e-life" });
  });
  afterAll(() => sandbox.close());

  it("SIGTERM unlinks the socket and exits 0", async () => {
    const b = await brokerEnv(sandbox);
    try {
      const child = spawn(process.execPath, [BROKER_BIN, "--foreground"], { env: b.env, stdio: ["ignore", "ignore", "pipe"] });
      let err = "";
      child.stderr.on("data", (d: Buffer) => (err += d.toString()));
      for (let i = 0; i < 100 && !err.includes("ready on"); i++) await new Promise((r) => setTimeout(r, 50));
      expect((await lstat(b.socketPath)).isSocket()).toBe(true);
      child.kill("SIGTERM");
      const [code] = (await once(child, "exit")) as [number | null];
      expect(code).toBe(0);
      await expect(lstat(b.socketPath)).rejects.toMatchObject({ code: "ENOENT" });
    } finally {
      await b.cleanup();
    }
  });

  it("ten brokers started at once leave exactly one running", async () => {
    const b = await brokerEnv(sandbox);
    try {
      const results = await Promise.allSettled(Array.from({ length: 10 }, () => startDaemon(b.env)));
      expect(results.every((r) => r.status === "fulfilled")).toBe(true);
      // Each losing child still has to take the start lock, see the live socket and exit.
      let pids = await brokerPids(b.stateDir);
      for (let i = 0; i < 100 && pids.length > 1; i++) {
        await new Promise((r) => setTimeout(r, 100));
        pids = await brokerPids(b.stateDir);
      }
      expect(pids).toHaveLength(1);
      const conn = await connectBroker({ socketPath: b.socketPath, role: "toolkit", clientVersion: "e2e", timeoutMs: 5000 });
      expect((await conn.call("broker.status", {})).pid).toBe(pids[0]);
      await conn.call("broker.stop", {});
      conn.close();
    } finally {
      for (const pid of await brokerPids(b.stateDir)) process.kill(pid, "SIGKILL");
      await b.cleanup();
    }
  });
});
