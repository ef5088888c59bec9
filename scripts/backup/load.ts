/**
 * Loads a backup's rows into a project in ONE transaction: with
 * `session_replication_role = replica` (triggers and foreign-key checks
 * off, as Supabase's restore guide runs psql, so every row, counter and
 * cache comes back exactly as it was and nothing is recomputed), each
 * restored table emptied first, then `COPY … FROM STDIN` per table, every
 * sequence moved past the ids it has handed out, and the api function told
 * to forget what it keeps in memory. Either all of it is there, or none.
 */
import { createReadStream } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Sql } from "postgres";
import { columnList, ident, tableIdent, type Db } from "./catalog.ts";
import type { Manifest } from "./manifest.ts";
import type { Progress } from "./progress.ts";
import { sessionSettings } from "./target.ts";

/**
 * The tables outside the backup that emptying its tables empties too
 * (TRUNCATE … CASCADE follows foreign keys): Auth's sessions and refresh
 * tokens of the accounts being replaced, for instance.
 */
export async function cascadedTables(sql: Sql, manifest: Manifest): Promise<string[]> {
  const names = manifest.tables.map((t) => tableIdent(t));
  const rows = await sql<{ name: string }[]>`
    with recursive emptied(oid) as (
      select c.oid from pg_class c where c.oid = any(${names}::regclass[])
      union
      select con.conrelid from pg_constraint con join emptied e on con.confrelid = e.oid where con.contype = 'f'
    )
    select e.oid::regclass::text as name from emptied e where e.oid <> all(${names}::regclass[]) order by 1`;
  return rows.map((r) => r.name);
}

export async function loadData(sql: Sql, manifest: Manifest, stageDir: string, progress: Progress): Promise<void> {
  const step = progress.step("loading data", manifest.tables.length);
  await sql.begin(async (tx) => {
    await sessionSettings(tx);
    await tx`set local session_replication_role = replica`;
    await tx.unsafe(`truncate ${manifest.tables.map(tableIdent).join(", ")} cascade`);
    for (const table of manifest.tables) {
      // An empty table stays as the truncate left it.
      if (table.rows === 0) {
        step.tick();
        continue;
      }
      const copy = await tx.unsafe(`copy ${tableIdent(table)} (${columnList(table.columns)}) from stdin`).writable();
      await pipeline(createReadStream(path.join(stageDir, table.entry)), copy);
      step.tick();
    }
    for (const sequence of manifest.sequences) await restoreSequence(tx, sequence);
    // The restored tables' own notifications are off with the triggers: one for everything, sent at commit.
    await tx`select pg_notify('public_changes', 'restore')`;
  });
  step.done(`${manifest.tables.length} tables, ${manifest.tables.reduce((sum, t) => sum + t.rows, 0)} rows, in one transaction`);
}

/**
 * A sequence goes where the backup found it, or past the largest id of the
 * column it numbers if that is further: an id handed out before (a deleted
 * post's) is never handed out again, so old links never lead to another post.
 */
async function restoreSequence(tx: Db, sequence: Manifest["sequences"][number]): Promise<void> {
  const name = tableIdent(sequence);
  const [owner] = await tx<{ table_name: string; column_name: string; start_value: string }[]>`
    select t.oid::regclass::text as table_name, a.attname as column_name, s.start_value::text as start_value
      from pg_sequences s
      join pg_class sc on sc.relname = s.sequencename
      join pg_namespace sn on sn.oid = sc.relnamespace and sn.nspname = s.schemaname
      left join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = sc.oid and d.refobjsubid > 0 and d.deptype in ('a', 'i')
      left join pg_class t on t.oid = d.refobjid
      left join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
     where s.schemaname = ${sequence.schema} and s.sequencename = ${sequence.name}`;
  if (!owner) return;
  let used = sequence.isCalled ? BigInt(sequence.lastValue) : null;
  if (owner.table_name && owner.column_name) {
    const [{ max }] = await tx.unsafe<{ max: string | null }[]>(`select max(${ident(owner.column_name)})::text as max from ${owner.table_name}`);
    if (max !== null && (used === null || BigInt(max) > used)) used = BigInt(max);
  }
  if (used === null) await tx`select setval(${name}::regclass, ${owner.start_value}::bigint, false)`;
  else await tx`select setval(${name}::regclass, ${used.toString()}::bigint, true)`;
}

/**
 * Fresh statistics for the restored tables: the readers' plans are made from
 * them, and a table loaded in bulk has none yet (docs/database.md, after a
 * bulk load; bench/findings.md, "The seed's statistics of the ready JSON").
 */
export async function analyzeTables(sql: Sql, manifest: Manifest, progress: Progress): Promise<void> {
  const step = progress.step("analyzing", manifest.tables.length);
  for (const table of manifest.tables) {
    await sql.unsafe(`analyze ${tableIdent(table)}`);
    step.tick();
  }
  step.done("statistics of every restored table are fresh");
}
