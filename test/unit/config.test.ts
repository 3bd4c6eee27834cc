import { describe, expect, it } from "vitest";
import { parseConfig, type ConfigProblem, type Env, type FileStat } from "../../shared/config/index.js";

const HOME = "/home/ada";
const base: Env = { HOME };

function problems(env: Env, files: Record<string, FileStat> = {}): ConfigProblem[] {
  const result = parseConfig({ ...base, ...env }, { platform: "linux", stat: (p) => files[p] });
  return result.ok ? [] : result.problems;
}

function variables(env: Env, files: Record<string, FileStat> = {}): string[] {
  return problems(env, files).map((p) => p.variable);
}

const file = (mode: number): FileStat => ({ mode: 0o100000 | mode, uid: 1000, isFile: true, isDirectory: false });
const dir = (mode: number): FileStat => ({ mode: 0o040000 | mode, uid: 1000, isFile: false, isDirectory: true });

describe("parseConfig defaults", () => {
  it("gives the documented defaults with only HOME set", () => {
    const result = parseConfig(base, { platform: "linux", stat: () => undefined });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { config } = result;
    expect(config.hotels.apiBaseUrl).toBe("https://hotels.tbank.ru/api");
    expect(config.hotels.auth).toEqual({ kind: "anonymous" });
    expect(config.hotels.timeoutMs).toBe(15_000);
    expect(config.hotels.maxConcurrentRequests).toBe(2);
    expect([...config.hotels.toolsets]).toEqual(["journey", "customer"]);
    expect(config.hotels.hotelPageUrlTemplate).toBe("https://www.tbank.ru/travel/hotels/new/hotels/{hotelId}/");
    expect(config.hotels.ordersPageUrl).toBe("https://www.tbank.ru/travel/orders/");
    expect(config.hotels.mutations).toEqual({ enabled: false, requested: false, executionProfile: undefined, trustedRealIp: undefined });
    expect(config.broker.approvalTimeoutMs).toBe(120_000);
    expect(config.broker.socketPath).toBe(`${HOME}/.local/share/tbank-auth-broker/auth.sock`);
    expect(config.broker.combinedProfile).toBe(false);
    expect(config.broker.stateDir).toBe(`${HOME}/.local/state/tbank-auth-broker`);
    expect(config.broker.timeoutMs).toBe(45_000);
    expect(config.broker.sessionStore).toBe("auto");
    expect(config.broker.issuerUrl).toBeUndefined();
    expect(config.vouchers).toEqual({ directory: `${HOME}/.local/state/tbank-auth-broker/vouchers`, ttlSeconds: 900 });
  });

  it("honours XDG_STATE_HOME only when absolute", () => {
    const abs = parseConfig({ ...base, XDG_STATE_HOME: "/xdg/state" }, { stat: () => undefined });
    const rel = parseConfig({ ...base, XDG_STATE_HOME: "relative/state" }, { stat: () => undefined });
    expect(abs.ok && abs.config.broker.stateDir).toBe("/xdg/state/tbank-auth-broker");
    expect(rel.ok && rel.config.broker.stateDir).toBe(`${HOME}/.local/state/tbank-auth-broker`);
  });

  it("turns on the combined profile when the socket is set", () => {
    const result = parseConfig({ ...base, TBANK_AUTH_BROKER_SOCKET: "/run/user/1000/tbank/auth.sock" }, { stat: () => undefined });
    expect(result.ok && result.config.broker.combinedProfile).toBe(true);
  });

  it("treats empty strings as unset", () => {
    expect(problems({ TBANK_HOTELS_AUTH_TOKEN: "", TBANK_HOTELS_AUTH_HEADERS_JSON: "  " })).toEqual([]);
  });
});

