import { afterEach, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox, type SandboxOptions } from "../../scripts/sandbox/index.js";
import { login } from "./helpers/sandbox-oauth.js";

interface Spending {
  currency: string;
  periodMonths: number;
  stays: { date: string; merchantCategory: string; city: string; nights: number; amount: { value: number; currency: string } }[];
  summary: { staysCount: number; nightsCount: number };
}

const open: Sandbox[] = [];
async function sandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const s = await startSandbox({ seed: "banking-test", now: () => Date.UTC(2026, 4, 15, 12), ...options });
  open.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function spending(s: Sandbox, token: string, query = "?months=12"): Promise<Response> {
  return fetch(`${s.urls.bankingApiBaseUrl}/v1/travel/spending${query}`, { headers: { authorization: `Bearer ${token}` } });
}

describe("sandbox banking API", () => {
  it("answers status without auth", async () => {
    const s = await sandbox();
    const res = await fetch(`${s.urls.bankingApiBaseUrl}/v1/status`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("answers 401 without a token and with a bad one", async () => {
    const s = await sandbox();
    const none = await fetch(`${s.urls.bankingApiBaseUrl}/v1/travel/spending`);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toContain("Bearer");
    const bad = await spending(s, "at_forged");
    expect(bad.status).toBe(401);
    expect(bad.headers.get("www-authenticate")).toContain('error="invalid_token"');
    expect(await bad.json()).toMatchObject({ code: "unauthorized" });
  });

  it("returns the customer's hotel stays with a token from a device grant", async () => {
    const s = await sandbox();
    const tokens = await login(s);
    const res = await spending(s, tokens.access_token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Spending;
    expect(body.currency).toBe("RUB");
    expect(body.periodMonths).toBe(12);
    expect(body.stays.length).toBeGreaterThanOrEqual(6);
    expect(body.stays.length).toBeLessThanOrEqual(12);
    expect(body.summary).toEqual({ staysCount: body.stays.length, nightsCount: body.stays.reduce((n, x) => n + x.nights, 0) });
    const rub = body.stays.filter((x) => x.amount.currency === "RUB");
    expect(body.stays.length - rub.length).toBe(1);
    const perNight = rub.map((x) => x.amount.value / x.nights);
    expect(Math.min(...perNight)).toBeGreaterThanOrEqual(6000);
    expect(Math.max(...perNight)).toBeLessThanOrEqual(13000);
    for (const stay of body.stays) {
      expect(stay.merchantCategory).toBe("hotels");
      expect(stay.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(stay.date >= "2025-05-15" && stay.date <= "2026-05-15").toBe(true);
      expect(typeof stay.amount.value).toBe("number");
    }
  });

  it("is deterministic by seed, and a longer period extends the same history", async () => {
    const read = async (seed: string, months: number): Promise<Spending> => {
      const s = await sandbox({ seed });
      return (await (await spending(s, (await login(s)).access_token, `?months=${months}`)).json()) as Spending;
    };
    const a = await read("seed-a", 12);
    expect(await read("seed-a", 12)).toEqual(a);
    expect((await read("seed-b", 12)).stays).not.toEqual(a.stays);
    const longer = await read("seed-a", 24);
    expect(longer.stays.slice(0, a.stays.length)).toEqual(a.stays);
    expect(longer.stays.length).toBeGreaterThan(a.stays.length);
  });

  it("rejects a bad months parameter", async () => {
    const s = await sandbox();
    const res = await spending(s, (await login(s)).access_token, "?months=abc");
    expect(res.status).toBe(400);
  });
});
