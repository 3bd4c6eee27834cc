import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { parseConfig } from "../../shared/config/index.js";
import { testClock } from "../fixtures/clock.js";
import { signIn, startInProcessBroker } from "../fixtures/in-process-broker.js";
import { startHotelsHarness, type HotelsHarness } from "./helpers/hotels-mcp-harness.js";

// Issue 34, point 2: the person's trips as resources and the ready prompts, through a real broker.
const CANARY = "CANARY-trips-51c9";
const BOOKINGS = "tbank-hotels://bookings";
const VOUCHERS = "tbank-hotels://vouchers";

let sandbox: Sandbox;
let root: string;
let socketPath: string;
let stopBroker: (reason: string) => Promise<void>;
const harnesses: HotelsHarness[] = [];
/** Everything a resource or prompt answered in this file, for the canary check. */
const seen: string[] = [];

function brokerEnv(): Record<string, string> {
  return {
    TBANK_AUTH_BROKER_SOCKET: socketPath,
    TBANK_AUTH_BROKER_STATE_DIR: join(root, "state"),
    TBANK_AUTH_SESSION_STORE: "file",
    TBANK_AUTH_ISSUER_URL: sandbox.urls.authIssuerUrl,
    TBANK_HOTELS_VOUCHER_DIRECTORY: join(root, "vouchers"),
    TBANK_AUTH_BROKER_TIMEOUT_MS: "5000",
  };
}

async function hotels(env: Record<string, string> = brokerEnv()): Promise<HotelsHarness> {
  const harness = await startHotelsHarness({ sharedSandbox: sandbox, env });
  harnesses.push(harness);
  return harness;
}

async function read(h: HotelsHarness, uri: string): Promise<string> {
  const { contents } = await h.client.readResource({ uri });
  const text = contents.map((c) => ("text" in c ? c.text : "")).join("\n");
  seen.push(JSON.stringify(contents));
  return text;
}

