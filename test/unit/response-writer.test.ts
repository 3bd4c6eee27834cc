import type { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { ResponseWriter } from "../../broker/server/response-writer.js";

function fakeSocket(): { socket: Socket; written: string[]; destroy: () => void } {
  const written: string[] = [];
  const state = { destroyed: false, writable: true };
  const socket = {
    get destroyed() {
      return state.destroyed;
    },
    get writable() {
      return state.writable;
    },
    write: (line: string) => written.push(line) > 0,
  } as unknown as Socket;
  return { socket, written, destroy: () => void (state.destroyed = true) };
}

describe("ResponseWriter", () => {
  it("writes nothing during the turn, then everything in order at its end", async () => {
    const writer = new ResponseWriter();
    const a = fakeSocket();
    const b = fakeSocket();
    writer.write(a.socket, "a1\n");
    writer.write(b.socket, "b1\n");
    writer.write(a.socket, "a2\n");
    expect(a.written).toEqual([]);
    await new Promise((r) => setImmediate(r));
    expect(a.written).toEqual(["a1\n", "a2\n"]);
    expect(b.written).toEqual(["b1\n"]);
  });

  it("flushes on demand (before close) and skips sockets destroyed meanwhile", async () => {
    const writer = new ResponseWriter();
    const live = fakeSocket();
    const gone = fakeSocket();
    writer.write(live.socket, "stopping\n");
    writer.write(gone.socket, "late\n");
    gone.destroy();
    writer.flush();
    expect(live.written).toEqual(["stopping\n"]);
    expect(gone.written).toEqual([]);
    await new Promise((r) => setImmediate(r));
    expect(live.written).toEqual(["stopping\n"]);
  });
});
