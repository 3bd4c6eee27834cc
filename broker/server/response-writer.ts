import type { Socket } from "node:net";

/** One connection's way out: its socket, and what to do once the socket holds more than it should. */
export interface ReplySink {
  readonly socket: Socket;
  /** Called when `socket.write()` returned false: the peer is not reading as fast as it asks. */
  backedUp(): void;
}

/**
 * Holds the replies produced while the event loop serves one batch of readable sockets and writes
 * them back to back once that batch is done (the same turn of the loop, so no reply waits for
 * new input). A write to a client that sleeps in epoll has to wake it, and on the VMs we measured
 * that wake-up was the broker's largest kernel cost; written together, most replies find their
 * client already awake. Order per socket is kept: one queue, first in first out.
 */
export class ResponseWriter {
  // Flat [sink, line, sink, line, ...]: no tuple per reply on the hot path.
  private queue: Array<ReplySink | string> = [];
  private readonly flushBound = (): void => this.flush();

  write(sink: ReplySink, line: string): void {
    if (this.queue.push(sink, line) === 2) setImmediate(this.flushBound);
  }

  /** Writes everything queued now; also called before the server closes its connections. */
  flush(): void {
    const queue = this.queue;
    this.queue = [];
    for (let i = 0; i < queue.length; i += 2) {
      const sink = queue[i] as ReplySink;
      const socket = sink.socket;
      if (!socket.destroyed && socket.writable && !socket.write(queue[i + 1] as string)) sink.backedUp();
    }
  }
}
