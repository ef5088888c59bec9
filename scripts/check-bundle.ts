/**
 * `npm run check:bundle`: the home page's JavaScript budget (docs/performance.md).
 *
 * Builds the SPA for production (`npm run build -w web`; `--no-build` reuses
 * web/dist), then follows what a browser fetches when it opens `/`:
 *   - the scripts and modulepreload links of dist/index.html,
 *   - every chunk they import statically,
 *   - the entry's dynamic imports (main.tsx loads the config check, the app
 *     and the analytics starter at once; posthog itself stays behind its key),
 *   - the home route's chunk (`src/app/routes/home.tsx`) and its static
 *     imports, when the router loads it lazily (else it is in the app chunk).
 * The shell's other dynamic imports load on demand: the other routes, the auth
 * forms (when a modal opens) and sonner (with the first toast, lib/notify.ts).
 * It prints each file's gzipped size and fails (exit 1) when the total is over
 * 150 KB, or when that set holds the markdown renderer, the admin feature, the
 * create-post form or posthog. Modules are identified by their ids: the keys
 * of `.vite/manifest.json` and the sources of each chunk's source map.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "web", "dist");
const BUDGET_KB = 150;
const HOME_ROUTE = "src/app/routes/home.tsx";

/** Must not be loaded by the home page. */
const FORBIDDEN: { label: string; pattern: RegExp }[] = [
  {
    label: "markdown renderer",
    pattern: /node_modules\/(react-markdown|remark-[^/]+|unified|micromark[^/]*|mdast-util-[^/]+)\/|src\/features\/[^/]+\/components\/markdown[^/]*\.tsx$|src\/components\/markdown\//,
  },
  { label: "admin screens", pattern: /src\/features\/admin\/|src\/app\/routes\/admin\// },
  { label: "create-post form", pattern: /src\/features\/create-post\/|src\/app\/routes\/create-post\.tsx$/ },
  { label: "analytics (posthog)", pattern: /node_modules\/posthog-js\// },
];

type ManifestChunk = { file: string; src?: string; name?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestChunk>;

if (!process.argv.includes("--no-build")) {
  console.log("▶ npm run build -w web");
  const build = spawnSync("npm", ["run", "--silent", "build", "-w", "web"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) {
    console.error("✗ the production build failed");
    process.exit(1);
  }
}

const manifestPath = path.join(dist, ".vite", "manifest.json");
if (!fs.existsSync(manifestPath)) {
  console.error(`✗ ${path.relative(root, manifestPath)} is missing: web/vite.config.ts needs build.manifest: true`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8")) as Manifest;
const keyByFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

/** Why each chunk is loaded (first reason found), in load order. */
const loaded = new Map<string, string>();
function addWithStaticImports(key: string, reason: string) {
  if (loaded.has(key) || !manifest[key]) return;
  loaded.set(key, reason);
  for (const imported of manifest[key].imports ?? []) addWithStaticImports(imported, reason);
}

// 1. dist/index.html: module scripts and modulepreload links.
const html = fs.readFileSync(path.join(dist, "index.html"), "utf8");
const htmlFiles = [
  ...html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+)"/g),
  ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+)"/g),
].map((match) => match[1]);
for (const file of htmlFiles) {
  const key = keyByFile.get(file);
  if (!key) {
    console.error(`✗ ${file} (linked from index.html) is not in the manifest`);
    process.exit(1);
  }
  addWithStaticImports(key, "index.html");
}

// 2. The entry's dynamic imports (main.tsx: config, app, analytics starter).
const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
for (const [, entry] of entries) for (const key of entry.dynamicImports ?? []) addWithStaticImports(key, "started by main.tsx");

// 3. The home route: its own chunk when lazy, else part of the chunks above.
if (manifest[HOME_ROUTE]) addWithStaticImports(HOME_ROUTE, "home route");

// Sizes and contents.
const sourcesOf = (file: string): string[] => {
  const mapPath = path.join(dist, `${file}.map`);
  if (!fs.existsSync(mapPath)) return [];
  const map = JSON.parse(fs.readFileSync(mapPath, "utf8")) as { sources?: string[] };
  return (map.sources ?? []).map((source) => path.relative(root, path.resolve(path.dirname(path.join(dist, file)), source)).split(path.sep).join("/"));
};
const rows = [...loaded.entries()]
  .map(([key, reason]) => {
    const chunk = manifest[key];
    const code = fs.readFileSync(path.join(dist, chunk.file));
    return { key, reason, file: chunk.file, raw: code.length, gzip: gzipSync(code).length, modules: [key, ...sourcesOf(chunk.file)] };
  })
  .filter((row) => row.file.endsWith(".js"));

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const width = Math.max(...rows.map((row) => row.file.length), 10);
console.log(`\nJavaScript loaded when opening / (production build):\n`);
console.log(`${"file".padEnd(width)}  ${"raw KB".padStart(8)}  ${"gzip KB".padStart(8)}  loaded by`);
for (const row of [...rows].sort((a, b) => b.gzip - a.gzip)) {
  console.log(`${row.file.padEnd(width)}  ${kb(row.raw).padStart(8)}  ${kb(row.gzip).padStart(8)}  ${row.reason}`);
}
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
const totalRaw = rows.reduce((sum, row) => sum + row.raw, 0);
console.log(`${"total".padEnd(width)}  ${kb(totalRaw).padStart(8)}  ${kb(total).padStart(8)}  (budget ${BUDGET_KB} KB gzipped)\n`);

const problems: string[] = [];
if (!rows.some((row) => row.modules.some((id) => id === HOME_ROUTE || id.endsWith(`web/${HOME_ROUTE}`)))) problems.push(`${HOME_ROUTE} is in none of the chunks followed: the check would miss the home page`);
if (total > BUDGET_KB * 1024) problems.push(`the home page loads ${kb(total)} KB of gzipped JavaScript, over the ${BUDGET_KB} KB budget`);
for (const { label, pattern } of FORBIDDEN) {
  const hits = rows.flatMap((row) => row.modules.filter((id) => pattern.test(id)).map((id) => `${id} (in ${row.file})`));
  if (hits.length) problems.push(`the home page loads the ${label}: ${[...new Set(hits)].slice(0, 5).join(", ")}`);
}
if (problems.length) {
  for (const problem of problems) console.error(`✗ ${problem}`);
  process.exit(1);
}
console.log(`✓ home page JavaScript: ${kb(total)} KB gzipped (≤ ${BUDGET_KB} KB); no markdown renderer, admin, create-post form or posthog`);
