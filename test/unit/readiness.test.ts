import { describe, expect, it } from "vitest";
import { BANKING_TOOLS } from "../../mcp/banking/tools/outcomes.js";
import { CUSTOMER_TOOLS } from "../../mcp/hotels/tools/customer-common.js";
import { notConfiguredNextStep, readinessNextStep } from "../../mcp/shared/readiness.js";

describe("readinessNextStep", () => {
  it("says the same person-side step to both servers, naming each server's own tools", () => {
    for (const state of ["broker_unavailable", "mobile_login_required"] as const) {
      expect(readinessNextStep(state, { tools: CUSTOMER_TOOLS })).toBe(readinessNextStep(state, { tools: BANKING_TOOLS }));
    }
    expect(readinessNextStep("not_configured", { tools: CUSTOMER_TOOLS })).toMatch(/^customer tools need the auth broker: .*`tbank-mcp setup`.*restarts this server/);
    expect(readinessNextStep("not_configured", { tools: BANKING_TOOLS })).toMatch(/^banking tools need the auth broker: .*`tbank-mcp setup`.*restarts this server/);
    expect(readinessNextStep("partial_read_only_unverified", { tools: CUSTOMER_TOOLS })).toContain("the bookings service");
    expect(readinessNextStep("partial_read_only_unverified", { tools: BANKING_TOOLS })).toContain("tbank_banking_preview_hotel_payment still works");
  });

  it("a ready broker adds a step only where the server names one", () => {
    expect(readinessNextStep("mobile_read_only_ready", { tools: CUSTOMER_TOOLS })).toBeUndefined();
    expect(readinessNextStep("mobile_read_only_ready", { tools: BANKING_TOOLS })).toContain("tbank_banking_get_hotel_preferences");
  });

  it("without tool names (a broker failure) it still names the person's command", () => {
    expect(readinessNextStep("broker_unavailable")).toContain("`tbank-mcp login`");
    expect(readinessNextStep("mobile_login_required")).toContain("never through this chat");
    expect(readinessNextStep("partial_read_only_unverified")).toContain("do not retry now");
  });

  it("a tool called before setup says setup, then login", () => {
    const step = notConfiguredNextStep(CUSTOMER_TOOLS);
    expect(step.indexOf("tbank-mcp setup")).toBeLessThan(step.indexOf("tbank-mcp login"));
    expect(step).toContain("never through this chat");
  });
});
