/** The header reads the HTTP cores make: a web Headers has it, and so has node-fetch's lighter reader. */
export type HeaderReader = Pick<Headers, "get">;

/**
 * What the cores read of an HTTP answer: a web Response is one (tests hand in real ones), and so is
 * node-fetch's answer, which skips building a Headers and a Response per provider request.
 */
export interface HttpAnswer {
  readonly status: number;
  readonly headers: HeaderReader;
  readonly body: ReadableStream<Uint8Array> | null;
}
