import { describe, expect, it } from "vitest";
import { main } from "../../scripts/cli/main.js";

function io(signal = new AbortController().signal) {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: { stdout: { write: (s: string) => out.push(s) }, stderr: { write: (s: string) => err.push(s) }, env: {}, signal },
  };
}

describe("tbank-mcp main", () => {
  it("prints help listing the sandbox command", async () => {
    const t = io();
    expect(await main(["--help"], t.io)).toBe(0);
    expect(t.out.join("")).toMatch(/sandbox/);
  });

  it("exits 2 with help when no command is given", async () => {
    expect(await main([], io().io)).toBe(2);
  });

  it("exits 2 on an unknown command and names it", async () => {
    const t = io();
    expect(await main(["frobnicate"], t.io)).toBe(2);
    expect(t.err.join("")).toContain('unknown command "frobnicate"');
  });

  it("exits 2 on bad sandbox options, one line pointing at --help", async () => {
    for (const argv of [
      ["sandbox", "--port", "abc"],
      ["sandbox", "--bogus"],
      ["sandbox", "--canary", "has spaces"],
      ["sandbox", "--port", "70000"],
      ["sandbox", "--latency", "search"],
      ["sandbox", "--latency", "no_such_route=50"],
    ]) {
      const t = io();
      expect(await main(argv, t.io)).toBe(2);
      expect(t.err.join("")).toMatch(/^tbank-mcp sandbox: [^\n]+ \(tbank-mcp sandbox --help lists the options\)\n$/);
    }
  });

  it("suggests the command or option meant, and none for a word far from all", async () => {
    const typo = io();
    expect(await main(["stauts"], typo.io)).toBe(2);
    expect(typo.err.join("")).toContain('unknown command "stauts"; did you mean status?');
    const far = io();
    expect(await main(["frobnicate"], far.io)).toBe(2);
    expect(far.err.join("")).not.toContain("did you mean");
    const option = io();
    expect(await main(["sandbox", "--seeed", "x"], option.io)).toBe(2);
    expect(option.err.join("")).toBe("tbank-mcp sandbox: unknown option --seeed; did you mean --seed? (tbank-mcp sandbox --help lists the options)\n");
  });

  it("prints the three environment lines first and stops on abort", async () => {
    const controller = new AbortController();
    const t = io(controller.signal);
    const running = main(["sandbox", "--port", "0", "--seed", "s1"], t.io);
    await expect.poll(() => t.out.join("")).toContain("TBANK_BANKING_API_BASE_URL=");
    const lines = t.out.join("").split("\n");
    expect(lines[0]).toMatch(/^TBANK_HOTELS_API_BASE_URL=http:\/\/127\.0\.0\.1:\d+\/api$/);
    expect(lines[1]).toMatch(/^TBANK_AUTH_ISSUER_URL=http:\/\/127\.0\.0\.1:\d+$/);
    expect(lines[2]).toMatch(/^TBANK_BANKING_API_BASE_URL=http:\/\/127\.0\.0\.1:\d+\/banking$/);
    controller.abort();
    expect(await running).toBe(0);
    expect(t.err.join("")).toContain("sandbox: stopped");
  });
});