describe("TBANK_HOTELS_PHOTO_ORIGINS (the stay view's image hosts)", () => {
  const origins = (env: Env) => {
    const result = parseConfig({ ...base, ...env }, { platform: "linux", stat: () => undefined });
    return result.ok ? result.config.hotels.photoOrigins : undefined;
  };

  it("defaults to the API's origin, the sandbox's when pointed there", () => {
    expect(origins({})).toEqual(["https://hotels.tbank.ru"]);
    expect(origins({ TBANK_HOTELS_API_BASE_URL: "http://127.0.0.1:4010/api" })).toEqual(["http://127.0.0.1:4010"]);
  });

  it("reads a comma list of https origins", () => {
    expect(origins({ TBANK_HOTELS_PHOTO_ORIGINS: "https://a.example, https://b.example:8443/" })).toEqual(["https://a.example", "https://b.example:8443"]);
  });

  it("refuses plain http off loopback, a path, a query or credentials", () => {
    for (const value of ["http://photos.example", "https://cdn.example/hotels", "https://cdn.example/?x=1", "https://u:p@cdn.example", "not a url"]) {
      expect(variables({ TBANK_HOTELS_PHOTO_ORIGINS: value }), value).toEqual(["TBANK_HOTELS_PHOTO_ORIGINS"]);
    }
  });
});

describe("auth profiles", () => {
  it("reads a static token with the default Bearer prefix and a custom header", () => {
    const r = parseConfig({ ...base, TBANK_HOTELS_AUTH_TOKEN: "t0k3n-value", TBANK_HOTELS_AUTH_HEADER: "X-Api-Key", TBANK_HOTELS_AUTH_PREFIX: "" }, { stat: () => undefined });
    expect(r.ok && r.config.hotels.auth).toEqual({ kind: "static_token", header: "X-Api-Key", prefix: "", token: "t0k3n-value" });
    const d = parseConfig({ ...base, TBANK_HOTELS_AUTH_TOKEN: "t0k3n-value" }, { stat: () => undefined });
    expect(d.ok && d.config.hotels.auth).toMatchObject({ header: "Authorization", prefix: "Bearer " });
  });

  it("reads a service JWT with an audience array and the no-space Bearer prefix", () => {
    const r = parseConfig(
      { ...base, TBANK_HOTELS_JWT_ISSUER: "HOTELSSEARCHAPI", TBANK_HOTELS_JWT_AUDIENCE: "HOTELSAPI, OTHER ,", TBANK_HOTELS_JWT_PRIVATE_KEY_FILE: "/keys/k.pem" },
      { stat: (p) => (p === "/keys/k.pem" ? file(0o600) : undefined) },
    );
    expect(r.ok && r.config.hotels.auth).toEqual({
      kind: "service_jwt",
      issuer: "HOTELSSEARCHAPI",
      audience: ["HOTELSAPI", "OTHER"],
      key: { source: "file", path: "/keys/k.pem" },
      header: "Authorization",
      prefix: "Bearer",
    });
  });

  it("refuses two profiles together: token + headers JSON", () => {
    expect(variables({ TBANK_HOTELS_AUTH_TOKEN: "abc", TBANK_HOTELS_AUTH_HEADERS_JSON: '{"X-A":"b"}' })).toEqual(["TBANK_HOTELS_AUTH_*"]);
  });

  it("refuses two profiles together: token + JWT", () => {
    const p = problems({ TBANK_HOTELS_AUTH_TOKEN: "abc", TBANK_HOTELS_JWT_ISSUER: "i" });
    expect(p).toHaveLength(1);
    expect(p[0]?.message).toContain("static token and service JWT");
  });

  it("refuses two profiles together: headers JSON + JWT", () => {
    expect(problems({ TBANK_HOTELS_AUTH_HEADERS_JSON: '{"X-A":"b"}', TBANK_HOTELS_JWT_AUDIENCE: "a" })[0]?.message).toContain("headers JSON and service JWT");
  });

  it("refuses the PEM and the key file together", () => {
    expect(variables({ TBANK_HOTELS_JWT_ISSUER: "i", TBANK_HOTELS_JWT_AUDIENCE: "a", TBANK_HOTELS_JWT_PRIVATE_KEY: "-----BEGIN", TBANK_HOTELS_JWT_PRIVATE_KEY_FILE: "/k.pem" })).toEqual([
      "TBANK_HOTELS_JWT_PRIVATE_KEY_FILE",
    ]);
  });

  it("lists every missing JWT part at once", () => {
    expect(variables({ TBANK_HOTELS_JWT_AUTH_PREFIX: "Bearer " }).sort()).toEqual(["TBANK_HOTELS_JWT_AUDIENCE", "TBANK_HOTELS_JWT_ISSUER", "TBANK_HOTELS_JWT_PRIVATE_KEY_FILE"]);
  });

  it("refuses a group- or world-readable key file, and a relative one", () => {
    const env = { TBANK_HOTELS_JWT_ISSUER: "i", TBANK_HOTELS_JWT_AUDIENCE: "a", TBANK_HOTELS_JWT_PRIVATE_KEY_FILE: "/k.pem" };
    expect(problems(env, { "/k.pem": file(0o644) })[0]?.message).toMatch(/group or others.*644/);
    expect(problems(env, { "/k.pem": file(0o640) })[0]?.message).toMatch(/chmod 600/);
    expect(problems(env, { "/k.pem": file(0o400) })).toEqual([]);
    expect(problems(env)[0]?.message).toMatch(/cannot be read/);
    expect(problems({ ...env, TBANK_HOTELS_JWT_PRIVATE_KEY_FILE: "k.pem" })[0]?.message).toMatch(/absolute/);
  });

  it("refuses header/prefix without a token", () => {
    expect(variables({ TBANK_HOTELS_AUTH_HEADER: "X-Key" })).toEqual(["TBANK_HOTELS_AUTH_HEADER"]);
  });

  it("validates headers JSON: shape, names, values, cookies", () => {
    expect(variables({ TBANK_HOTELS_AUTH_HEADERS_JSON: "not json" })).toEqual(["TBANK_HOTELS_AUTH_HEADERS_JSON"]);
    expect(variables({ TBANK_HOTELS_AUTH_HEADERS_JSON: "[1]" })).toEqual(["TBANK_HOTELS_AUTH_HEADERS_JSON"]);
    expect(problems({ TBANK_HOTELS_AUTH_HEADERS_JSON: '{"Bad Name":"x","Cookie":"s=1","X-A":5,"X-B":"a\\nb"}' })).toHaveLength(4);
    const ok = parseConfig({ ...base, TBANK_HOTELS_AUTH_HEADERS_JSON: '{"X-Integration-Token":"t","X-Client-Id":"c"}' }, { stat: () => undefined });
    expect(ok.ok && ok.config.hotels.auth).toEqual({ kind: "headers_json", headers: { "X-Integration-Token": "t", "X-Client-Id": "c" } });
  });
});

