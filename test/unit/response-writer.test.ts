import type { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { ResponseWriter, type ReplySink } from "../../broker/server/response-writer.js";

function fakeSocket(accepts = true): { socket: ReplySink; written: string[]; destroy: () => void; backedUp: number } {
  const written: string[] = [];
  const state = { destroyed: false, writable: true };
  const socket = {
    get destroyed() {
      return state.destroyed;
    },
    get writable() {
      return state.writable;
    },
    write: (line: string) => written.push(line) > 0 && accepts,
  } as unknown as Socket;
  const fake = { socket: { socket, backedUp: () => void fake.backedUp++ }, written, destroy: () => void (state.destroyed = true), backedUp: 0 };
  return fake;
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

  it("tells the sink each time its socket's write() says the buffer is full", () => {
    const writer = new ResponseWriter();
    const slow = fakeSocket(false);
    const fast = fakeSocket();
    writer.write(slow.socket, "1\n");
    writer.write(fast.socket, "2\n");
    writer.write(slow.socket, "3\n");
    writer.flush();
    expect(slow.backedUp).toBe(2);
    expect(fast.backedUp).toBe(0);
  });
});
