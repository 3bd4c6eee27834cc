import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { connect, createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createPeerCredentialReader, peerReaderMissing } from "../../shared/peer-cred.js";

describe("peer credentials", () => {
  it("says at start, without loading koffi, whether a reader can be built here", () => {
    expect(peerReaderMissing("linux")).toBeUndefined();
    expect(peerReaderMissing("win32")).toMatch(/not supported on win32/);
  });

  it.runIf(process.platform === "linux")("reads the uid and pid of the process at the other end", async () => {
    const dir = await mkdtemp(join(tmpdir(), "tbk-peer-"));
    const path = join(dir, "s.sock");
    const server = createServer();
    const accepted = new Promise<Socket>((resolve) => server.once("connection", resolve));
    server.listen(path);
    await once(server, "listening");
    try {
      const client = connect(path);
      await once(client, "connect");
      const socket = await accepted;
      const peer = await createPeerCredentialReader();
      expect(peer.available).toBe(true);
      expect(peer.reader(socket)).toEqual({ pid: process.pid, uid: process.getuid?.(), gid: process.getgid?.() });
      client.destroy();
      socket.destroy();
    } finally {
      server.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
