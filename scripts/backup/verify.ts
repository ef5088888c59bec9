/**
 * After a restore, everything is read back from the project and compared
 * with the manifest: every table's row count and row digest (the rows as
 * COPY writes them, in any order), and every object's size and SHA-256
 * (downloaded again through the Storage API).
 */
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Sql } from "postgres";
import { columnList, tableIdent } from "./catalog.ts";
import { copyOut } from "./copy.ts";
import { qualified, type Manifest, type TableEntry } from "./manifest.ts";
import type { Progress } from "./progress.ts";
import { RowDigest, type TableDigest } from "./row-digest.ts";
import { eachLimit, type StorageApi } from "./storage-api.ts";
import { hashingStream } from "./streams.ts";
import { sessionSettings } from "./target.ts";

type TableRef = Pick<TableEntry, "schema" | "name" | "columns">;

/** Each table's rows and digest as the database holds them now, in one snapshot. */
export async function tableDigests(sql: Sql, tables: TableRef[], onTable?: () => void): Promise<Map<string, TableDigest>> {
  const digests = new Map<string, TableDigest>();
  await sql.begin("isolation level repeatable read read only", async (tx) => {
    await sessionSettings(tx);
    for (const table of tables) {
      const rows = new RowDigest();
      const copy = await copyOut(tx, `copy (select ${columnList(table.columns)} from ${tableIdent(table)}) to stdout`);
      await pipeline(
        copy,
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            rows.update(chunk);
            done();
          },
        }),
      );
      digests.set(qualified(table), rows.result());
      onTable?.();
    }
  });
  return digests;
}

/** What differs between the manifest and the project (nothing: the restore is exact). */
export async function verifyRestore(sql: Sql, storage: StorageApi, manifest: Manifest, progress: Progress): Promise<string[]> {
  const problems: string[] = [];
  const tableStep = progress.step("checking data", manifest.tables.length);
  const digests = await tableDigests(sql, manifest.tables, () => tableStep.tick());
  for (const table of manifest.tables) {
    const found = digests.get(qualified(table))!;
    if (found.rows !== table.rows) problems.push(`${qualified(table)} holds ${found.rows} rows, the backup ${table.rows}`);
    else if (found.digest !== table.digest) problems.push(`${qualified(table)} holds other rows than the backup`);
  }
  tableStep.done(problems.length ? `${problems.length} tables differ` : "every table's rows match the backup's");

  const total = manifest.objects.reduce((sum, o) => sum + o.size, 0);
  const objectStep = progress.step("checking media", total, "bytes");
  const objectProblems: string[] = [];
  await eachLimit(manifest.objects, 4, async (object) => {
    const body = await storage.download(object.name);
    if (!body) return void objectProblems.push(`${object.bucket}/${object.name} is missing`);
    const hashing = hashingStream((n) => objectStep.tick(n));
    await pipeline(body, hashing.stream, new Writable({ write: (_chunk, _encoding, done) => done() }));
    if (hashing.bytes() !== object.size || hashing.sha256() !== object.sha256) {
      objectProblems.push(`${object.bucket}/${object.name} differs from the backup's (${hashing.bytes()} bytes, expected ${object.size})`);
    }
  });
  objectStep.done(objectProblems.length ? `${objectProblems.length} objects differ` : "every object matches its SHA-256");
  return [...problems, ...objectProblems.sort()];
}
