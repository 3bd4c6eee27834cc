import { ResourceTemplate, type McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { failure, success, type FailureFields } from "../../shared/outcome.js";
import { readinessNextStep } from "../../shared/readiness.js";
import type { HotelsContext } from "../context.js";
import type { ToolOutcome } from "../tools/define.js";
import { notConfigured } from "../tools/customer-common.js";
import { savedVouchers, voucherLine, type SavedVoucher } from "./saved-vouchers.js";
import { resourceContents } from "./read-outcome.js";

export const VOUCHERS_URI = "tbank-hotels://vouchers";
const NONE_STEP = "no voucher is saved: tbank_hotels_save_voucher with a bookingRef saves one";

interface VoucherList {
  status: "ok";
  vouchers: SavedVoucher[];
  nextStep?: string;
}

/**
 * The saved vouchers, only while the person is signed in (a logout deletes them anyway): signed
 * out or without a broker, the failure says the next step, as the customer tools do.
 */
async function readVouchers(ctx: HotelsContext): Promise<ToolOutcome<VoucherList | FailureFields>> {
  if (!ctx.broker) return notConfigured();
  const { state } = await ctx.broker.readiness();
  if (state !== "mobile_read_only_ready" && state !== "partial_read_only_unverified") return failure({ status: state, retryAllowed: false, nextStep: readinessNextStep(state) });
  const { directory, ttlSeconds } = ctx.config.vouchers;
  const vouchers = await savedVouchers(directory, ttlSeconds);
  const structured: VoucherList = { status: "ok", vouchers, ...(vouchers.length === 0 ? { nextStep: NONE_STEP } : {}) };
  return success(structured, [`status=ok vouchers=${vouchers.length}`, ...vouchers.map(voucherLine)]);
}

function oneVoucher(out: Awaited<ReturnType<typeof readVouchers>>, name: string): ToolOutcome<unknown> {
  if (out.structured.status !== "ok" || !("vouchers" in out.structured)) return out;
  const found = out.structured.vouchers.find((v) => v.name === name);
  if (!found) return failure({ status: "invalid_ref", retryAllowed: false, nextStep: `no saved voucher by that name (deleted, or never saved): read ${VOUCHERS_URI}` });
  const structured: SavedVoucher & { status: "ok"; nextStep?: string } = { status: "ok", ...found };
  return success(structured, ["status=ok", voucherLine(found)]);
}

/** `tbank-hotels://vouchers` and one resource per saved file: path, size and deletion time, never the PDF (no tool returns it). */
export function registerVoucherResources(server: McpServer, ctx: HotelsContext): void {
  server.registerResource(
    "vouchers",
    VOUCHERS_URI,
    { title: "Saved vouchers", description: "Voucher PDFs saved by tbank_hotels_save_voucher: path, size, deletion time.", mimeType: "text/plain" },
    async (uri) => resourceContents(uri, await readVouchers(ctx)),
  );
  const template = new ResourceTemplate(`${VOUCHERS_URI}/{name}`, {
    list: async () => {
      const out = await readVouchers(ctx).catch(() => undefined);
      const vouchers = out?.structured.status === "ok" && "vouchers" in out.structured ? out.structured.vouchers : [];
      return { resources: vouchers.map((v) => ({ uri: `${VOUCHERS_URI}/${v.name}`, name: v.name, size: v.sizeBytes, title: undefined, description: undefined })) };
    },
  });
  server.registerResource(
    "voucher",
    template,
    { title: "Saved voucher", description: "One saved voucher file: path, size, deletion time.", mimeType: "text/plain" },
    async (uri, vars) => resourceContents(uri, oneVoucher(await readVouchers(ctx), String(vars.name))),
  );
}
