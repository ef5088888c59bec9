/**
 * Writes the API's OpenAPI document to docs/openapi.json, from the route
 * schemas the function itself serves at GET /api/openapi.json. With --check,
 * changes nothing and fails when the committed copy is not current, so a
 * change to the contract shows in review (npm test runs it).
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const target = path.join(root, "docs", "openapi.json");
const check = process.argv.includes("--check");

const printed = spawnSync(
  "deno",
  ["run", "--config", "supabase/functions/api/deno.json", "--allow-env", "--allow-read=supabase/functions", "supabase/functions/api/print-openapi.ts"],
  { cwd: root, encoding: "utf8", env: { ...process.env, DENO_DIR: path.join(root, ".local", "deno") }, maxBuffer: 64 * 1024 * 1024 },
);
if (printed.status !== 0) {
  process.stderr.write(printed.stderr);
  process.exit(1);
}
const document = `${JSON.stringify(JSON.parse(printed.stdout), null, 2)}\n`;

if (!check) {
  writeFileSync(target, document);
  console.log(`wrote ${path.relative(root, target)}`);
} else if (readFileSync(target, "utf8") !== document) {
  console.error("docs/openapi.json is not current: run `npm run gen:openapi` and commit it.");
  process.exit(1);
} else {
  console.log("docs/openapi.json is current.");
}
