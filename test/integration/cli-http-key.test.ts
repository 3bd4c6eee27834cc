import { createHash } from "node:crypto";
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../../scripts/cli/main.js";

// `tbank-mcp http-key` through the CLI's real entry (command table, argument parsing, exit codes)
// on real files in a temp dir.

const root = mkdtempSync(join(tmpdir(), "cli-http-key-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const freshDir = (): string => join(root, `case-${++n}`);

async function cli(argv: string[], env: Record<string, string> = {}) {
  let out = "";
  let err = "";
  const code = await main(["http-key", ...argv], {
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
    env,
    signal: new AbortController().signal,
    now: () => Date.parse("2027-03-01T09:00:00Z"),
  });
  return { code, out, err };
}

const mode = (path: string): number => statSync(path).mode & 0o777;
const lines = (path: string): Record<string, unknown>[] =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe("tbank-mcp http-key", () => {
  it("add creates a 0700 directory and a 0600 file, prints the key once and stores only its hash", async () => {
    const dir = freshDir();
    const file = join(dir, "nested", "keys.jsonl");
    const added = await cli(["add", "--file", file, "--label", "partner A"]);
    expect(added.code).toBe(0);
    expect(added.out).toMatch(/^tbk_[A-Za-z0-9_-]{43}\n$/);
    const key = added.out.trim();
    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, "nested"))).toBe(0o700);
    expect(mode(file)).toBe(0o600);
    const [record, ...more] = lines(file);
    expect(more).toEqual([]);
    expect(record).toEqual({ id: expect.stringMatching(/^[0-9a-f]{12}$/) as string, label: "partner A", sha256: createHash("sha256").update(key).digest("hex"), createdAt: "2027-03-01T09:00:00.000Z" });
    expect(readFileSync(file, "utf8")).not.toContain(key);
    expect(added.err).toContain(`Added key ${String(record!.id)} (partner A)`);
    expect(added.err).not.toContain(key);
  });

  it("add appends to an existing file; list shows ids, dates and labels but never keys or hashes", async () => {
    const file = join(freshDir(), "keys.jsonl");
    const env = { TBANK_HOTELS_HTTP_API_KEYS_FILE: file };
    const a = await cli(["add", "--label", "alpha"], env);
    const b = await cli(["add"], env);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(a.out).not.toBe(b.out);
    const records = lines(file);
    expect(records.map((r) => r.label)).toEqual(["alpha", ""]);

    const list = await cli(["list"], env);
    expect(list.code).toBe(0);
    expect(list.out).toBe(`${String(records[0]!.id)}  2027-03-01T09:00:00.000Z  alpha\n${String(records[1]!.id)}  2027-03-01T09:00:00.000Z  (no label)\n`);
    const json = await cli(["list", "--json"], env);
    expect(JSON.parse(json.out)).toEqual(records.map(({ id, label, createdAt }) => ({ id, label, createdAt })));
    for (const output of [list.out, json.out]) {
      for (const secret of [a.out.trim(), b.out.trim(), String(records[0]!.sha256)]) expect(output).not.toContain(secret);
    }
  });

  it("revoke removes one key, keeps the file 0600 and refuses an unknown id", async () => {
    const file = join(freshDir(), "keys.jsonl");
    await cli(["add", "--file", file, "--label", "keep"]);
    await cli(["add", "--file", file, "--label", "drop"]);
    const [keep, drop] = lines(file);
    const revoked = await cli(["revoke", String(drop!.id), "--file", file]);
    expect(revoked).toMatchObject({ code: 0, out: `Revoked key ${String(drop!.id)} (drop); running servers refuse it from their next request.\n` });
    expect(lines(file)).toEqual([keep]);
    expect(mode(file)).toBe(0o600);
    const unknown = await cli(["revoke", String(drop!.id), "--file", file]);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/no key with id/);
  });

  it("refuses an existing file readable by others, a symlink and a malformed file, leaving them untouched", async () => {
    const dir = freshDir();
    const loose = join(dir, "loose.jsonl");
    await cli(["add", "--file", loose]);
    chmodSync(loose, 0o644);
    const before = readFileSync(loose, "utf8");
    for (const argv of [["add"], ["list"], ["revoke", "abcdef"]]) {
      const res = await cli([...argv, "--file", loose]);
      expect(res.code).toBe(1);
      expect(res.err).toMatch(/readable by group or others \(mode 644\); run chmod 600/);
      expect(res.out).toBe("");
    }
    expect(readFileSync(loose, "utf8")).toBe(before);

    const target = join(dir, "target.jsonl");
    writeFileSync(target, "", { mode: 0o600 });
    symlinkSync(target, join(dir, "link.jsonl"));
    expect(await cli(["add", "--file", join(dir, "link.jsonl")])).toMatchObject({ code: 1, out: "", err: expect.stringMatching(/symbolic link/) as string });

    const malformed = join(dir, "malformed.jsonl");
    writeFileSync(malformed, "tbk_this-is-not-a-record\n", { mode: 0o600 });
    const res = await cli(["add", "--file", malformed]);
    expect(res).toMatchObject({ code: 1, out: "" });
    expect(res.err).toMatch(/line 1 is not JSON/);
    expect(res.err).not.toContain("tbk_this");
    expect(readFileSync(malformed, "utf8")).toBe("tbk_this-is-not-a-record\n");
  });

  it("usage mistakes exit 2: no file, unknown action, a label with control characters", async () => {
    expect(await cli(["add"])).toMatchObject({ code: 2, err: expect.stringMatching(/--file PATH or TBANK_HOTELS_HTTP_API_KEYS_FILE/) as string });
    expect(await cli(["rotate", "--file", "/tmp/x"])).toMatchObject({ code: 2, err: expect.stringMatching(/unknown action "rotate"/) as string });
    expect(await cli(["add", "--file", join(freshDir(), "k.jsonl"), "--label", "evil\u001b[2J"])).toMatchObject({ code: 2, out: "" });
    expect(await cli(["revoke", "--file", "/tmp/x"])).toMatchObject({ code: 2 });
  });
});
