import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { HotelsCustomerApi } from "../../broker/provider/hotels.js";
import { ProviderClient } from "../../broker/provider/client.js";
import { VoucherStore, type VoucherStoreOptions } from "../../broker/vouchers/store.js";
import { BrokerError } from "../../shared/protocol/errors.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { fakeTime } from "./helpers/fake-time.js";
import { SandboxTestSession } from "./helpers/sandbox-session.js";

const TTL_SECONDS = 900;
let sandbox: Sandbox;
let hotels: HotelsCustomerApi;
let confirmedOrderId: string;
let root: string;
let dir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: "vouchers-test", canary: "CANARY-vch-91c2" });
  const session = await SandboxTestSession.loggedIn(sandbox);
  hotels = new HotelsCustomerApi(new ProviderClient({ session }), sandbox.urls.hotelsApiBaseUrl);
  const orders = await hotels.orders({ offset: 0, limit: 20 }, AbortSignal.timeout(5000));
  confirmedOrderId = orders.items.find((o) => o.status === "CONFIRMED")!.orderId;
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "vouchers-"));
  dir = join(root, "vouchers");
  sandbox.control.clearFaults();
  sandbox.control.resetCounters();
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function store(opts: Partial<VoucherStoreOptions> = {}): VoucherStore {
  return new VoucherStore({ directory: dir, ttlSeconds: TTL_SECONDS, ...opts });
}

function save(s: VoucherStore, orderId = confirmedOrderId) {
  return s.save((signal) => hotels.voucher(orderId, signal), AbortSignal.timeout(10_000));
}

async function errorOf(promise: Promise<unknown>): Promise<BrokerError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof BrokerError)) throw new Error(`expected a BrokerError, got ${String(err)}`);
  return err;
}

