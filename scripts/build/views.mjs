// Builds the MCP App view (mcp/hotels/views) into one self-contained HTML file: the script and
// the style inline, nothing fetched at run time except the hotel photos the results name (the
// resource's CSP declares only their host). Hosts render it in a sandboxed frame.
import { build, transform } from "esbuild";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { zodEnglishOnly } from "./plugins.mjs";

const DIR = "mcp/hotels/views";

/** Writes dist/views/stay.html and returns its size in bytes. */
export async function buildViews(outDir = "dist/views") {
  const script = await build({
    entryPoints: [`${DIR}/main.ts`],
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    // The page declares UTF-8: Cyrillic as itself is half the size of \u escapes.
    charset: "utf8",
    legalComments: "none",
    logLevel: "warning",
    // The bins' plugin: zod's other locales are most of its weight, and nothing shows its messages.
    plugins: [zodEnglishOnly],
  });
  const style = await transform(readFileSync(`${DIR}/stay.css`, "utf8"), { loader: "css", minify: true, charset: "utf8" });
  // "</script" inside the bundle would end the inline element early.
  const js = script.outputFiles[0].text.replaceAll("</script", "<\\/script");
  const html = readFileSync(`${DIR}/stay.html`, "utf8")
    .replace("/*STYLE*/", () => style.code.trim())
    .replace("/*SCRIPT*/", () => js.trim());
  mkdirSync(outDir, { recursive: true });
  writeFileSync(`${outDir}/stay.html`, html);
  return Buffer.byteLength(html);
}
