import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The stack's URLs and keys: the environment's when SUPABASE_URL and
 * SUPABASE_ANON_KEY are set (a hosted project, or `. /tmp/env-N`), else what
 * `npm run stack:env` prints for the local stack at LOCAL_STACK_PORT_OFFSET.
 */
export function stackEnv(): Record<string, string> {
  if (process.env.SUPABASE_URL && process.env.SUPABASE_ANON_KEY) return process.env as Record<string, string>;
  const printed = spawnSync("npm", ["run", "--silent", "stack:env"], { cwd: repoRoot, encoding: "utf8" });
  const vars = Object.fromEntries(
    printed.stdout
      .split("\n")
      .map((line) => line.match(/^([A-Z_]+)=(.*)$/))
      .filter((match): match is RegExpMatchArray => Boolean(match))
      .map((match) => [match[1], match[2].replace(/^["']|["']$/g, "")]),
  );
  if (!vars.SUPABASE_URL || !vars.SUPABASE_ANON_KEY) {
    throw new Error("set SUPABASE_URL and SUPABASE_ANON_KEY, or start the local stack (npm start)");
  }
  return vars;
}
