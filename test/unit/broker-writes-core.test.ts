import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cancellationText, cancellingAt, cancellingText, roomsOf } from "../../broker/writes/display.js";
import { roomLine } from "../../shared/writes/approval-lines.js";
import { ApprovalDisplaySchema, BookingRequestSchema } from "../../shared/protocol/ops-hotels-writes.js";
import { answeredFacts, type FactsContext } from "../../broker/writes/facts.js";
import { missingGates, writeGatesOf } from "../../broker/writes/gates.js";
import { LEDGER_FILE, LEDGER_RETENTION_MS, WriteLedger } from "../../broker/writes/ledger.js";
import { LEDGER_KEY_FILE } from "../../broker/writes/fingerprint.js";
import type { PreparedWrite } from "../../shared/protocol/ops-hotels-writes.js";
import { brokerChildEnv } from "../../shared/child-env.js";
import { parseConfig } from "../../shared/config/index.js";

const HASH_A = "a".repeat(64);
const HASH_B = "b".repeat(64);
const HASH_C = "c".repeat(64);

describe("write ledger", () => {
  let dir: string;
  let t = 1_000_000;
  const now = (): number => t;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "ledger-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("claims a hash once, synchronously", async () => {
    const ledger = await WriteLedger.open({ dir, now });
    ledger.claim(HASH_A, "booking");
    expect(() => ledger.claim(HASH_A, "booking")).toThrow();
  });

  it("persists only hash, kind, state, times and a refusal word (0600); a restart turns `sending` into outcome_unknown and forgets approvals", async () => {
    const ledger = await WriteLedger.open({ dir, now });
    ledger.claim(HASH_A, "booking");
    await ledger.update(HASH_A, "sending");
    ledger.claim(HASH_B, "cancellation");
    await ledger.update(HASH_B, "refused", { refusal: "not_cancellable" });
    ledger.claim(HASH_C, "promo_code");
    const text = await readFile(join(dir, LEDGER_FILE), "utf8");
    expect((await stat(join(dir, LEDGER_FILE))).mode & 0o777).toBe(0o600);
    const { keyId, ...rest } = JSON.parse(text) as { keyId: string };
    expect(keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(rest).toEqual({
      version: 1,
      entries: [
        { requestHash: HASH_A, kind: "booking", state: "sending", createdAt: t, updatedAt: t },
        { requestHash: HASH_B, kind: "cancellation", state: "refused", createdAt: t, updatedAt: t, refusal: "not_cancellable" },
      ],
    });
    const again = await WriteLedger.open({ dir, now });
    expect(again.get(HASH_A)?.state).toBe("outcome_unknown");
    expect(again.get(HASH_B)).toMatchObject({ state: "refused", refusal: "not_cancellable" });
    expect(again.get(HASH_C)).toBeUndefined();
  });

  it("drops entries older than 24 h; a damaged file refuses writes (saying so and the fix) and is left as it is", async () => {
    const ledger = await WriteLedger.open({ dir, now });
    ledger.claim(HASH_A, "booking");
    await ledger.update(HASH_A, "committed");
    t += LEDGER_RETENTION_MS + 1;
    expect((await WriteLedger.open({ dir, now })).get(HASH_A)).toBeUndefined();
    await writeFile(join(dir, LEDGER_FILE), "{not json");
    const damaged = await WriteLedger.open({ dir, now });
    expect(damaged.unavailable).toMatch(/write-ledger\.json .* is damaged.*To write again: check your bookings, then move write-ledger\.json aside/);
    expect(await readFile(join(dir, LEDGER_FILE), "utf8")).toBe("{not json");
  });
});

