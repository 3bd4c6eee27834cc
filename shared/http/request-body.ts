import type { IncomingMessage } from "node:http";

export type BodyRead = { ok: true; text: string } | { ok: false; reason: "too_large" | "aborted" };

/**
 * Reads a request body up to `maxBytes`: a declared length past the cap is refused before a byte is
 * read, and an undeclared (chunked) body stops being read once it passes the cap. The stream is
 * paused, not destroyed, so the 413 can still be written (with `Connection: close`).
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  const declared = req.headers["content-length"];
  if (declared !== undefined && /^\d{1,16}$/.test(declared) && Number(declared) > maxBytes) return Promise.resolve({ ok: false, reason: "too_large" });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const done = (result: BodyRead): void => {
      req.off("data", onData).off("end", onEnd).off("error", onError).off("aborted", onError);
      resolve(result);
    };
    const onData = (chunk: Buffer): void => {
      total += chunk.byteLength;
      if (total <= maxBytes) return void chunks.push(chunk);
      req.pause();
      done({ ok: false, reason: "too_large" });
    };
    const onEnd = (): void => done({ ok: true, text: Buffer.concat(chunks).toString("utf8") });
    const onError = (): void => done({ ok: false, reason: "aborted" });
    req.on("data", onData).on("end", onEnd).on("error", onError).on("aborted", onError);
  });
}
