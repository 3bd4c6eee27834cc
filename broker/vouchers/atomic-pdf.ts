import { createHash } from "node:crypto";
import { BrokerError } from "../../shared/protocol/broker-error.js";
import { cappedChunks, declaredLength, declaredTooLarge } from "../../shared/http/capped-body.js";
import type { OpenResponse } from "../../shared/http/provider-http.js";
import { streamError, tooLarge } from "../provider/errors.js";
import { writeAtomically, type WrittenFile } from "./atomic-file.js";

export type { WrittenFile };

export const MAX_VOUCHER_BYTES = 5 * 1024 * 1024;
const PDF_SIGNATURE = Buffer.from("%PDF-", "latin1");

function notPdf(what: string, requestId: string | undefined): BrokerError {
  return new BrokerError("provider_error", `the voucher is not a PDF (${what})${requestId ? ` (x-request-id ${requestId})` : ""}`);
}

export function isPdfContentType(value: string | null): boolean {
  return value?.split(";")[0]?.trim().toLowerCase() === "application/pdf";
}

/**
 * Streams a PDF response into `dir/finalName` atomically (see writeAtomically): checked for its
 * type, size and signature on the way. On any failure nothing is left behind and the response body
 * is cancelled.
 */
export async function writePdfAtomically(res: OpenResponse, dir: string, tempName: string, finalName: string, signal: AbortSignal): Promise<WrittenFile> {
  const cancel = () => res.body.cancel();
  if (!isPdfContentType(res.headers.get("content-type"))) return cancelled(cancel, notPdf("content type", res.requestId));
  if (declaredTooLarge(res.headers, MAX_VOUCHER_BYTES)) return cancelled(cancel, tooLarge(MAX_VOUCHER_BYTES));
  const declared = declaredLength(res.headers);
  return writeAtomically(
    dir,
    tempName,
    finalName,
    async (fh) => {
      const hash = createHash("sha256");
      let head = Buffer.alloc(0);
      let size = 0;
      try {
        for await (const chunk of cappedChunks(res.body, MAX_VOUCHER_BYTES)) {
          if (head.length < PDF_SIGNATURE.length) {
            head = Buffer.concat([head, chunk]).subarray(0, PDF_SIGNATURE.length);
            if (!PDF_SIGNATURE.subarray(0, head.length).equals(head)) throw notPdf("signature", res.requestId);
          }
          hash.update(chunk);
          await fh.write(chunk);
          size += chunk.byteLength;
        }
      } catch (err) {
        throw streamError(err, signal, res.requestId);
      }
      if (head.length < PDF_SIGNATURE.length) throw notPdf("signature", res.requestId);
      if (declared !== undefined && declared !== size) throw streamError(new Error("body shorter than content-length"), signal, res.requestId);
      return { sizeBytes: size, sha256: hash.digest("hex") };
    },
    cancel,
  );
}

async function cancelled(cancel: () => Promise<unknown>, err: Error): Promise<never> {
  await cancel().catch(() => undefined);
  throw err;
}
