/**
 * The data of a backup, read in one consistent snapshot while the site stays
 * up: one `repeatable read, read only` transaction, every table written by
 * `COPY (select <columns>) TO STDOUT` in text format, streamed to a file.
 *
 * Not pg_dump: the one Debian 12 ships is 15, which refuses a PostgreSQL 17
 * server (hosted projects run 17 too). COPY is what pg_dump's data section
 * is made of (`--data-only` writes the same COPY text), so this is as exact.
 */
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Sql } from "postgres";
import { copyOut } from "./copy.ts";
import { columnList, listSequences, listTables, tableIdent } from "./catalog.ts";
import { tableEntryName, type Migration, type SequenceEntry, type TableEntry } from "./manifest.ts";
import { lastAppliedMigration } from "./migrations.ts";
import type { Progress } from "./progress.ts";
import { digestingStream } from "./row-digest.ts";
import { sessionSettings } from "./target.ts";

export interface Snapshot {
  createdAt: string;
  migration: Migration | null;
  tables: TableEntry[];
  sequences: SequenceEntry[];
  /** The objects the rows refer to (post_media), to notice one gone before it was read. */
  referencedObjects: string[];
}

/** Writes every table to `<stageDir>/data/<schema>.<table>` and describes what it wrote. */
export async function takeSnapshot(sql: Sql, stageDir: string, progress: Progress): Promise<Snapshot> {
  await fs.mkdir(path.join(stageDir, "data"), { recursive: true });
  return await sql.begin("isolation level repeatable read read only", async (tx) => {
    await sessionSettings(tx);
    const [{ now }] = await tx<{ now: string }[]>`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as now`;
    const migration = await lastAppliedMigration(tx);
    const tables = await listTables(tx);
    const step = progress.step("data", tables.length);
    const written: TableEntry[] = [];
    for (const table of tables) {
      const entry = tableEntryName(table.schema, table.name);
      const digest = digestingStream();
      const copy = await copyOut(tx, `copy (select ${columnList(table.columns)} from ${tableIdent(table)}) to stdout`);
      await pipeline(copy, digest.stream, createWriteStream(path.join(stageDir, entry)));
      const result = digest.result();
      written.push({ schema: table.schema, name: table.name, entry, columns: table.columns, ...result });
      step.tick();
    }
    const rows = written.reduce((sum, t) => sum + t.rows, 0);
    step.done(`${written.length} tables, ${rows} rows`);

    // Sequences are not transactional: their value now is at least what any row of the snapshot used.
    const sequences: SequenceEntry[] = [];
    for (const sequence of await listSequences(tx)) {
      const [state] = await tx.unsafe<{ last_value: string; is_called: boolean }[]>(
        `select last_value::text as last_value, is_called from ${tableIdent(sequence)}`,
      );
      sequences.push({ schema: sequence.schema, name: sequence.name, lastValue: state!.last_value, isCalled: state!.is_called });
    }

    const [media] = await tx<{ exists: boolean }[]>`select to_regclass('public.post_media') is not null as exists`;
    const referencedObjects = media?.exists
      ? (await tx<{ object_path: string }[]>`select distinct object_path from public.post_media`).map((r) => r.object_path)
      : [];
    return { createdAt: now, migration, tables: written, sequences, referencedObjects };
  });
}
