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

  it("rejects unknown arguments", async () => {
    const { result } = await h.call("tbank_hotels_connection_status", { verbose: true });
    expect(result.isError).toBe(true);
  });
});
