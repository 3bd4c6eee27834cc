/** The largest provider response this process will hold. */
export const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;

export class BodyTooLarge extends Error {
  override name = "BodyTooLarge";
}

/** A declared length past the cap is refused before a single byte is read. */
export function declaredTooLarge(headers: Headers, maxBytes: number): boolean {
  const raw = headers.get("content-length");
  return raw !== null && /^\d{1,16}$/.test(raw) && Number(raw) > maxBytes;
}

/**
 * Reads the body chunk by chunk and stops the download as soon as more than `maxBytes` arrived,
 * so a broken or hostile provider cannot make the process hold more than the cap plus one chunk.
 * Throws BodyTooLarge past the cap; read errors (a cut connection, an abort) pass through.
 */
export async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Buffer> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) throw new BodyTooLarge(`response body exceeds ${maxBytes} bytes`);
      chunks.push(value);
    }
    finished = true;
    return Buffer.concat(chunks, total);
  } finally {
    // Cancelling an unfinished body closes the connection instead of draining it.
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/** Drops a body we will not read, without waiting for it. */
export function discard(res: Response): void {
  res.body?.cancel().catch(() => undefined);
}
