/**
 * Finds the Supabase CLI binary. The project installs the platform package
 * (`@supabase/cli-linux-x64`) directly rather than the `supabase` wrapper:
 * the wrapper lists a package for every platform, and where the registry
 * lacks one of them `npm ci` refuses the lock file. Elsewhere a `supabase`
 * on PATH (Homebrew, Scoop) is used.
 *
 * Run directly, it passes its arguments to the CLI: `npm run supabase -- <args>`.
 */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);

export function supabaseCliPath(): string {
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
  const libc = process.platform === "linux" && !report?.header?.glibcVersionRuntime ? "-musl" : "";
  const candidates = [`@supabase/cli-${process.platform}-${os.arch()}${libc}`, `@supabase/cli-${process.platform}-${os.arch()}`];
  for (const name of candidates) {
    try {
      const dir = path.dirname(require.resolve(`${name}/package.json`));
      return path.join(dir, "bin", process.platform === "win32" ? "supabase.exe" : "supabase");
    } catch {
      // not installed for this platform: try the next
    }
  }
  const onPath = spawnSync(process.platform === "win32" ? "where" : "which", ["supabase"], { encoding: "utf8" });
  if (onPath.status === 0 && onPath.stdout.trim()) return onPath.stdout.trim().split("\n")[0];
  throw new Error(
    `No Supabase CLI for ${process.platform}-${os.arch()}: install it (https://supabase.com/docs/guides/cli) so \`supabase\` is on PATH.`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = spawnSync(supabaseCliPath(), process.argv.slice(2), { stdio: "inherit" });
  process.exit(result.status ?? 1);
}
