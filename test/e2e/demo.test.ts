import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { osClockEnv } from "../fixtures/clock.js";

const run = promisify(execFile);

describe("tbank-mcp demo", () => {
  it("plays the golden journey and the customer flow against the sandbox and exits 0", async () => {
    const { stdout } = await run(process.execPath, ["dist/tbank-mcp.js", "demo"], { env: { PATH: process.env.PATH ?? "", HOME: "/nonexistent-home", ...osClockEnv() }, timeout: 60_000 });
    for (const tool of ["plan_stay", "compare_stay_options", "get_selected_stay_rates", "inspect_checkout", "create_checkout_handoff", "list_bookings", "save_voucher", "create_payment_handoff_preview", "preview_hotel_payment"]) {
      expect(stdout).toContain(tool);
    }
    expect(stdout).toMatch(/Summary: \d+ tool calls, 0 unexpected/);
    expect(stdout).toContain("capability_consumed");
    expect(stdout).toContain("No token, orderId or contact canary reached any tool result.");
  }, 90_000);
});
