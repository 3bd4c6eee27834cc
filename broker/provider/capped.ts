import { BrokerError } from "../../shared/protocol/errors.js";

export const MAX_JSON_BYTES = 2 * 1024 * 1024;

/** A declared length past the cap is refused before a single byte is read. */
export function checkDeclaredLength(headers: Headers, maxBytes: number): number | undefined {
  const raw = headers.get("content-length");
  if (raw === null || !/^\d{1,16}$/.test(raw)) return undefined;
  const length = Number(raw);
  if (length > maxBytes) throw tooLarge(maxBytes);
  return length;
}

export function tooLarge(maxBytes: number): BrokerError {
  return new BrokerError("too_large", `the provider response exceeds the ${maxBytes}-byte limit`);
}

/**
 * Yields the body's chunks and stops the download as soon as more than `maxBytes` arrived, so a
 * hostile or broken provider cannot make the broker hold more than the cap (plus one chunk).
 */
export async function* cappedChunks(body: ReadableStream<Uint8Array>, maxBytes: number): AsyncGenerator<Uint8Array, number> {
  const reader = body.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return total;
      total += value.byteLength;
      if (total > maxBytes) throw tooLarge(maxBytes);
      yield value;
    }
  } finally {
    // Cancelling an unfinished body closes the connection instead of draining it.
    await reader.cancel().catch(() => undefined);
  }
}

export async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of cappedChunks(body, maxBytes)) chunks.push(chunk);
  return Buffer.concat(chunks);
}