describe("write fingerprints", () => {
  let dir: string;
  const now = (): number => 1_000_000;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "ledger-fp-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const times = { preparedAt: "2027-03-01T09:00:00.000Z", expiresAt: "2027-03-01T09:05:00.000Z" };
  const cancel = (bookingRef: string): PreparedWrite => ({ kind: "cancellation", request: { bookingRef }, ...times });
  const promo = (bookingRef: string, promoCode: string): PreparedWrite => ({ kind: "promo_code", request: { bookingRef, promoCode }, ...times });

  it("name the order, not the ref: two refs to one order match, another order or another parameter does not", async () => {
    const ledger = await WriteLedger.open({ dir, now });
    const fp = ledger.fingerprintOf(cancel("bkr_AAAAAAAAAAAAAAAAAAAAAA"), "ord_1");
    expect(fp).toMatch(/^[0-9a-f]{64}$/);
    expect(ledger.fingerprintOf(cancel("bkr_BBBBBBBBBBBBBBBBBBBBBB"), "ord_1")).toBe(fp);
    expect(ledger.fingerprintOf(cancel("bkr_AAAAAAAAAAAAAAAAAAAAAA"), "ord_2")).not.toBe(fp);
    expect(ledger.fingerprintOf(promo("bkr_AAAAAAAAAAAAAAAAAAAAAA", "A"), "ord_1")).not.toBe(ledger.fingerprintOf(promo("bkr_AAAAAAAAAAAAAAAAAAAAAA", "B"), "ord_1"));
    expect(() => ledger.fingerprintOf(cancel("bkr_AAAAAAAAAAAAAAAAAAAAAA"), undefined)).toThrow();
  });

  it("are keyed: the key survives a restart (0600); another key gives another fingerprint", async () => {
    const fp = (await WriteLedger.open({ dir, now })).fingerprintOf(cancel("bkr_AAAAAAAAAAAAAAAAAAAAAA"), "ord_1");
    expect((await stat(join(dir, LEDGER_KEY_FILE))).mode & 0o777).toBe(0o600);
    expect((await WriteLedger.open({ dir, now })).fingerprintOf(cancel("bkr_BBBBBBBBBBBBBBBBBBBBBB"), "ord_1")).toBe(fp);
    const other = await mkdtemp(join(tmpdir(), "ledger-fp-"));
    try {
      expect((await WriteLedger.open({ dir: other, now })).fingerprintOf(cancel("bkr_AAAAAAAAAAAAAAAAAAAAAA"), "ord_1")).not.toBe(fp);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it("of extra services do not depend on the services' order; each service has its own part", async () => {
    const ledger = await WriteLedger.open({ dir, now });
    const extras = (services: ("early_checkin" | "late_checkout")[]): PreparedWrite => ({ kind: "extra_services", request: { bookingRef: "bkr_AAAAAAAAAAAAAAAAAAAAAA", services }, ...times });
    expect(ledger.fingerprintOf(extras(["late_checkout", "early_checkin"]), "ord_1")).toBe(ledger.fingerprintOf(extras(["early_checkin", "late_checkout"]), "ord_1"));
    expect(ledger.fingerprintOf(extras(["early_checkin"]), "ord_1")).not.toBe(ledger.fingerprintOf(extras(["early_checkin", "late_checkout"]), "ord_1"));
    const one = ledger.partsOf(extras(["early_checkin"]), "ord_1");
    const both = ledger.partsOf(extras(["late_checkout", "early_checkin"]), "ord_1");
    expect(both.map((p) => p.part)).toEqual(["early_checkin", "late_checkout"]);
    expect(both[0]!.fingerprint).toBe(one[0]!.fingerprint);
    expect(ledger.partsOf(extras(["early_checkin"]), "ord_2")[0]!.fingerprint).not.toBe(one[0]!.fingerprint);
    expect(ledger.partsOf(cancel("bkr_AAAAAAAAAAAAAAAAAAAAAA"), "ord_1")).toEqual([]);
  });

  /** A ledger holding one write of `state`, fingerprinted under the key now in `dir`. */
  async function ledgerWith(state: "committed" | "refused"): Promise<void> {
    const ledger = await WriteLedger.open({ dir, now });
    ledger.claim(HASH_A, "cancellation", ledger.fingerprintOf(cancel("bkr_AAAAAAAAAAAAAAAAAAAAAA"), "ord_1"));
    await ledger.update(HASH_A, state);
  }

  it("a key missing, damaged or replaced while recent writes need it: writes refused until they age out, both files untouched", async () => {
    await ledgerWith("committed");
    const ledgerText = await readFile(join(dir, LEDGER_FILE), "utf8");
    const until = new Date(1_000_000 + LEDGER_RETENTION_MS).toISOString();
    for (const [key, problem] of [[undefined, "is missing"], ["short\n", "is damaged"], [`${"1".repeat(64)}\n`, "is not the key write-ledger.json was written with"]] as const) {
      await rm(join(dir, LEDGER_KEY_FILE), { force: true });
      if (key !== undefined) await writeFile(join(dir, LEDGER_KEY_FILE), key);
      const locked = await WriteLedger.open({ dir, now });
      expect(locked.unavailable).toContain(`write-ledger.key ${problem}`);
      expect(locked.unavailable).toContain(`wait until ${until}`);
      expect(locked.unavailable).toContain("put back the write-ledger.key");
      expect(() => locked.fingerprintOf(cancel("bkr_AAAAAAAAAAAAAAAAAAAAAA"), "ord_1")).toThrow();
      expect(await readFile(join(dir, LEDGER_FILE), "utf8")).toBe(ledgerText);
      expect(await readFile(join(dir, LEDGER_KEY_FILE), "utf8").catch(() => undefined)).toBe(key);
    }
  });

  it("a ledger no live fingerprint of which needs the old key (none, refused only, or aged out) makes a new one", async () => {
    await ledgerWith("refused");
    await rm(join(dir, LEDGER_KEY_FILE));
    expect((await WriteLedger.open({ dir, now })).unavailable).toBeUndefined();
    expect((await stat(join(dir, LEDGER_KEY_FILE))).mode & 0o777).toBe(0o600);
    await rm(join(dir, LEDGER_FILE));
    await ledgerWith("committed");
    await rm(join(dir, LEDGER_KEY_FILE));
    expect((await WriteLedger.open({ dir, now: () => 1_000_000 + LEDGER_RETENTION_MS + 1 })).unavailable).toBeUndefined();
  });

  it("a start removes the temp files an interrupted save left, of the ledger and of its key, and nothing else", async () => {
    await writeFile(join(dir, LEDGER_FILE), '{"version":1,"entries":[]}\n');
    const stale = [`.${LEDGER_FILE}.0123456789abcdef.tmp`, `.${LEDGER_KEY_FILE}.fedcba9876543210.tmp`];
    const kept = [`.${LEDGER_FILE}.tmp`, "other.tmp"];
    for (const name of [...stale, ...kept]) await writeFile(join(dir, name), "x");
    await WriteLedger.open({ dir, now });
    const left = await readdir(dir);
    for (const name of stale) expect(left).not.toContain(name);
    for (const name of kept) expect(left).toContain(name);
    expect(await readFile(join(dir, LEDGER_FILE), "utf8")).toBe('{"version":1,"entries":[]}\n');
  });
});

describe("write gates", () => {
  const reviewed = "non_production_v1_reviewed" as const;
  it("name every missing variable, and x-real-ip only for bookings", () => {
    expect(missingGates({ requested: false, executionProfile: undefined, trustedRealIp: undefined }, "booking")).toEqual([
      "TBANK_HOTELS_ENABLE_MUTATIONS=true",
      "TBANK_HOTELS_MUTATION_EXECUTION_PROFILE=non_production_v1_reviewed",
      "TBANK_HOTELS_TRUSTED_REAL_IP",
    ]);
    expect(missingGates({ requested: true, executionProfile: reviewed, trustedRealIp: undefined }, "cancellation")).toEqual([]);
    expect(missingGates({ requested: true, executionProfile: reviewed, trustedRealIp: undefined }, "ls_booking")).toEqual(["TBANK_HOTELS_TRUSTED_REAL_IP"]);
  });

  it("report whether the x-real-ip is set, never its value", () => {
    const gates = writeGatesOf({ requested: true, executionProfile: reviewed, trustedRealIp: "198.51.100.4" });
    expect(gates).toEqual({ mutationsEnabled: true, executionProfile: reviewed, trustedRealIp: true, approvalChannels: ["terminal", "loopback_page"] });
    expect(JSON.stringify(gates)).not.toContain("198.51.100.4");
  });

  it("config: the x-real-ip must be an IP literal; the approval timeout is bounded", () => {
    const base = { HOME: "/home/u" };
    const bad = parseConfig({ ...base, TBANK_HOTELS_TRUSTED_REAL_IP: "example.com", TBANK_AUTH_BROKER_APPROVAL_TIMEOUT_MS: "1000" });
    expect(bad.ok ? [] : bad.problems.map((p) => p.variable)).toEqual(["TBANK_HOTELS_TRUSTED_REAL_IP", "TBANK_AUTH_BROKER_APPROVAL_TIMEOUT_MS"]);
    const good = parseConfig({ ...base, TBANK_HOTELS_TRUSTED_REAL_IP: "2001:db8::1" });
    expect(good.ok && good.config.hotels.mutations.trustedRealIp).toBe("2001:db8::1");
    expect(good.ok && good.config.broker.approvalTimeoutMs).toBe(120_000);
  });

  it("the toolkit never passes the write gates on from a parent process to a broker it starts", () => {
    const env = brokerChildEnv({
      HOME: "/home/u",
      TBANK_HOTELS_ENABLE_MUTATIONS: "true",
      TBANK_HOTELS_MUTATION_EXECUTION_PROFILE: "non_production_v1_reviewed",
      TBANK_HOTELS_TRUSTED_REAL_IP: "203.0.113.5",
      TBANK_AUTH_BROKER_APPROVAL_TIMEOUT_MS: "600000",
    });
    expect(env).toEqual({ HOME: "/home/u" });
  });

  it("the broker bin the person started moves itself to the background with its gates", () => {
    const env = brokerChildEnv({ HOME: "/home/u", TBANK_HOTELS_ENABLE_MUTATIONS: "true", TBANK_HOTELS_TRUSTED_REAL_IP: "203.0.113.5", TBANK_HOTELS_AUTH_TOKEN: "svc" }, { writeGates: true });
    expect(env).toEqual({ HOME: "/home/u", TBANK_HOTELS_ENABLE_MUTATIONS: "true", TBANK_HOTELS_TRUSTED_REAL_IP: "203.0.113.5" });
  });
});

describe("approval display", () => {
  it("one line per room with its own guests: counts, children's ages, every name whole", () => {
    const rooms = roomsOf([
      { adults: 2, childrenAges: [7], guests: [{ firstName: "Ivan", lastName: "Petrov" }, { firstName: "Anna", lastName: "Petrova" }] },
      { adults: 1, childrenAges: [3, 9], guests: [{ firstName: "Oleg", lastName: "Sidorov" }] },
    ]);
    expect(rooms.map(roomLine)).toEqual(["Room 1 (2 adults, child 7): Ivan Petrov, Anna Petrova", "Room 2 (1 adult, children 3, 9): Oleg Sidorov"]);
    // The longest names the booking schema takes, ten to a room, in four rooms: the display still
    // fits its schema (a line past it made the broker's result check refuse every pending approval).
    const longest = { firstName: "A".repeat(80), lastName: "B".repeat(80) };
    const full = roomsOf(Array.from({ length: 4 }, () => ({ adults: 6, childrenAges: [17, 17, 17, 17], guests: Array.from({ length: 10 }, () => longest) })));
    expect(ApprovalDisplaySchema.shape.rooms.safeParse(full).success).toBe(true);
    expect(full[3]?.guests[9]).toBe(`${longest.firstName} ${longest.lastName}`);
  });

  it("a rate's cancellation terms from the provider's facts, null without them", () => {
    expect(cancellationText({ freeCancellationUntil: "2027-03-20T18:00:00+03:00", penalties: [{ from: "2027-03-20T18:00:00+03:00", amount: { value: 4500, currency: "RUB" } }] })).toBe(
      "free cancellation until 20 Mar 2027 18:00 (UTC+03:00), then a penalty of ₽4,500",
    );
    expect(cancellationText({ freeCancellationUntil: null, penalties: [] })).toBeNull();
  });

  it("cancelling now: free before the first stage, the latest started stage after it, null with no facts", () => {
    const terms = {
      freeCancellationUntil: "2027-03-20T18:00:00+03:00",
      penalties: [
        { from: "2027-03-21T00:00:00+03:00", amount: { value: 18000, currency: "RUB" } },
        { from: "2027-03-20T18:00:00+03:00", amount: { value: 4500, currency: "RUB" } },
      ],
    };
    const at = (iso: string): string | null => cancellingText(cancellingAt(terms, Date.parse(iso)));
    expect(at("2027-03-20T17:59:00+03:00")).toBe("free now (until 20 Mar 2027 18:00 (UTC+03:00)); a penalty of ₽4,500 after 20 Mar 2027 18:00 (UTC+03:00)");
    expect(at("2027-03-20T18:00:00+03:00")).toBe("not free now: a penalty of ₽4,500 applies since 20 Mar 2027 18:00 (UTC+03:00) (free cancellation ended 20 Mar 2027 18:00 (UTC+03:00))");
    expect(at("2027-03-21T01:00:00+03:00")).toMatch(/^not free now: a penalty of ₽18,000 applies since 21 Mar 2027 00:00/);
    expect(cancellingAt({ freeCancellationUntil: null, penalties: [] }, 0)).toBeNull();
    // A deadline already past with no stages stated: nothing to say about now.
    expect(cancellingAt({ freeCancellationUntil: "2027-03-20T18:00:00+03:00", penalties: [] }, Date.parse("2027-03-21T00:00:00Z"))).toBeNull();
  });
});

describe("booking request schema", () => {
  it("an expected price sent as a JSON number must be the decimal the person approved: kopecks at most, 13 digits", () => {
    const money = (amountDecimal: string) => BookingRequestSchema.shape.expectedPrice.safeParse({ amountDecimal, currency: "RUB" }).success;
    expect(money("18450.5")).toBe(true);
    expect(money("18450.55")).toBe(true);
    expect(money("18450.555")).toBe(false);
    expect(money("12345678901234")).toBe(false);
  });
});

describe("payment setup facts", () => {
  const prepared = { kind: "payment_setup", request: { bookingRef: "bkr_AAAAAAAAAAAAAAAAAAAAAA" }, preparedAt: "2027-01-01T00:00:00.000Z", expiresAt: "2027-01-01T00:05:00.000Z" } as const;
  // The payment branch reads nothing: the context is never touched.
  const ctx = {} as FactsContext;
  const answer = (paymentUrl: string) => ({ paymentUrl, expiresAt: null, amount: { value: 100, currency: "RUB" } });

  it("hands on the provider's hosted page, but never one whose address names the order (the orderId would reach the model)", async () => {
    await expect(answeredFacts(prepared, "ord_secret_42", answer("https://pay.example/p/abc"), ctx)).resolves.toMatchObject({ paymentPageUrl: "https://pay.example/p/abc" });
    await expect(answeredFacts(prepared, "ord_secret_42", answer("https://pay.example/p/ord_secret_42"), ctx)).rejects.toMatchObject({ code: "provider_error" });
    await expect(answeredFacts(prepared, "ord_secret_42", answer("javascript:alert(1)"), ctx)).rejects.toMatchObject({ code: "provider_error" });
  });

  it("takes a card-entry page only over https (plain http only on this machine, as the sandbox serves it) and never with credentials", async () => {
    for (const refused of ["http://pay.example/p/abc", "http://10.0.0.7/p/abc", "https://user:pw@pay.example/p/abc", "ftp://pay.example/p/abc"]) {
      await expect(answeredFacts(prepared, "ord_secret_42", answer(refused), ctx)).rejects.toMatchObject({ code: "provider_error" });
    }
    await expect(answeredFacts(prepared, "ord_secret_42", answer("http://127.0.0.1:8765/_sandbox/pay/tok"), ctx)).resolves.toMatchObject({ paymentPageUrl: "http://127.0.0.1:8765/_sandbox/pay/tok" });
  });
});
