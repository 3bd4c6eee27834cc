import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { installGlobal, mb, pack } from "./package.js";

// Our package beside the reference MCP server, each packed and installed globally into a fresh
// prefix with a fresh HOME. The reference is packed from node_modules (a devDependency).
const subjects = [
  { name: "tbank-hotels-toolkit", dir: "." },
  { name: "@modelcontextprotocol/server-everything", dir: "node_modules/@modelcontextprotocol/server-everything" },
];

const root = await mkdtemp(join(tmpdir(), "tbank-bench-package-"));
try {
  const rows: string[][] = [["package", "tarball", "files", "unpacked", "installed", "install time"]];
  for (const [i, s] of subjects.entries()) {
    const packed = await pack(s.dir, join(root, `pack-${i}`));
    const installed = await installGlobal(packed.file, join(root, `prefix-${i}`), join(root, `home-${i}`));
    rows.push([s.name, mb(packed.bytes), String(packed.files.length), mb(packed.unpackedBytes), mb(installed.bytes), `${(installed.ms / 1000).toFixed(1)} s`]);
  }
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  process.stdout.write("npm pack, then npm install --global into a fresh prefix with a fresh HOME (npm cache shared, prefer-offline)\n");
  for (const r of rows) process.stdout.write(`${r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join("  ")}\n`);
} finally {
  await rm(root, { recursive: true, force: true });
}
