import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildViews } from "../../scripts/build/views.mjs";

// The MCP App view as the build writes it: one HTML file that loads nothing from outside (hosts
// render it under a CSP naming only the photo host), with the test hooks the chromium host uses.

describe("views build: dist/views/stay.html", () => {
  let dir = "";
  let html = "";
  let bytes = 0;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "views-"));
    bytes = await buildViews(dir);
    html = readFileSync(join(dir, "stay.html"), "utf8");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("is one file with the script and the style inline", () => {
    expect(readdirSync(dir)).toEqual(["stay.html"]);
    expect(Buffer.byteLength(html)).toBe(bytes);
    expect(html.match(/<script\b/g)).toHaveLength(1);
    expect(html).toMatch(/<script type="module">[^<]/);
    expect(html).toMatch(/<style>[^<]/);
    expect(html).not.toContain("/*SCRIPT*/");
    expect(html).not.toContain("/*STYLE*/");
  });

  it("names nothing to load: no src, link, @import or url() in the markup and the style", () => {
    const markup = html.replace(/<script type="module">[\s\S]*<\/script>/, "");
    const style = /<style>([\s\S]*)<\/style>/.exec(html)?.[1] ?? "";
    expect(markup).not.toMatch(/\b(src|href)=/i);
    expect(markup).not.toMatch(/<(link|img|iframe|object|embed)\b/i);
    expect(style).not.toMatch(/@import|url\(/i);
    // The inline script closes once: a "</script" inside the bundle is escaped.
    expect(html.match(/<\/script/g)).toHaveLength(1);
  });

  it("carries the test hooks and both languages", () => {
    for (const id of ["stay-card", "stay-card-name", "stay-card-price", "rates-view", "rate-row", "compare-table", "details-view", "stay-map"]) expect(html).toContain(`"${id}"`);
    expect(html).toContain("Выбрать");
    expect(html).toContain("Choose");
  });

  it("stays small enough for a resource read", () => {
    expect(bytes).toBeLessThan(350_000);
  });
});