describe("ranges, URLs, templates and directories", () => {
  it("refuses timeouts and limits out of range, and non-numbers", () => {
    expect(variables({ TBANK_HOTELS_TIMEOUT_MS: "999" })).toEqual(["TBANK_HOTELS_TIMEOUT_MS"]);
    expect(variables({ TBANK_HOTELS_TIMEOUT_MS: "15s" })).toEqual(["TBANK_HOTELS_TIMEOUT_MS"]);
    expect(variables({ TBANK_AUTH_BROKER_TIMEOUT_MS: "120001" })).toEqual(["TBANK_AUTH_BROKER_TIMEOUT_MS"]);
    expect(variables({ TBANK_AUTH_BROKER_TIMEOUT_MS: "1000" })).toEqual([]);
    expect(variables({ TBANK_HOTELS_MAX_CONCURRENT_REQUESTS: "9" })).toEqual(["TBANK_HOTELS_MAX_CONCURRENT_REQUESTS"]);
    expect(variables({ TBANK_HOTELS_MAX_CONCURRENT_REQUESTS: "0" })).toEqual(["TBANK_HOTELS_MAX_CONCURRENT_REQUESTS"]);
    expect(variables({ TBANK_HOTELS_VOUCHER_TTL_SECONDS: "-5" })).toEqual(["TBANK_HOTELS_VOUCHER_TTL_SECONDS"]);
  });

  it("checks base URLs: https, loopback http, no credentials or query", () => {
    expect(variables({ TBANK_HOTELS_API_BASE_URL: "http://hotels.example.com/api" })).toEqual(["TBANK_HOTELS_API_BASE_URL"]);
    expect(variables({ TBANK_HOTELS_API_BASE_URL: "http://127.0.0.1:8080/api" })).toEqual([]);
    expect(variables({ TBANK_HOTELS_API_BASE_URL: "https://u:p@hotels.example.com/api" })).toEqual(["TBANK_HOTELS_API_BASE_URL"]);
    expect(variables({ TBANK_HOTELS_API_BASE_URL: "https://hotels.example.com/api?key=1" })).toEqual(["TBANK_HOTELS_API_BASE_URL"]);
    expect(variables({ TBANK_AUTH_ISSUER_URL: "not a url", TBANK_BANKING_API_BASE_URL: "ftp://x" }).sort()).toEqual(["TBANK_AUTH_ISSUER_URL", "TBANK_BANKING_API_BASE_URL"]);
  });

  it("requires exactly one {hotelId} and no query in the hotel page template", () => {
    const v = "TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE";
    expect(variables({ [v]: "https://example.com/hotels/" })).toEqual([v]);
    expect(variables({ [v]: "https://example.com/{hotelId}/{hotelId}/" })).toEqual([v]);
    expect(variables({ [v]: "https://example.com/hotels/{hotelId}/?utm=1" })).toEqual([v]);
    expect(variables({ [v]: "http://example.com/hotels/{hotelId}/" })).toEqual([v]);
    expect(variables({ [v]: "https://example.com/hotels/{hotelId}/" })).toEqual([]);
  });

  it("takes an orders page over https (http on loopback only), as written, never one order's page", () => {
    const v = "TBANK_HOTELS_ORDERS_PAGE_URL";
    const url = (value: string) => {
      const r = parseConfig({ ...base, [v]: value }, { stat: () => undefined });
      return r.ok ? r.config.hotels.ordersPageUrl : undefined;
    };
    expect(url("https://bank.example.com/travel/orders/")).toBe("https://bank.example.com/travel/orders/");
    expect(url("http://127.0.0.1:8765/travel/orders/")).toBe("http://127.0.0.1:8765/travel/orders/");
    // A five-digit port is not an order id.
    expect(url("http://127.0.0.1:43521/travel/orders/")).toBe("http://127.0.0.1:43521/travel/orders/");
    for (const bad of [
      "http://bank.example.com/travel/orders/",
      "https://bank.example.com/travel/orders/{orderId}/",
      "https://bank.example.com/travel/orders/%7BorderId%7D",
      "https://bank.example.com/travel/orders/ord_sbx_12345671/",
      "https://bank.example.com/travel/orders/123456789",
      "https://bank.example.com/travel/orders/1b4e28ba-2fa1-11d2-883f-0016d3cca427",
      "https://bank.example.com/travel/orders/?order=1",
      "https://u:p@bank.example.com/travel/orders/",
      "orders",
    ]) {
      expect(variables({ [v]: bad }), bad).toEqual([v]);
    }
  });

  it("refuses a relative or world-readable voucher directory", () => {
    const v = "TBANK_HOTELS_VOUCHER_DIRECTORY";
    expect(variables({ [v]: "vouchers" })).toEqual([v]);
    expect(problems({ [v]: "/v" }, { "/v": dir(0o755) })[0]?.message).toMatch(/755/);
    expect(variables({ [v]: "/v" }, { "/v": file(0o600) })).toEqual([v]);
    expect(variables({ [v]: "/v" }, { "/v": dir(0o700) })).toEqual([]);
    expect(variables({ [v]: "/not-yet" })).toEqual([]);
  });

  it("checks the socket path length and absoluteness", () => {
    const long = `/${"s".repeat(120)}/auth.sock`;
    expect(variables({ TBANK_AUTH_BROKER_SOCKET: long })).toEqual(["TBANK_AUTH_BROKER_SOCKET"]);
    expect(variables({ TBANK_AUTH_BROKER_SOCKET: "relative.sock" })).toEqual(["TBANK_AUTH_BROKER_SOCKET"]);
  });

  it("checks toolsets, session store and mutation profile", () => {
    expect(variables({ TBANK_HOTELS_TOOLSETS: "journey,bogus" })).toEqual(["TBANK_HOTELS_TOOLSETS"]);
    const all = parseConfig({ ...base, TBANK_HOTELS_TOOLSETS: "all" }, { stat: () => undefined });
    expect(all.ok && [...all.config.hotels.toolsets].sort()).toEqual(["booking", "customer", "journey", "lowlevel", "mutations"]);
    expect(variables({ TBANK_AUTH_SESSION_STORE: "cloud" })).toEqual(["TBANK_AUTH_SESSION_STORE"]);
    expect(variables({ TBANK_HOTELS_MUTATION_EXECUTION_PROFILE: "production" })).toEqual(["TBANK_HOTELS_MUTATION_EXECUTION_PROFILE"]);
    expect(variables({ TBANK_HOTELS_ENABLE_MUTATIONS: "maybe" })).toEqual(["TBANK_HOTELS_ENABLE_MUTATIONS"]);
  });

  it("keeps mutations off with the flag alone, and warns", () => {
    const r = parseConfig({ ...base, TBANK_HOTELS_ENABLE_MUTATIONS: "true" }, { stat: () => undefined });
    expect(r.ok && r.config.hotels.mutations.enabled).toBe(false);
    expect(r.warnings.map((w) => w.variable)).toEqual(["TBANK_HOTELS_MUTATION_EXECUTION_PROFILE"]);
    const both = parseConfig({ ...base, TBANK_HOTELS_ENABLE_MUTATIONS: "true", TBANK_HOTELS_MUTATION_EXECUTION_PROFILE: "non_production_v1_reviewed" }, { stat: () => undefined });
    expect(both.ok && both.config.hotels.mutations.enabled).toBe(true);
  });

  it("reports every problem at once instead of stopping at the first", () => {
    const p = variables({
      HOME: "relative-home",
      TBANK_HOTELS_TIMEOUT_MS: "1",
      TBANK_HOTELS_MAX_CONCURRENT_REQUESTS: "99",
      TBANK_HOTELS_TOOLSETS: "nope",
      TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE: "https://x/",
      TBANK_HOTELS_VOUCHER_DIRECTORY: "rel",
      TBANK_AUTH_SESSION_STORE: "x",
      TBANK_HOTELS_AUTH_TOKEN: "a",
      TBANK_HOTELS_AUTH_HEADERS_JSON: "{}",
    });
    expect(new Set(p)).toEqual(
      new Set([
        "HOME",
        "TBANK_HOTELS_TIMEOUT_MS",
        "TBANK_HOTELS_MAX_CONCURRENT_REQUESTS",
        "TBANK_HOTELS_TOOLSETS",
        "TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE",
        "TBANK_HOTELS_VOUCHER_DIRECTORY",
        "TBANK_AUTH_SESSION_STORE",
        "TBANK_HOTELS_AUTH_*",
      ]),
    );
  });

  it("never puts a secret value into a problem message", () => {
    const secret = "CANARY-secret-token-value";
    const p = problems({ TBANK_HOTELS_AUTH_TOKEN: secret, TBANK_HOTELS_AUTH_HEADERS_JSON: `{"X-A":"${secret}","Bad Name":"${secret}"}`, TBANK_HOTELS_JWT_PRIVATE_KEY: secret });
    expect(p.length).toBeGreaterThan(0);
    expect(JSON.stringify(p)).not.toContain(secret);
  });
});
