import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHotelsHarness, type HotelsHarness } from "./helpers/hotels-mcp-harness.js";

describe("Hotels MCP connection_status", () => {
  let h: HotelsHarness;
  beforeAll(async () => {
    h = await startHotelsHarness();
  });
  afterAll(() => h.close());

  it("reports anonymous search readiness locally, without any provider call", async () => {
    h.sandbox.control.resetCounters();
    const { data, text, result } = await h.call("tbank_hotels_connection_status");
    expect(result.isError).toBeFalsy();
    expect(data).toMatchObject({ authMode: "anonymous", searchReady: true, networkReachability: "not_checked", customerReadiness: { state: "not_configured" } });
    expect(data.load).toBe("0/2 in flight, 0/32 queued, 0 cached searches");
    expect(text).toContain(`load: ${String(data.load)}`);
    expect(text).toContain("authMode=anonymous");
    expect(h.sandbox.control.requestCounts()).toEqual({});
  });

  it("a server without the customer toolset (the remote mode always) says customer tools are not served here, not to run setup", async () => {
    const journeyOnly = await startHotelsHarness({ sharedSandbox: h.sandbox, env: { TBANK_HOTELS_TOOLSETS: "journey" } });
    try {
      const { data, text } = await journeyOnly.call("tbank_hotels_connection_status");
      expect(data.customerReadiness).toMatchObject({ state: "not_configured", nextStep: expect.stringContaining("not served by this server") as string });
      expect(text).toContain("not served by this server");
      expect(text).not.toContain("tbank-mcp setup");
    } finally {
      await journeyOnly.close();
    }
  });

  it("rejects unknown arguments", async () => {
    const { result } = await h.call("tbank_hotels_connection_status", { verbose: true });
    expect(result.isError).toBe(true);
  });
});
