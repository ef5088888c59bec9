/**
 * Each finished backup leaves one row in the project it was taken from, so
 * admins can see when the last one ran and how big it was:
 * `private.backups (created_at, file_name, bytes, sha256, tables, objects,
 * encrypted)` (supabase/migrations/…000900_backups.sql). On a database
 * without that table (one not migrated that far), nothing is recorded.
 */
import type { Sql } from "postgres";

export interface BackupRecord {
  /** The file's name (not its folder: where backups are kept is the operator's business). */
  file: string;
  bytes: number;
  sha256: string;
  /** When the snapshot was taken, ISO 8601. */
  createdAt: string;
  /** How many tables it holds. */
  tables: number;
  /** How many objects of the media bucket it holds. */
  objects: number;
  /** Whether the file is encrypted (the table assumes it is unless told). */
  encrypted?: boolean;
}

/** Inserts the row when `private.backups` exists; answers whether it did. */
export async function recordBackup(sql: Sql, record: BackupRecord): Promise<boolean> {
  const columns = (
    await sql<{ column_name: string }[]>`
      select column_name from information_schema.columns where table_schema = 'private' and table_name = 'backups'`
  ).map((c) => c.column_name);
  if (columns.length === 0) return false;
  const row: Record<string, unknown> = {
    created_at: record.createdAt,
    file_name: record.file,
    bytes: record.bytes,
    sha256: record.sha256,
    tables: record.tables,
    objects: record.objects,
  };
  if (record.encrypted !== undefined && columns.includes("encrypted")) row.encrypted = record.encrypted;
  await sql`insert into private.backups ${sql(row)}`;
  return true;
}
