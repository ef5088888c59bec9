// @vitest-environment node
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const src = path.resolve(__dirname, "..");
const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(file) : /\.tsx?$/.test(entry.name) ? [file] : [];
  });

describe("CSS modules", () => {
  // A class a module does not define is `undefined` in the markup: the element silently goes unstyled.
  it("every class a component takes from a CSS module is defined there", () => {
    const missing: string[] = [];
    for (const file of sourceFiles(src)) {
      const code = fs.readFileSync(file, "utf8");
      for (const [, name, cssPath] of code.matchAll(/import (\w+) from "(\.[^"]+\.module\.css)"/g)) {
        const css = fs.readFileSync(path.resolve(path.dirname(file), cssPath), "utf8");
        const defined = new Set([...css.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)].map((match) => match[1]));
        for (const [, used] of code.matchAll(new RegExp(`\\b${name}\\.(\\w+)`, "g"))) {
          if (!defined.has(used)) missing.push(`${path.relative(src, file)}: ${name}.${used} (${cssPath})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
