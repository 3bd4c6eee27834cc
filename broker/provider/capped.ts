import { BodyTooLarge, cappedChunks as sharedCappedChunks, declaredTooLarge } from "../../shared/http/capped-body.js";
import { BrokerError } from "../../shared/protocol/errors.js";

export const MAX_JSON_BYTES = 2 * 1024 * 1024;

/** A declared length past the cap is refused before a single byte is read. */
export function checkDeclaredLength(headers: Headers, maxBytes: number): number | undefined {
  if (declaredTooLarge(headers, maxBytes)) throw tooLarge(maxBytes);
  const raw = headers.get("content-length");
  return raw !== null && /^\d{1,16}$/.test(raw) ? Number(raw) : undefined;
}

export function tooLarge(maxBytes: number): BrokerError {
  return new BrokerError("too_large", `the provider response exceeds the ${maxBytes}-byte limit`);
}

/** The shared capped reader, with the cap reported as the broker's `too_large`. */
export async function* cappedChunks(body: ReadableStream<Uint8Array>, maxBytes: number): AsyncGenerator<Uint8Array, number> {
  try {
    return yield* sharedCappedChunks(body, maxBytes);
  } catch (err) {
    throw err instanceof BodyTooLarge ? tooLarge(maxBytes) : err;
  }
}

export async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of cappedChunks(body, maxBytes)) chunks.push(chunk);
  return Buffer.concat(chunks);
}
