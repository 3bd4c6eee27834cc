import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";

describe("tbank-mcp sandbox (spawned bin)", () => {
  it("prints the three URLs first, serves locations and a search page, and stops on SIGTERM", async () => {
    const child = spawn(process.execPath, ["dist/tbank-mcp.js", "sandbox", "--port", "0", "--seed", "e2e"], { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const lines: string[] = [];
    const reader = createInterface({ input: child.stdout });
    for await (const line of reader) {
      lines.push(line);
      if (lines.length === 3) break;
    }
    expect(lines[0]).toMatch(/^TBANK_HOTELS_API_BASE_URL=http:\/\/127\.0\.0\.1:\d+\/api$/);
    expect(lines[1]).toMatch(/^TBANK_AUTH_ISSUER_URL=/);
    expect(lines[2]).toMatch(/^TBANK_BANKING_API_BASE_URL=/);
    const base = lines[0]!.split("=")[1]!;

    const locations = (await (await fetch(`${base}/v1/seo/locations?limit=100`)).json()) as { items: { id: string; name: string }[]; total: number };
    expect(locations.total).toBeGreaterThanOrEqual(12);
    const kazan = locations.items.find((l) => l.name === "Казань");
    expect(kazan).toBeDefined();
    const res = await fetch(`${base}/v3/search`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ destinationId: kazan!.id, checkinDate: "2027-03-12", checkoutDate: "2027-03-14", guests: [{ adultsCount: 2, childrenAges: [] }] }),
    });
    expect(res.status).toBe(200);
    const page = (await res.json()) as { items: unknown[]; searchId: string };
    expect(page.items.length).toBeGreaterThan(0);

    child.kill("SIGTERM");
    const [code] = (await once(child, "exit")) as [number | null];
    expect(code).toBe(0);
    expect(stderr).toContain("sandbox: stopped");
  });
});
