import { describe, expect, it } from "vitest";
import { credentialInTarget, loggedPath, REDACTED_PATH } from "../../mcp/hotels/http/hygiene.js";

// The request-target checks behind the remote mode's 400 and its access log (issue 28).

const KEY = `tbk_${"A".repeat(43)}`;
const JWT = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJwYXJ0bmVyIn0.c2lnbmF0dXJl";

describe("credentialInTarget", () => {
  it("leaves the routes the server serves alone", () => {
    for (const target of ["/", "/mcp", "/?lang=ru", "/healthz", "/readyz", "/metrics", "/.well-known/oauth-protected-resource/mcp", "/mcp?keyboard=1", "/mcp;jsessionid=abc", "/mcp/tbk_short"]) {
      expect({ target, found: credentialInTarget(target) }).toEqual({ target, found: undefined });
    }
  });

  it("names where a credential sits, never its value", () => {
    const cases: [string, string][] = [
      [`/mcp?api_key=${KEY}`, "?api_key="],
      ["/mcp?TOKEN", "?TOKEN="],
      ["/mcp?x=1&access_token=abc", "&access_token="],
      ["/mcp;token=abc", ";token="],
      ["/mcp%3Bapi_key=abc", ";api_key="],
      ["/mcp%253Bkey=abc", ";key="],
      ["/mcp?api%5Fkey=abc", "?api_key="],
      ["/mcp#access_token=abc", "#access_token="],
      [`/mcp/${KEY}`, "an API key (tbk_...)"],
      [`/mcp/tbk%5F${KEY.slice(4)}`, "an API key (tbk_...)"],
      [`/mcp?session=${KEY}`, "an API key (tbk_...)"],
      [`/mcp/${JWT}`, "a token (eyJ...)"],
      ["http://user:pass@host.example/mcp", "user:password@ before the host"],
      ["//user@host.example/mcp", "user:password@ before the host"],
      // Encoded four times, and eight (the most that is decoded and read).
      [`/mcp/%25252574bk_${KEY.slice(4)}`, "an API key (tbk_...)"],
      ["/mcp%2525253Btoken=abc", ";token="],
      [`/mcp/%${"25".repeat(7)}74bk_${KEY.slice(4)}`, "an API key (tbk_...)"],
    ];
    for (const [target, where] of cases) {
      expect({ target, found: credentialInTarget(target) }).toEqual({ target, found: where });
    }
  });

  it("refuses, unread, a target whose percent-encoding is nested deeper than it decodes", () => {
    for (const target of [`/mcp/%${"25".repeat(8)}74bk_${KEY.slice(4)}`, `/mcp/%${"25".repeat(20)}41`]) {
      expect({ target, found: credentialInTarget(target) }).toEqual({ target, found: "a percent-encoding nested more than 8 deep" });
    }
  });
});

describe("loggedPath", () => {
  it("keeps the path without query, fragment or path parameters", () => {
    expect(loggedPath("/mcp?lang=ru")).toBe("/mcp");
    expect(loggedPath("/mcp#top")).toBe("/mcp");
    expect(loggedPath("/mcp;jsessionid=abc/x")).toBe("/mcp;[redacted]/x");
    expect(loggedPath("/mcp%3Bsession=abc")).toBe("/mcp;[redacted]");
    expect(loggedPath(`/${"a".repeat(500)}`)).toHaveLength(200);
  });

  it("keeps nothing of a target that carried a credential", () => {
    for (const target of [`/mcp;api_key=${KEY}`, `/mcp/${KEY}`, `http://u:${KEY}@h/mcp`, `/x/${JWT}`, `/mcp/%25252574bk_${KEY.slice(4)}`, `/mcp/%${"25".repeat(8)}74bk_${KEY.slice(4)}`]) {
      expect(loggedPath(target)).toBe(REDACTED_PATH);
    }
  });
});
