import { createServer, request, Agent } from "node:http";
import type { AddressInfo } from "node:net";
import { startSandbox } from "../sandbox/index.js";

// The sandbox's own answer time: N requests, C at a time, over keep-alive, to a JSON route and to an
// unknown path, against an anchor measured in the same run (a bare node:http server sending the
// same bytes). Prints the median of five rounds as a ratio to the anchor.
const N = Number(process.env.N ?? 4000);
const C = 16;
function run(url: string, method = "GET", body?: string): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: C });
  const u = new URL(url);
  let sent = 0;
  const one = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const req = request({ host: u.hostname, port: u.port, path: u.pathname + u.search, method, agent, headers: body ? { "content-type": "application/json" } : {} }, (res) => {
        res.resume();
        res.on("end", () => resolve());
      });
      req.on("error", reject);
      req.end(body);
    });
  const worker = async (): Promise<void> => {
    while (sent++ < N) await one();
  };
  const t = performance.now();
  return Promise.all(Array.from({ length: C }, worker)).then(() => {
    agent.destroy();
    return performance.now() - t;
  });
}
const sb = await startSandbox({ seed: "bench" });
const path = `${sb.urls.hotelsApiBaseUrl}/v1/seo/locations?limit=20`;
const sample = await (await fetch(path)).text();
const anchor = createServer((_req, res) => {
  res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(sample), "x-request-id": "sbx-000001" });
  res.end(sample);
});
await new Promise<void>((r) => anchor.listen(0, "127.0.0.1", r));
const aurl = `http://127.0.0.1:${(anchor.address() as AddressInfo).port}/x`;
const rows = { anchor: [] as number[], locations: [] as number[], notfound: [] as number[] };
await run(aurl);
await run(path);
for (let i = 0; i < 5; i++) {
  rows.anchor.push(await run(aurl));
  rows.locations.push(await run(path));
  rows.notfound.push(await run(`${sb.urls.origin}/nope`));
}
const med = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const a = med(rows.anchor);
process.stdout.write(`${JSON.stringify({ N, C, bytes: sample.length, locationsRatio: +(med(rows.locations) / a).toFixed(2), notFoundRatio: +(med(rows.notfound) / a).toFixed(2) })}\n`);
anchor.close();
await sb.close();
