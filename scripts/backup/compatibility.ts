/**
 * Whether a backup fits a target, decided before anything is written: its
 * migration against the code's and the target's, and its tables and columns
 * against the target's.
 *
 * A restore loads rows into the schema the target's migrations made, so the
 * two must be the same schema. A backup taken at an older migration than
 * the target's is refused rather than migrated on the way: the migrations
 * are SQL files applied once each by the Supabase CLI, which cannot stop at
 * a given one, and a target is only empty before its first migration anyway.
 * The message says what to do: restore into an empty project at the
 * backup's migration (a checkout of the code of that day), then apply the
 * rest as a deployment would (`npm start`, `supabase db push`), so the later
 * migrations change the restored rows as they change live ones.
 */
import type { ColumnInfo, Manifest, Migration } from "./manifest.ts";

const describe = (m: Migration | null) => (m ? `${m.version}${m.name ? ` (${m.name})` : ""}` : "none");

/** A refusal about migrations, or undefined when the backup fits. */
export function migrationRefusal(options: {
  backup: Migration | null;
  /** The newest file in supabase/migrations of this checkout. */
  newestInCode: Migration | null;
  /** The last migration applied to the target. */
  target: Migration | null;
}): string | undefined {
  const { backup, newestInCode, target } = options;
  if (backup && newestInCode && backup.version > newestInCode.version) {
    return (
      `the backup was taken at migration ${describe(backup)}, later than the newest this code knows, ` +
      `${describe(newestInCode)}: restore it with the code it was taken with (update this checkout first).`
    );
  }
  if ((backup?.version ?? null) !== (target?.version ?? null)) {
    return (
      `the backup was taken at migration ${describe(backup)}, the target is at ${describe(target)}. ` +
      "A restore loads rows into the same schema they were taken from: restore into an empty project at the " +
      "backup's migration (with the code of that day: `git log -- supabase/migrations`), then bring it up to date " +
      "as a deployment would (`npm start` on the newer code, or `supabase db push`)."
    );
  }
  return undefined;
}

export interface TableShape {
  schema: string;
  name: string;
  columns: ColumnInfo[];
}

/**
 * The differences between the backup's tables and the target's: a table or
 * column the target lacks, a type that differs, and, for the app's own
 * schemas, a table or column the backup lacks (Auth's tables may have more
 * columns in a newer Auth: they keep their defaults).
 */
export function schemaDifferences(backup: TableShape[], target: TableShape[], ownSchemas: string[]): string[] {
  const key = (t: { schema: string; name: string }) => `${t.schema}.${t.name}`;
  const targetByName = new Map(target.map((t) => [key(t), t]));
  const backupByName = new Map(backup.map((t) => [key(t), t]));
  const differences: string[] = [];
  for (const table of backup) {
    const there = targetByName.get(key(table));
    if (!there) {
      differences.push(`the target has no table ${key(table)}`);
      continue;
    }
    const theirs = new Map(there.columns.map((c) => [c.name, c.type]));
    for (const column of table.columns) {
      const type = theirs.get(column.name);
      if (type === undefined) differences.push(`the target's ${key(table)} has no column ${column.name}`);
      else if (type !== column.type) differences.push(`${key(table)}.${column.name} is ${column.type} in the backup, ${type} in the target`);
    }
    if (ownSchemas.includes(table.schema)) {
      const ours = new Set(table.columns.map((c) => c.name));
      for (const column of there.columns) {
        if (!ours.has(column.name)) differences.push(`the target's ${key(table)} has a column the backup lacks: ${column.name}`);
      }
    }
  }
  for (const table of target) {
    if (ownSchemas.includes(table.schema) && !backupByName.has(key(table))) differences.push(`the target has a table the backup lacks: ${key(table)}`);
  }
  return differences;
}

/** A short account of a manifest, for people: when, which migration, how much. */
export function describeBackup(manifest: Manifest): string {
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  const bytes = manifest.objects.reduce((sum, o) => sum + o.size, 0);
  return (
    `taken ${manifest.createdAt} at migration ${describe(manifest.migration)}: ` +
    `${manifest.tables.length} tables (${rows} rows), ${manifest.objects.length} objects (${formatBytes(bytes)})`
  );
}

export function formatBytes(bytes: number): string {
  const units = ["B", "kB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}
