import { createServer } from "node:net";

/** The floor for any Node server: answer each NDJSON line with a fixed line, no parsing at all. */
const path = process.argv[2] ?? "";
const reply = `${JSON.stringify({ id: "1", ok: true, result: { state: "mobile_read_only_ready", storeBackend: "file" } })}\n`;
createServer((socket) => {
  let pending = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    pending += chunk;
    let i: number;
    while ((i = pending.indexOf("\n")) >= 0) {
      pending = pending.slice(i + 1);
      socket.write(reply);
    }
  });
}).listen(path);
