import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// scripts/build.mjs writes the bins' esbuild metafile next to the build tools.
interface Metafile {
  outputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[]; inputs: Record<string, unknown> }>;
}
const meta = JSON.parse(readFileSync("build-tools/dist-meta.json", "utf8")) as Metafile;
const ENTRY = "dist/tbank-auth-broker.js";

/** The sources in the chunks reachable from the entry, by static imports only or by dynamic ones too. */
function sourcesFrom(entry: string, withDynamic: boolean): Set<string> {
  const chunks = new Set<string>();
  const stack = [entry];
  for (let chunk = stack.pop(); chunk !== undefined; chunk = stack.pop()) {
    if (chunks.has(chunk)) continue;
    chunks.add(chunk);
    for (const i of meta.outputs[chunk]?.imports ?? []) if (!i.external && (i.kind === "import-statement" || (withDynamic && i.kind === "dynamic-import"))) stack.push(i.path);
  }
  return new Set([...chunks].flatMap((c) => Object.keys(meta.outputs[c]?.inputs ?? {})));
}

// What an idle broker does not need: the serving half (peer check, protocol schemas, session,
// pino) loads with the first connection; the operations with the first request (or the first
// write, the first provider call, another broker answering).
const LAZY = [
  "broker/serving-half.ts",
  "broker/server/connection.ts",
  "broker/compose.ts",
  "broker/session/select-store.ts",
  "broker/session/manager.ts",
  "broker/vouchers/store.ts",
  "shared/logger.ts",
  "shared/protocol/errors.ts",
  "shared/protocol/envelope.ts",
  "shared/protocol/handshake.ts",
  "broker/operation-core.ts",
  "broker/operations/index.ts",
  "broker/operations/hotels-list-bookings.ts",
  "broker/server/run-operation.ts",
  "broker/provider/hotels.ts",
  "broker/provider/banking.ts",
  "broker/provider/hotels-writes.ts",
  "broker/writes/service.ts",
  "broker/writes/execute.ts",
  "broker/writes/approval-page.ts",
  "broker/capabilities.ts",
  "shared/protocol/operations.ts",
  "shared/protocol/ops-hotels.ts",
  "shared/protocol/ops-hotels-writes.ts",
  "shared/protocol/client.ts",
];

describe("the broker's start path", () => {
  it("imports no connection handling, session, operation, provider client, write or schema statically", () => {
    const eager = sourcesFrom(ENTRY, false);
    // The listener and the start lock do start eagerly (so the test is not looking at an empty set).
    expect(eager).toContain("broker/server/listener.ts");
    expect(eager).toContain("broker/lifecycle/start-lock.ts");
    expect(LAZY.filter((source) => eager.has(source))).toEqual([]);
    // zod and pino are a third of an idle broker's memory above a bare Node server (bench:broker).
    expect([...eager].filter((source) => /node_modules\/(zod|pino)\//.test(source))).toEqual([]);
  });

  it("can still load each of them on first use", () => {
    const all = sourcesFrom(ENTRY, true);
    expect(LAZY.filter((source) => !all.has(source))).toEqual([]);
  });
});
