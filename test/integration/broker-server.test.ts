import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BrokerError } from "../../shared/protocol/errors.js";
import { connectBroker } from "../../shared/protocol/client.js";
import { OPERATION_NAMES, ROLE_OPERATIONS, ROLES } from "../../shared/protocol/index.js";
import { SAMPLES } from "../fixtures/operation-samples.js";
import { RawClient, recordingAudit, sampleHandlers, startTestBroker, tempBrokerDirs } from "./helpers/broker-harness.js";

type Running = Awaited<ReturnType<typeof startTestBroker>>;

describe("broker server: protocol v2 over a real socket", () => {
  let dirs: Awaited<ReturnType<typeof tempBrokerDirs>>;
  let broker: Running;
  const audit = recordingAudit();
  const clients: RawClient[] = [];
  const client = () => {
    const c = new RawClient(dirs.socketPath);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    dirs = await tempBrokerDirs();
    broker = await startTestBroker({
      ...dirs,
      audit,
      requestTimeoutMs: 300,
      handlers: sampleHandlers({
        // A slow handler that ignores its signal, and one that would leak a provider id.
        "hotels.get_customer": () => new Promise(() => undefined),
        "hotels.list_bookings": () => Promise.resolve({ ...SAMPLES["hotels.list_bookings"].result, orderId: "ord_SECRET" } as never),
        "hotels.get_booking_v1": () => Promise.reject(new Error("provider said ord_SECRET")),
        // The same two faults from handlers that answer synchronously (the broker's fast path).
        "banking.get_hotel_preferences": () => ({ ...SAMPLES["banking.get_hotel_preferences"].result, orderId: "ord_SECRET" }) as never,
        "hotels.save_voucher_v1": () => {
          throw new Error("provider said ord_SECRET");
        },
      }),
    });
  });
  afterEach(() => clients.splice(0).forEach((c) => c.close()));
  afterAll(async () => {
    await broker.stop("test done");
    await dirs.cleanup();
  });

  it("welcomes each role with exactly its operations", async () => {
    for (const role of ROLES) {
      const welcome = await client().hello(role);
      expect(welcome).toMatchObject({ type: "welcome", protocol: 2, brokerVersion: "0.0.0-test" });
      expect(welcome?.operations).toEqual(ROLE_OPERATIONS[role]);
      expect(welcome?.verifiedOperations).toEqual(ROLE_OPERATIONS[role]);
    }
  });

  it("every role x every operation: allowed ones answer, the others get operation_not_allowed on a usable connection", async () => {
    const skip = new Set(["hotels.get_customer", "hotels.list_bookings", "hotels.get_booking_v1", "banking.get_hotel_preferences", "hotels.save_voucher_v1", "broker.stop"]);
    for (const role of ROLES) {
      const c = client();
      await c.hello(role);
      for (const [i, op] of OPERATION_NAMES.entries()) {
        if (skip.has(op) && ROLE_OPERATIONS[role].includes(op)) continue;
        const reply = await c.call(`r${i}`, op, SAMPLES[op].args);
        if (ROLE_OPERATIONS[role].includes(op)) {
          expect(reply, `${role} ${op}`).toMatchObject({ id: `r${i}`, ok: true });
        } else {
          expect(reply, `${role} ${op}`).toMatchObject({ id: `r${i}`, ok: false, error: { code: "operation_not_allowed", retryAllowed: false } });
        }
      }
      // Still usable after all the refusals.
      const status = ROLE_OPERATIONS[role][0]!;
      expect(await c.call("last", status, {})).toMatchObject({ ok: true });
    }
  });

  it("refuses an unknown operation, bad arguments and garbage JSON without closing", async () => {
    const c = client();
    await c.hello("hotels");
    expect(await c.call("1", "hotels.transfer_money")).toMatchObject({ ok: false, error: { code: "operation_not_allowed" } });
    expect(await c.call("2", "hotels.save_voucher_v1", { bookingRef: "not-a-ref" })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(await c.call("3", "hotels.status", { extra: 1 })).toMatchObject({ ok: false, error: { code: "bad_request" } });
    c.write("{this is not json\n");
    expect(await c.next()).toMatchObject({ id: null, ok: false, error: { code: "bad_request" } });
    c.write(`${JSON.stringify({ id: "4", op: "hotels.status" , args: {}, extra: true })}\n`);
    expect(await c.next()).toMatchObject({ id: null, ok: false, error: { code: "bad_request" } });
    expect(await c.call("5", "hotels.status")).toMatchObject({ id: "5", ok: true });
  });

  it("answers unsupported_protocol with the supported list, then closes", async () => {
    const c = client();
    c.write(`${JSON.stringify({ type: "hello", protocol: 1, client: "hotels", clientVersion: "old" })}\n`);
    expect(await c.next()).toMatchObject({ type: "error", error: { code: "unsupported_protocol" }, supported: [2] });
    expect(await c.waitClosed()).toBe(true);
  });

  it("closes a connection whose first message is not a hello", async () => {
    const c = client();
    c.write(`${JSON.stringify({ id: "1", op: "hotels.status", args: {} })}\n`);
    expect(await c.next()).toMatchObject({ type: "error", error: { code: "bad_request" } });
    expect(await c.waitClosed()).toBe(true);
  });

  it("handles split and merged chunks", async () => {
    const c = client();
    const hello = `${JSON.stringify({ type: "hello", protocol: 2, client: "toolkit", clientVersion: "t" })}\n`;
    for (const ch of hello) c.write(ch);
    expect(await c.next()).toMatchObject({ type: "welcome" });
    c.write(["a", "b", "c"].map((id) => `${JSON.stringify({ id, op: "broker.status", args: {} })}\n`).join(""));
    const ids = [await c.next(), await c.next(), await c.next()].map((r) => r?.id).sort();
    expect(ids).toEqual(["a", "b", "c"]);
  });

  it("drops a connection whose line passes 64 KiB and keeps serving others", async () => {
    const victim = client();
    await victim.hello("hotels");
    const bystander = client();
    await bystander.hello("hotels");
    victim.write(Buffer.alloc(70 * 1024, 0x61));
    expect(await victim.waitClosed()).toBe(true);
    expect(audit.events.some((e) => e.event === "connection_dropped" && e.outcome === "too_large")).toBe(true);
    expect(await bystander.call("x", "hotels.status")).toMatchObject({ ok: true });
  });

  it("answers timeout at the per-request deadline even when the handler ignores its signal", async () => {
    const c = client();
    await c.hello("hotels");
    expect(await c.call("slow", "hotels.get_customer")).toMatchObject({ id: "slow", ok: false, error: { code: "timeout", retryAllowed: true } });
  });

  it("never sends a result field the protocol does not know, nor an unknown error's message", async () => {
    const c = client();
    await c.hello("hotels");
    const leaky = await c.call("l", "hotels.list_bookings", {});
    expect(leaky).toMatchObject({ ok: false, error: { code: "internal" } });
    const failing = await c.call("f", "hotels.get_booking_v1", { bookingRef: SAMPLES["hotels.get_booking_v1"].args.bookingRef });
    expect(failing).toMatchObject({ ok: false, error: { code: "internal" } });
    const throwing = await c.call("t", "hotels.save_voucher_v1", SAMPLES["hotels.save_voucher_v1"].args);
    expect(throwing).toMatchObject({ ok: false, error: { code: "internal" } });
    const banking = client();
    await banking.hello("banking");
    const leakySync = await banking.call("s", "banking.get_hotel_preferences", SAMPLES["banking.get_hotel_preferences"].args);
    expect(leakySync).toMatchObject({ ok: false, error: { code: "internal" } });
    expect(JSON.stringify([leaky, failing, throwing, leakySync])).not.toContain("ord_SECRET");
    // Both connections stay usable.
    expect(await c.call("after", "hotels.status")).toMatchObject({ ok: true });
    expect(await banking.call("after", "banking.status")).toMatchObject({ ok: true });
  });

  it("keeps each connection's replies in request order when many connections are served in one turn", async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error): void => void warnings.push(w.name);
    process.on("warning", onWarning);
    try {
      const conns = await Promise.all(Array.from({ length: 12 }, async () => {
        const c = client();
        await c.hello("toolkit");
        return c;
      }));
      conns.forEach((c, i) => c.write(["a", "b", "c", "d"].map((id) => `${JSON.stringify({ id: `${i}${id}`, op: "broker.status", args: {} })}\n`).join("")));
      for (const [i, c] of conns.entries()) {
        const ids = [await c.next(), await c.next(), await c.next(), await c.next()].map((r) => r?.id);
        expect(ids).toEqual(["a", "b", "c", "d"].map((id) => `${i}${id}`));
      }
      await new Promise((r) => setImmediate(r));
      // Twelve connections each listening for the stop must not trip the listener-leak warning.
      expect(warnings).not.toContain("MaxListenersExceededWarning");
    } finally {
      process.off("warning", onWarning);
    }
  });

  it("audits every request with role, peer, op, outcome and duration", async () => {
    const c = client();
    await c.hello("banking");
    await c.call("a", "banking.status");
    const line = audit.events.findLast((e) => e.event === "request" && e.op === "banking.status");
    expect(line).toMatchObject({ role: "banking", outcome: "ok", peer: { uid: process.getuid?.() ?? 0 } });
    expect(typeof line?.durationMs).toBe("number");
    expect(JSON.stringify(audit.events)).not.toContain("ord_SECRET");
  });

  it("works with the shared client, which parses results with the protocol schemas", async () => {
    const conn = await connectBroker({ socketPath: dirs.socketPath, role: "hotels", clientVersion: "t", timeoutMs: 2000 });
    expect(await conn.call("hotels.status", {})).toEqual(SAMPLES["hotels.status"].result);
    await expect(conn.call("hotels.get_customer", {})).rejects.toMatchObject({ code: "timeout" });
    await expect(conn.call("hotels.list_bookings", {})).rejects.toBeInstanceOf(BrokerError);
    conn.close();
  });

  it("survives 10,000 random frames with bounded memory", async () => {
    const before = process.memoryUsage().heapUsed;
    const frame = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.json({ maxDepth: 3 }),
      fc.record({ id: fc.string({ maxLength: 70 }), op: fc.constantFrom(...OPERATION_NAMES, "x"), args: fc.anything({ maxDepth: 2 }) }).map((r) => JSON.stringify(r)),
      fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b).toString("latin1")),
    );
    const frames = fc.sample(frame, { numRuns: 10_000, seed: 42 });
    let sent = 0;
    for (let i = 0; i < frames.length; i += 500) {
      const c = client();
      if (i % 1000 === 0) await c.hello("hotels");
      for (const f of frames.slice(i, i + 500)) {
        c.write(`${f.replace(/\n/g, " ")}\n`);
        sent++;
      }
      await new Promise((r) => setTimeout(r, 20));
      c.close();
    }
    expect(sent).toBe(10_000);
    const probe = client();
    expect(await probe.hello("toolkit")).toMatchObject({ type: "welcome" });
    expect(await probe.call("alive", "broker.status")).toMatchObject({ ok: true });
    global.gc?.();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * 1024 * 1024);
  });
});

