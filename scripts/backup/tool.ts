/** Which code wrote a backup: the commit of this checkout, when it is one (the manifest's `tool.commit`). */
import { spawnSync } from "node:child_process";

export function gitCommit(repoRoot: string): string | null {
  const result = spawnSync("git", ["rev-parse", "HEAD"], { cwd: repoRoot, encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : null;
}
