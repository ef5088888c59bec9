/**
 * Migrations on both sides: the files of this checkout
 * (`supabase/migrations/<version>_<name>.sql`) and what a database records
 * having applied (`supabase_migrations.schema_migrations`, the Supabase CLI's
 * bookkeeping, the same locally and on a hosted project).
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import type { Db } from "./catalog.ts";
import type { Migration } from "./manifest.ts";

/** The migration a file name stands for, as the CLI reads it: `<digits>_<name>.sql`. */
export function migrationOfFile(file: string): Migration | undefined {
  const match = /^(\d+)_(.*)\.sql$/.exec(file);
  return match ? { version: match[1]!, name: match[2]! } : undefined;
}

/** The newest migration file of the checkout at `repoRoot`. */
export function newestMigrationInCode(repoRoot: string): Migration | null {
  const migrations = readdirSync(path.join(repoRoot, "supabase", "migrations"))
    .map(migrationOfFile)
    .filter((m): m is Migration => Boolean(m))
    .sort((a, b) => (a.version < b.version ? -1 : a.version > b.version ? 1 : 0));
  return migrations.at(-1) ?? null;
}

/** The last migration the database records (null: none, or no bookkeeping table at all). */
export async function lastAppliedMigration(sql: Db): Promise<Migration | null> {
  const [table] = await sql<{ exists: boolean }[]>`select to_regclass('supabase_migrations.schema_migrations') is not null as exists`;
  if (!table?.exists) return null;
  const [last] = await sql<{ version: string; name: string | null }[]>`
    select version, name from supabase_migrations.schema_migrations order by version desc limit 1`;
  return last ? { version: last.version, name: last.name } : null;
}
