/**
 * Which tables a backup holds, read from the catalog: every table of the
 * app's schemas, and the two Auth tables members need to sign in.
 *
 * All of `public` and `private`, derived caches included (post_cards,
 * comment_cards, post_scores, tag_counts, …): a restore loads rows with
 * triggers off, exactly as they were, so the caches come back exactly as the
 * rows they were built from; rebuilding them instead would need every trigger
 * replayed in order. The queue's durable state (source_jobs) and the rate
 * limits come along the same way. Generated columns are left out: Postgres
 * computes them again as rows are loaded.
 */
import type postgres from "postgres";
import type { ColumnInfo } from "./manifest.ts";

/** A connection, or a transaction on one. */
export type Db = postgres.Sql | postgres.TransactionSql;

/** The app's schemas: every table in them is backed up, and a restore expects exactly the same ones. */
export const ownSchemas = ["public", "private"];
/** Auth's rows members need to sign in: the accounts (password hashes, metadata, confirmation) and their identities. */
export const authTables = [
  { schema: "auth", name: "users" },
  { schema: "auth", name: "identities" },
];

export interface CatalogTable {
  schema: string;
  name: string;
  columns: ColumnInfo[];
}

/**
 * The tables to back up (or that a target has), Auth's first, then by
 * schema and name. Partitions are read through their parent; tables an
 * extension owns are the extension's.
 */
export async function listTables(sql: Db): Promise<CatalogTable[]> {
  const rows = await sql<{ schema: string; name: string; columns: ColumnInfo[] }[]>`
    select n.nspname as schema, c.relname as name,
           json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod)) order by a.attnum) as columns
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     where c.relkind in ('r', 'p') and not c.relispartition
       and (n.nspname = any(${ownSchemas})
            or n.nspname || '.' || c.relname = any(${authTables.map((t) => `${t.schema}.${t.name}`)}))
       and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
     group by n.nspname, c.relname
     order by n.nspname <> 'auth', n.nspname, c.relname`;
  return rows.map((row) => ({ schema: row.schema, name: row.name, columns: row.columns }));
}

export interface CatalogSequence {
  schema: string;
  name: string;
  /** The table and column it numbers (identity or serial), if any. */
  owner: { schema: string; table: string; column: string } | null;
  startValue: string;
}

/** The sequences of the app's schemas, with the column each one numbers. */
export async function listSequences(sql: Db): Promise<CatalogSequence[]> {
  const rows = await sql<
    { schema: string; name: string; table_schema: string | null; table_name: string | null; column_name: string | null; start_value: string }[]
  >`
    select s.schemaname as schema, s.sequencename as name, s.start_value::text as start_value,
           tn.nspname as table_schema, t.relname as table_name, a.attname as column_name
      from pg_sequences s
      join pg_class sc on sc.relname = s.sequencename
      join pg_namespace sn on sn.oid = sc.relnamespace and sn.nspname = s.schemaname
      left join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = sc.oid and d.refobjsubid > 0 and d.deptype in ('a', 'i')
      left join pg_class t on t.oid = d.refobjid
      left join pg_namespace tn on tn.oid = t.relnamespace
      left join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
     where s.schemaname = any(${ownSchemas})
     order by 1, 2`;
  return rows.map((r) => ({
    schema: r.schema,
    name: r.name,
    startValue: r.start_value,
    owner: r.table_schema && r.table_name && r.column_name ? { schema: r.table_schema, table: r.table_name, column: r.column_name } : null,
  }));
}

/** A quoted identifier, for the statements that name tables and columns. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const tableIdent = (t: { schema: string; name: string }) => `${ident(t.schema)}.${ident(t.name)}`;
export const columnList = (columns: ColumnInfo[]) => columns.map((c) => ident(c.name)).join(", ");
