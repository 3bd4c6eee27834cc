import type { z } from "zod";
import { describe, expect, it } from "vitest";
import { notServedRemotely, remoteToolkitConfig } from "../../mcp/hotels/http/remote-config.js";
import { HOTELS_TOOLS } from "../../mcp/hotels/tools/index.js";
import { parseConfig } from "../../shared/config/index.js";

// Issue 28: no configuration of the remote mode serves a read of one person's order. Whatever
// TBANK_HOTELS_TOOLSETS names and whichever provider credential is set, the tools the remote mode
// registers take no order handle; a call naming an order read gets a refusal that carries no data.

const ORDER_READS = ["get_reservation", "get_evo_booking", "get_booking_task_status", "check_ls_order", "get_review_order_status"].map((n) => `tbank_hotels_${n}`);
const CREDENTIALS: Record<string, Record<string, string>> = {
  anonymous: {},
  static_token: { TBANK_HOTELS_AUTH_TOKEN: "itk-operator-0123456789" },
  headers_json: { TBANK_HOTELS_AUTH_HEADERS_JSON: '{"X-Service-Token":"itk-operator-0123456789"}' },
};
const TOOLSETS = [undefined, "lowlevel", "journey,lowlevel", "all", "lowlevel,customer,booking,mutations"];

function remote(env: Record<string, string>, toolsets: string | undefined) {
  const parsed = parseConfig({ HOME: "/nonexistent-home", ...env, ...(toolsets === undefined ? {} : { TBANK_HOTELS_TOOLSETS: toolsets }) });
  if (!parsed.ok) throw new Error(`bad test config: ${JSON.stringify(parsed.problems)}`);
  const out = remoteToolkitConfig(parsed.config, toolsets !== undefined);
  if (!out.ok) throw new Error(out.message);
  return out;
}

describe("remote mode: order reads", () => {
  for (const [profile, env] of Object.entries(CREDENTIALS)) {
    it.each(TOOLSETS)(`${profile}, TBANK_HOTELS_TOOLSETS=%s: no tool it registers reads an order by orderId or bookingRef`, (toolsets) => {
      const out = remote(env, toolsets);
      const registered = out.tools.filter((t) => t.toolset === "always" || (out.config.hotels.toolsets as ReadonlySet<string>).has(t.toolset));
      expect(registered.length).toBeGreaterThan(10);
      for (const tool of registered) {
        const fields = Object.keys((tool.input as z.ZodObject).shape);
        expect(ORDER_READS).not.toContain(tool.name);
        expect(fields).not.toContain("orderId");
        // The voucher guard takes one and reads nothing: it only says vouchers are never inline.
        if (tool.name !== "tbank_hotels_get_voucher") expect(fields).not.toContain("bookingRef");
      }
    });
  }

  it("the stdio tool list still has every order read", () => {
    const names = HOTELS_TOOLS.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(ORDER_READS));
  });

  it("tells an operator with a provider credential, once, that the order reads are not served", () => {
    expect(remote(CREDENTIALS.static_token!, "lowlevel").withheld).toContain("tbank_hotels_get_reservation");
    expect(remote(CREDENTIALS.headers_json!, undefined).withheld).toContain("own provider credential");
    expect(remote({}, "lowlevel").withheld).toBeUndefined();
    expect(remote(CREDENTIALS.static_token!, "journey").withheld).toBeUndefined();
  });

  it.each(ORDER_READS)("a call to %s is refused as not_served_remotely, with no data", (name) => {
    const out = notServedRemotely(name);
    expect(out).toMatchObject({ isError: true, structuredContent: { status: "not_served_remotely", retryAllowed: false } });
    expect(out?.structuredContent).not.toHaveProperty("data");
    expect(JSON.stringify(out?.content)).toContain(`${name} is not served by this remote endpoint`);
  });

  it("every other tool is left to the server", () => {
    for (const tool of HOTELS_TOOLS) if (!ORDER_READS.includes(tool.name)) expect(notServedRemotely(tool.name)).toBeUndefined();
  });
});