describe("voucher saving", () => {
  it("saves a valid PDF as 0600 in a 0700 directory with a matching sha256, and deletes it after the TTL", async () => {
    const time = fakeTime();
    const s = store({ now: time.now, scheduler: time.scheduler });
    const result = await save(s);
    expect(result.path.startsWith(`${dir}/voucher-`)).toBe(true);
    expect(result.path).not.toContain("ord_");
    expect(result.expiresAt).toBe(new Date(time.now() + TTL_SECONDS * 1000).toISOString());
    const bytes = await readFile(result.path);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(result.sizeBytes).toBe(bytes.length);
    expect(result.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect((await lstat(result.path)).mode & 0o777).toBe(0o600);
    expect((await lstat(dir)).mode & 0o777).toBe(0o700);
    expect(s.size).toBe(1);

    time.advance(TTL_SECONDS * 1000 - 1);
    expect(existsSync(result.path)).toBe(true);
    time.advance(1);
    await vi.waitFor(() => expect(existsSync(result.path)).toBe(false));
    expect(s.size).toBe(0);
  });

  it("sweeps expired vouchers and stray temp files at restart, keeps and re-arms young ones", async () => {
    const time = fakeTime();
    const first = store({ now: time.now, scheduler: time.scheduler });
    const old = await save(first);
    const young = await save(first);
    // The broker crashes: no close(), so only the next start-up sweep can clean up.
    // The old one was written a full TTL ago, the young one just now, by the store's clock (set
    // explicitly: the file system stamps files by the OS clock, which a test must not assume).
    const past = new Date(time.now() - (TTL_SECONDS + 5) * 1000);
    await utimes(old.path, past, past);
    await utimes(young.path, new Date(time.now()), new Date(time.now()));
    const stray = join(dir, `.voucher-${"A".repeat(22)}.tmp`);
    await writeFile(stray, "partial", { mode: 0o600 });
    const unrelated = join(dir, "notes.txt");
    await writeFile(unrelated, "keep me", { mode: 0o600 });

    const later = fakeTime(time.now());
    const restarted = store({ now: later.now, scheduler: later.scheduler });
    expect(await restarted.sweep()).toBe(2);
    expect((await readdir(dir)).sort()).toEqual([young.path.slice(dir.length + 1), "notes.txt"].sort());
    expect(restarted.size).toBe(1);
    later.advance(TTL_SECONDS * 1000 + 1000);
    await vi.waitFor(() => expect(existsSync(young.path)).toBe(false));
    expect(existsSync(unrelated)).toBe(true);
  });

  it("close() (broker stop) removes every saved voucher before its TTL", async () => {
    const time = fakeTime();
    const s = store({ now: time.now, scheduler: time.scheduler });
    const saved = await save(s);
    expect(await s.close()).toBe(1);
    expect(existsSync(saved.path)).toBe(false);
    expect(s.size).toBe(0);
  });

  it("deleteAll() removes every voucher (logout)", async () => {
    const s = store();
    await save(s);
    await save(s);
    expect(await s.deleteAll()).toBe(2);
    expect(await readdir(dir)).toEqual([]);
    expect(s.size).toBe(0);
  });

  it.each([
    ["not_pdf", { kind: "not_pdf" }, "provider_error"],
    ["content_type", { kind: "content_type" }, "provider_error"],
    ["oversized", { kind: "oversized", bytes: 6 * 1024 * 1024 }, "too_large"],
    ["truncated", { kind: "truncated" }, "provider_unavailable"],
    ["status 500", { kind: "status", status: 500 }, "provider_unavailable"],
    ["redirect", { kind: "redirect" }, "provider_error"],
  ] as const)("a %s response gives an error and leaves no file", async (_name, fault, code) => {
    const s = store();
    sandbox.control.setFault("voucher", fault);
    const err = await errorOf(save(s));
    expect(err.code).toBe(code);
    expect(err.message).not.toContain("CANARY");
    expect(await readdir(dir)).toEqual([]);
    expect(s.size).toBe(0);
    expect(sandbox.control.requestCount("redirect_target")).toBe(0);
  });

  it("caps an oversized body while streaming when no length is declared", async () => {
    let pulled = 0;
    // Strip content-length and count what the client actually pulls from the network.
    const undeclared = async (input: URL, init: RequestInit): Promise<Response> => {
      const res = await fetch(input, init);
      const headers = new Headers(res.headers);
      headers.delete("content-length");
      const counted = res.body!.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            pulled += chunk.byteLength;
            controller.enqueue(chunk);
          },
        }),
      );
      return new Response(counted, { status: res.status, headers });
    };
    const session = await SandboxTestSession.loggedIn(sandbox);
    const streamingHotels = new HotelsCustomerApi(new ProviderClient({ session, fetch: undeclared }), sandbox.urls.hotelsApiBaseUrl);
    sandbox.control.setFault("voucher", { kind: "oversized", bytes: 64 * 1024 * 1024 });
    const s = store();
    const err = await errorOf(s.save((signal) => streamingHotels.voucher(confirmedOrderId, signal), AbortSignal.timeout(10_000)));
    expect(err.code).toBe("too_large");
    expect(pulled).toBeGreaterThan(5 * 1024 * 1024);
    expect(pulled).toBeLessThan(8 * 1024 * 1024);
    expect(await readdir(dir)).toEqual([]);
  });

  it("refuses a symlink planted at the destination path", async () => {
    const bytes = new Uint8Array(16).fill(7);
    const s = store({ random: () => bytes });
    await mkdir(dir, { mode: 0o700 });
    const planted = join(dir, `voucher-${Buffer.from(bytes).toString("base64url")}.pdf`);
    const target = join(root, "elsewhere.pdf");
    await symlink(target, planted);
    const err = await errorOf(save(s));
    expect(err.code).toBe("internal");
    expect(existsSync(target)).toBe(false);
    expect(await readdir(dir)).toEqual([planted.slice(dir.length + 1)]);
    expect((await lstat(planted)).isSymbolicLink()).toBe(true);
  });

  it("refuses a voucher directory looser than 0700 before downloading anything", async () => {
    await mkdir(dir, { mode: 0o700 });
    await chmod(dir, 0o755);
    const err = await errorOf(save(store()));
    expect(err.code).toBe("internal");
    expect(err.message).toContain("too_permissive");
    expect(sandbox.control.requestCount("voucher")).toBe(0);
    expect(await readdir(dir)).toEqual([]);
  });

  it("refuses a voucher directory that is a symlink", async () => {
    const real = join(root, "real");
    await mkdir(real, { mode: 0o700 });
    await symlink(real, dir);
    const err = await errorOf(save(store()));
    expect(err.message).toContain("symlink");
    expect(await readdir(real)).toEqual([]);
  });

  it("does not keep a voucher whose download finished after a logout", async () => {
    const s = store();
    sandbox.control.setFault("voucher", { kind: "latency", ms: 300, times: 1 });
    const pending = save(s);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await s.deleteAll();
    expect((await errorOf(pending)).code).toBe("mobile_login_required");
    expect(await readdir(dir)).toEqual([]);
  });
});
