/**
 * Brings the database to the state `supabase start` would: the platform
 * schema Supabase provides (local-stack/sql/platform.sql), then the project's
 * migrations through the Supabase CLI itself (same
 * supabase_migrations.schema_migrations bookkeeping as hosted projects), then,
 * for a new database only, the seed and its media files.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Sql } from "postgres";
import { repoRoot, type Log } from "./config.ts";
import { runToEnd } from "./processes.ts";
import { importFolder } from "./storage.ts";
import { supabaseCliPath } from "./supabase-cli.ts";

const platformSql = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "sql", "platform.sql");
const seedSql = path.join(repoRoot, "supabase", "seed.sql");
const seedMedia = path.join(repoRoot, "supabase", "seed-media");

function binary(name: string): string {
  for (const dir of [path.join(repoRoot, "node_modules", ".bin"), path.join(repoRoot, "local-stack", "node_modules", ".bin")]) {
    const candidate = path.join(dir, name);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`${name} is not installed: run \`npm install\` in ${repoRoot}`);
}
export const binaryPath = binary;

/** Idempotent: creates only what is missing, so it runs on every start. */
export async function applyPlatformSchema(sql: Sql): Promise<void> {
  // Simple query protocol: the file holds many statements, including DO blocks.
  await sql.file(platformSql).simple();
}

/** `supabase migration up` against the local database: applies the migrations not yet recorded. */
export async function applyMigrations(databaseUrl: string, log: Log): Promise<void> {
  const args = ["migration", "up", `--remote=${databaseUrl}`, "--yes", "--workdir", repoRoot];
  const { code, output: text } = await runToEnd(supabaseCliPath(), args, {
    cwd: repoRoot,
    // No telemetry prompts or update checks in the middle of `npm start`.
    env: { ...process.env, SUPABASE_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1", CI: process.env.CI ?? "1" },
  });
  if (code !== 0) throw new Error(`supabase migration up failed:\n${text}`);
  for (const line of text.split("\n")) if (/Applying migration|up to date/i.test(line)) log(`[migrations] ${line.trim()}`);
}

/** supabase/seed.sql, then supabase/seed-media/ into the `media` bucket: for a new database only. */
export async function seed(sql: Sql, dataDir: string, log: Log): Promise<void> {
  if (existsSync(seedSql)) {
    await sql.file(seedSql).simple();
    log("seeded the database from supabase/seed.sql");
  } else {
    log("no supabase/seed.sql yet: the database starts empty");
  }
  if (existsSync(seedMedia)) {
    const count = await importFolder(dataDir, "media", seedMedia);
    log(`copied ${count} seed media file(s) into the media bucket`);
  }
}
