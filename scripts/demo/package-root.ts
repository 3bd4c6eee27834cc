import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The package directory, found from this module whether it runs bundled (dist/) or from source. */
export function packageRoot(from: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(from));
  for (let i = 0; i < 8; i++) {
    if (existsSync(join(dir, "package.json"))) return dir;
    dir = dirname(dir);
  }
  throw new Error("cannot find the package directory");
}

export function distBin(name: string): string {
  return join(packageRoot(), "dist", `${name}.js`);
}