describe("broker server: connection limits and idle", () => {
  it("closes idle connections and refuses the 65th connection", async () => {
    const dirs = await tempBrokerDirs();
    const audit = recordingAudit();
    const broker = await startTestBroker({ ...dirs, audit, idleTimeoutMs: 200 });
    try {
      const idle = new RawClient(dirs.socketPath);
      await idle.hello("hotels");
      expect(await idle.waitClosed(2000)).toBe(true);

      const many: RawClient[] = [];
      for (let i = 0; i < 64; i++) {
        const c = new RawClient(dirs.socketPath);
        many.push(c);
        expect(await c.hello("hotels")).toMatchObject({ type: "welcome" });
      }
      const extra = new RawClient(dirs.socketPath);
      expect(await extra.waitClosed()).toBe(true);
      expect(audit.events.some((e) => e.event === "connection_refused" && e.outcome === "busy")).toBe(true);
      many.forEach((c) => c.close());
    } finally {
      await broker.stop("test");
      await dirs.cleanup();
    }
  });

  it("aborts a running handler's signal when its client goes away", async () => {
    const dirs = await tempBrokerDirs();
    let seen: AbortSignal | undefined;
    const broker = await startTestBroker({
      ...dirs,
      handlers: sampleHandlers({
        "hotels.get_customer": (_args, req) =>
          new Promise((_resolve, reject) => {
            seen = req.signal;
            req.signal.addEventListener("abort", () => reject(new Error("aborted")));
          }),
      }),
    });
    try {
      const c = new RawClient(dirs.socketPath);
      await c.hello("hotels");
      c.write(`${JSON.stringify({ id: "1", op: "hotels.get_customer", args: {} })}\n`);
      for (let i = 0; i < 100 && seen === undefined; i++) await new Promise((r) => setTimeout(r, 10));
      expect(seen?.aborted).toBe(false);
      c.close();
      for (let i = 0; i < 100 && !seen?.aborted; i++) await new Promise((r) => setTimeout(r, 10));
      expect(seen?.aborted).toBe(true);
    } finally {
      await broker.stop("test");
      await dirs.cleanup();
    }
  });

  it("does not close a connection for idleness while a request runs, and its reply still arrives", async () => {
    const dirs = await tempBrokerDirs();
    const broker = await startTestBroker({
      ...dirs,
      idleTimeoutMs: 50,
      handlers: sampleHandlers({ "hotels.get_customer": () => new Promise((r) => setTimeout(() => r(SAMPLES["hotels.get_customer"].result), 300)) }),
    });
    try {
      for (let i = 0; i < 3; i++) {
        const c = new RawClient(dirs.socketPath);
        await c.hello("hotels");
        expect(await c.call(`slow${i}`, "hotels.get_customer")).toMatchObject({ id: `slow${i}`, ok: true });
        // Idle again after the reply: now it is closed.
        expect(await c.waitClosed(2000)).toBe(true);
      }
    } finally {
      await broker.stop("test");
      await dirs.cleanup();
    }
  });

  it("answers every pipelined request of a client that ends its side right after sending", async () => {
    const dirs = await tempBrokerDirs();
    const broker = await startTestBroker({ ...dirs });
    try {
      const c = new RawClient(dirs.socketPath);
      const hello = `${JSON.stringify({ type: "hello", protocol: 2, client: "toolkit", clientVersion: "t" })}\n`;
      const head = hello + ["a", "b"].map((id) => `${JSON.stringify({ id, op: "broker.status", args: {} })}\n`).join("");
      const last = JSON.stringify({ id: "c", op: "broker.status", args: {} });
      // Exactly 64 KiB in all (JSON allows the padding spaces): the broker then reads the data and
      // the end of stream in one go, the case where queued replies could be lost.
      c.socket.end(`${head}${last}${" ".repeat(64 * 1024 - head.length - last.length - 1)}\n`);
      expect(await c.next()).toMatchObject({ type: "welcome" });
      expect([await c.next(), await c.next(), await c.next()].map((r) => r?.id)).toEqual(["a", "b", "c"]);
    } finally {
      await broker.stop("test");
      await dirs.cleanup();
    }
  });

  it("refuses a peer with another uid, or one it cannot identify, and audits it", async () => {
    const dirs = await tempBrokerDirs();
    const audit = recordingAudit();
    let peer: { pid: number; uid: number; gid: number } | undefined = { pid: 7, uid: 65534, gid: 65534 };
    const broker = await startTestBroker({ ...dirs, audit, readPeer: () => peer });
    try {
      const stranger = new RawClient(dirs.socketPath);
      stranger.write(`${JSON.stringify({ type: "hello", protocol: 2, client: "hotels", clientVersion: "x" })}\n`);
      expect(await stranger.next()).toBeUndefined();
      peer = undefined;
      const unknown = new RawClient(dirs.socketPath);
      expect(await unknown.waitClosed()).toBe(true);
      expect(audit.events.filter((e) => e.event === "connection_refused").map((e) => e.outcome)).toEqual(["foreign_uid", "peer_unknown"]);
      expect(audit.events.find((e) => e.outcome === "foreign_uid")?.peer?.uid).toBe(65534);
    } finally {
      await broker.stop("test");
      await dirs.cleanup();
    }
  });
});
