import { readFile } from "node:fs/promises";

/** The built HTML of a view, read when a host first asks for it and kept for the process. */
export interface ViewFile {
  read(): Promise<string>;
}

/**
 * Where the stay view lies when the server runs from source (tests, tsx): the build's dist/. The
 * bundled bins pass their own, next to themselves, since their chunks live one folder deeper.
 */
export const SOURCE_STAY_VIEW_URL = new URL("../../../dist/views/stay.html", import.meta.url);

/**
 * Nothing is read at start (cold start is benchmarked); a failed read is not kept, so a view built
 * after the server started is found by the next resources/read.
 */
export function viewFile(url: URL, readText: (url: URL) => Promise<string> = (u) => readFile(u, "utf8")): ViewFile {
  let text: Promise<string> | undefined;
  return {
    read: () =>
      (text ??= readText(url).catch((err: unknown) => {
        text = undefined;
        throw err;
      })),
  };
}
