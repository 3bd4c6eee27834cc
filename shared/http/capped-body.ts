import type { HeaderReader, HttpAnswer } from "./answer.js";

/** A body past its cap; callers map it to their own error (broker code, provider error kind). */
export class BodyTooLarge extends Error {
  override name = "BodyTooLarge";
  constructor(readonly maxBytes: number) {
    super(`response body exceeds ${maxBytes} bytes`);
  }
}

/** The content-length, when it is a plain number. */
export function declaredLength(headers: HeaderReader): number | undefined {
  const raw = headers.get("content-length");
  return raw !== null && /^\d{1,16}$/.test(raw) ? Number(raw) : undefined;
}

/** A declared length past the cap is refused before a single byte is read. */
export function declaredTooLarge(headers: HeaderReader, maxBytes: number): boolean {
  return (declaredLength(headers) ?? 0) > maxBytes;
}

/**
 * Yields the body's chunks and stops the download as soon as more than `maxBytes` arrived, so a
 * broken or hostile server cannot make the process hold more than the cap plus one chunk. Throws
 * BodyTooLarge past the cap; read errors (a cut connection, an abort) pass through.
 */
export async function* cappedChunks(body: ReadableStream<Uint8Array>, maxBytes: number): AsyncGenerator<Uint8Array, number> {
  const reader = body.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return total;
      total += value.byteLength;
      if (total > maxBytes) throw new BodyTooLarge(maxBytes);
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

/** Drops a body we will not read, without waiting for it. */
export function discard(res: Pick<HttpAnswer, "body">): void {
  res.body?.cancel().catch(() => undefined);
}
