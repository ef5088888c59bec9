/**
 * manifest.json, the first entry of a backup: what the file holds and how to
 * check it. The tar holds the manifest, then `data/<schema>.<table>` (each
 * table's rows in COPY's text format), then `media/<n>` (the n-th object of
 * `objects`, byte for byte; its Storage name is in the manifest, so no
 * object name ever becomes a path on disk).
 */

export const manifestEntry = "manifest.json";
export const manifestFormat = "community-archive-backup";
export const manifestVersion = 1;
/** A manifest larger than this is not one of ours (it lists tables and objects, not their bytes). */
export const maxManifestBytes = 256 * 1024 * 1024;

export interface ColumnInfo {
  name: string;
  /** format_type(): `bigint`, `text[]`, `timestamp with time zone`, … */
  type: string;
}

export interface TableEntry {
  schema: string;
  name: string;
  /** The tar entry: `data/<schema>.<name>`. */
  entry: string;
  /** The columns written, in order (generated columns are left out: Postgres computes them again). */
  columns: ColumnInfo[];
  rows: number;
  /** Order-independent digest of the rows (row-digest.ts). */
  digest: string;
  bytes: number;
  sha256: string;
}

export interface SequenceEntry {
  schema: string;
  name: string;
  /** As text: a bigint. */
  lastValue: string;
  isCalled: boolean;
}

export interface ObjectEntry {
  bucket: string;
  /** The object's name in the bucket, e.g. `user-id/photo.jpg`. */
  name: string;
  /** The tar entry: `media/<n>`. */
  entry: string;
  size: number;
  sha256: string;
  contentType: string;
  cacheControl: string | null;
}

export interface Migration {
  version: string;
  name: string | null;
}

export interface Manifest {
  format: typeof manifestFormat;
  formatVersion: number;
  tool: { name: string; version: string | null; commit: string | null };
  /** When the snapshot was taken (the database's transaction time), ISO 8601. */
  createdAt: string;
  /** The database's host and the Supabase URL, for people reading it (no password). */
  source: { database: string; supabaseUrl: string };
  /** The last migration applied to the database backed up (supabase_migrations.schema_migrations). */
  migration: Migration | null;
  tables: TableEntry[];
  sequences: SequenceEntry[];
  objects: ObjectEntry[];
  /** What the backup noticed but could not help (an object a row refers to, deleted before it was read). */
  warnings: string[];
}

export const tableEntryName = (schema: string, name: string) => `data/${schema}.${name}`;
export const objectEntryName = (index: number) => `media/${String(index).padStart(6, "0")}`;
export const qualified = (table: { schema: string; name: string }) => `${table.schema}.${table.name}`;

const isString = (value: unknown): value is string => typeof value === "string";
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isHex = (length: number) => (value: unknown) => isString(value) && new RegExp(`^[0-9a-f]{${length}}$`).test(value);

/**
 * Checks what JSON.parse made of a manifest: the shape this code reads, and
 * entries that name only `data/…` and `media/…` files, each once. Returns the
 * problems found (none: a manifest this code can restore).
 */
export function manifestProblems(value: unknown): string[] {
  const problems: string[] = [];
  const m = value as Partial<Manifest> | null;
  if (!m || typeof m !== "object") return ["manifest.json is not a JSON object"];
  if (m.format !== manifestFormat) return [`manifest.json is not a ${manifestFormat} manifest`];
  if (m.formatVersion !== manifestVersion) {
    return [`the backup's format version is ${String(m.formatVersion)}; this code reads version ${manifestVersion}`];
  }
  if (!isString(m.createdAt) || Number.isNaN(Date.parse(m.createdAt))) problems.push("createdAt is not a date");
  if (m.migration !== null && !(m.migration && /^\d+$/.test(String(m.migration.version)))) problems.push("migration has no version");
  if (!Array.isArray(m.tables) || !Array.isArray(m.objects) || !Array.isArray(m.sequences)) {
    return [...problems, "tables, sequences or objects is missing"];
  }
  const entries = new Set<string>();
  const claim = (entry: string, what: string) => {
    if (entries.has(entry)) problems.push(`${what}: the entry ${entry} is listed twice`);
    entries.add(entry);
  };
  m.tables.forEach((table, i) => {
    const what = `table ${i}`;
    if (!isString(table?.schema) || !isString(table.name)) return problems.push(`${what} has no schema or name`);
    // The entry becomes a file name when the backup is unpacked: one name, no folders.
    if (!table.schema || !table.name || /[/\\]/.test(`${table.schema}${table.name}`) || `${table.schema}${table.name}`.includes("\0")) return problems.push(`${what}: a name that cannot be a file name`);
    if (table.entry !== tableEntryName(table.schema, table.name)) problems.push(`${what}: entry is not ${tableEntryName(table.schema, table.name)}`);
    if (!Array.isArray(table.columns) || table.columns.length === 0 || !table.columns.every((c) => isString(c?.name) && isString(c.type))) {
      problems.push(`${what}: columns are missing`);
    }
    if (!isCount(table.rows) || !isCount(table.bytes) || !isHex(64)(table.sha256) || !isHex(32)(table.digest)) {
      problems.push(`${what}: rows, bytes, sha256 or digest is missing`);
    }
    claim(table.entry, what);
  });
  m.objects.forEach((object, i) => {
    const what = `object ${i}`;
    if (!isString(object?.name) || !isString(object.bucket) || !isString(object.contentType)) return problems.push(`${what} has no name, bucket or type`);
    if (object.entry !== objectEntryName(i)) problems.push(`${what}: entry is not ${objectEntryName(i)}`);
    if (!isCount(object.size) || !isHex(64)(object.sha256)) problems.push(`${what}: size or sha256 is missing`);
    claim(object.entry, what);
  });
  m.sequences.forEach((sequence, i) => {
    if (!isString(sequence?.schema) || !isString(sequence.name) || !/^-?\d+$/.test(String(sequence.lastValue))) {
      problems.push(`sequence ${i} has no name or value`);
    }
  });
  return problems;
}

/** What one tar entry must be: its size and SHA-256, from the manifest. */
export interface ExpectedEntry {
  entry: string;
  size: number;
  sha256: string;
}

/** Every file the manifest lists after itself, in the order the backup writes them. */
export function expectedEntries(manifest: Manifest): ExpectedEntry[] {
  return [
    ...manifest.tables.map((t) => ({ entry: t.entry, size: t.bytes, sha256: t.sha256 })),
    ...manifest.objects.map((o) => ({ entry: o.entry, size: o.size, sha256: o.sha256 })),
  ];
}

/** Rows per table, as `schema.table: n`. */
export function rowCounts(manifest: Pick<Manifest, "tables">): Record<string, number> {
  return Object.fromEntries(manifest.tables.map((t) => [qualified(t), t.rows]));
}