async function readError(h: HotelsHarness, uri: string): Promise<McpError> {
  const err = await h.client.readResource({ uri }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(McpError);
  seen.push(JSON.stringify(err), (err as Error).message);
  return err as McpError;
}

async function listed(h: HotelsHarness): Promise<string[]> {
  const { resources } = await h.client.listResources();
  seen.push(JSON.stringify(resources));
  return resources.map((r) => r.uri);
}

async function promptText(h: HotelsHarness, name: string, args: Record<string, string>): Promise<string> {
  const { messages } = await h.client.getPrompt({ name, arguments: args });
  seen.push(JSON.stringify(messages));
  return messages.map((m) => (m.content.type === "text" ? m.content.text : "")).join("\n");
}

beforeAll(async () => {
  const clock = testClock();
  sandbox = await startSandbox({ seed: "hotels-trips", canary: CANARY, deviceIntervalSeconds: 0, now: clock.now });
  root = await mkdtemp(join(tmpdir(), "htrips-"));
  socketPath = join(root, "run", "auth.sock");
  const parsed = parseConfig({ HOME: root, TBANK_HOTELS_API_BASE_URL: sandbox.urls.hotelsApiBaseUrl, ...brokerEnv() });
  if (!parsed.ok) throw new Error(`bad broker config: ${JSON.stringify(parsed.problems)}`);
  const running = await startInProcessBroker(parsed.config, { now: clock.now, requestTimeoutMs: 5000, selfPeer: true });
  stopBroker = running.stop;
});

afterAll(async () => {
  for (const harness of harnesses) await harness.close();
  await stopBroker("test done");
  await sandbox.close();
  await rm(root, { recursive: true, force: true });
});

describe("trips as resources", () => {
  it("signed out: resources/list shows nothing personal, reading gives mobile_login_required with the login step", async () => {
    const h = await hotels();
    expect((await listed(h)).filter((u) => u.startsWith(BOOKINGS))).toEqual([BOOKINGS]);
    const err = await readError(h, BOOKINGS);
    expect(err.code).toBe(-32600);
    expect(err.data).toMatchObject({ status: "mobile_login_required", retryAllowed: false });
    expect(err.message).toContain("tbank-mcp login");
    const vouchers = await readError(h, VOUCHERS);
    expect(vouchers.data).toMatchObject({ status: "mobile_login_required", retryAllowed: false });
    expect((await listed(h)).filter((u) => u.startsWith(`${VOUCHERS}/`))).toEqual([]);
  });

  it("without a broker: no booking is listed and a read says to set up the broker", async () => {
    const h = await hotels({});
    expect((await listed(h)).filter((u) => u.startsWith(BOOKINGS))).toEqual([BOOKINGS]);
    const err = await readError(h, `${BOOKINGS}/bkr_${"A".repeat(22)}`);
    expect(err.data).toMatchObject({ status: "customer_tools_not_configured" });
    expect(err.message).toContain("tbank-mcp setup");
    expect((await readError(h, VOUCHERS)).data).toMatchObject({ status: "customer_tools_not_configured" });
  });

  describe("signed in", () => {
    let h: HotelsHarness;
    beforeAll(async () => {
      await signIn(socketPath, sandbox);
      h = await hotels();
    });

    it("lists each booking as its own resource, named by hotel, city and check-in", async () => {
      const { resources } = await h.client.listResources();
      const bookings = resources.filter((r) => r.uri.startsWith(`${BOOKINGS}/bkr_`));
      expect(bookings.length).toBeGreaterThan(3);
      expect(bookings.some((r) => r.name.includes("Казань"))).toBe(true);
      const { resourceTemplates } = await h.client.listResourceTemplates();
      expect(resourceTemplates.map((t) => t.uriTemplate)).toContain(`${BOOKINGS}/{bookingRef}`);
    });

    it("the list and a booking read exactly as list_bookings and get_booking answer, in Russian and in English", async () => {
      expect(await read(h, BOOKINGS)).toBe((await h.call("tbank_hotels_list_bookings", { limit: 20 })).text);
      expect(await read(h, `${BOOKINGS}?language=en`)).toBe((await h.call("tbank_hotels_list_bookings", { limit: 20, language: "en" })).text);
      const uris = (await listed(h)).filter((u) => u.startsWith(`${BOOKINGS}/bkr_`));
      const bookingRef = uris[0]!.slice(BOOKINGS.length + 1);
      expect(await read(h, uris[0]!)).toBe((await h.call("tbank_hotels_get_booking", { bookingRef })).text);
      const en = await read(h, `${uris[0]!}?language=en`);
      expect(en).toBe((await h.call("tbank_hotels_get_booking", { bookingRef, language: "en" })).text);
      expect(en).toContain("status=ok");
    });

    it("a saved voucher is listed and read with what save_voucher said (path, size, deletion time), never its bytes", async () => {
      expect(await read(h, VOUCHERS)).toBe("status=ok vouchers=0\nnext: no voucher is saved: tbank_hotels_save_voucher with a bookingRef saves one");
      const kazan = ((await h.call("tbank_hotels_list_bookings", { limit: 20 })).data.bookings as { city: string; bookingRef: string }[]).find((b) => b.city === "Казань")!;
      const saved = (await h.call("tbank_hotels_save_voucher", { bookingRef: kazan.bookingRef })).data as { path: string; sizeBytes: number; expiresAt: string };
      // Dated from the file's mtime (the OS clock; this test's clock is another year), 15 minutes on.
      const line = `${saved.path} | ${saved.sizeBytes} bytes | deleted at ${new Date((await stat(saved.path)).mtimeMs + 15 * 60_000).toISOString()}`;
      expect(await read(h, VOUCHERS)).toBe(`status=ok vouchers=1\n${line}`);
      const name = saved.path.split("/").at(-1)!;
      const uris = await listed(h);
      expect(uris).toContain(`${VOUCHERS}/${name}`);
      const one = await read(h, `${VOUCHERS}/${name}`);
      expect(one).toBe(`status=ok\n${line}`);
      expect(one).not.toContain("%PDF");
      expect((await readError(h, `${VOUCHERS}/voucher-${"C".repeat(22)}.pdf`)).code).toBe(-32002);
    });

    it("an unknown or malformed bookingRef is resource-not-found with the list step", async () => {
      for (const ref of [`bkr_${"B".repeat(22)}`, "12345"]) {
        const err = await readError(h, `${BOOKINGS}/${ref}`);
        expect(err.code).toBe(-32002);
        expect(err.data).toMatchObject({ status: "invalid_ref", retryAllowed: false });
        expect(err.message).toContain("tbank_hotels_list_bookings");
      }
    });
  });
});

describe("ready prompts", () => {
  it("lists the three prompts with their arguments", async () => {
    const h = await hotels();
    const { prompts } = await h.client.listPrompts();
    expect(prompts.map((p) => [p.name, (p.arguments ?? []).map((a) => `${a.name}${a.required === true ? "!" : ""}`)])).toEqual([
      ["plan_weekend", ["destination!", "party!", "language"]],
      ["upcoming_trips", ["language"]],
      ["cancellation_cost", ["booking!", "language"]],
    ]);
  });

  it("plan_weekend works the coming weekend out from the server's clock (Monday 1 March 2027: 5 to 7 March)", async () => {
    const h = await hotels();
    const ru = await promptText(h, "plan_weekend", { destination: "Казань", party: "2 взрослых" });
    expect(ru).toContain("заезд в пятницу 05.03.2027, выезд в воскресенье 07.03.2027");
    expect(ru).toContain('tbank_hotels_plan_stay: destination="Казань", checkinDate=2027-03-05, checkoutDate=2027-03-07');
    const en = await promptText(h, "plan_weekend", { destination: "Kazan", party: "2 adults", language: "en" });
    expect(en).toContain("check in Friday 5 Mar 2027, check out Sunday 7 Mar 2027");
    expect(en).toContain('language="en"');
  });

  it("upcoming_trips and cancellation_cost lead to the customer tools, in both languages", async () => {
    const h = await hotels();
    expect(await promptText(h, "upcoming_trips", {})).toContain("tbank_hotels_list_bookings со status=active");
    expect(await promptText(h, "upcoming_trips", { language: "en" })).toContain('tbank_hotels_list_bookings with status=active and language="en"');
    const ru = await promptText(h, "cancellation_cost", { booking: "поездка в Казань" });
    expect(ru).toContain("«поездка в Казань»");
    expect(ru).toContain("tbank_hotels_preview_cancellation");
    expect(await promptText(h, "cancellation_cost", { booking: "Kazan trip", language: "en" })).toContain("tbank_hotels_preview_cancellation with its bookingRef");
  });

  it("a prompt argument past its bound is refused, not expanded", async () => {
    const h = await hotels();
    expect(await promptText(h, "cancellation_cost", { booking: "x".repeat(200) })).toContain("x".repeat(200));
    await expect(h.client.getPrompt({ name: "cancellation_cost", arguments: { booking: "x".repeat(201) } })).rejects.toThrow(/booking/);
  });
});

describe("what resources and prompts show", () => {
  it("no provider id, token or contact detail reaches any resource or prompt output", () => {
    expect(seen.length).toBeGreaterThan(10);
    for (const s of seen) {
      expect(s).not.toContain(CANARY);
      expect(s).not.toMatch(/orderId|example\.test|accessToken|refreshToken/i);
    }
  });
});
