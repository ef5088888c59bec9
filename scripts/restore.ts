/**
 * `npm run restore -- <file>`: brings a backup (`npm run backup`) into an
 * empty project. Everything that can refuse is checked before anything is
 * written: the whole file (decrypted, every SHA-256 against the manifest),
 * its migration against this code's and the target's, the target's tables,
 * and whether it already holds posts. Then the media are uploaded (a failed
 * restore can be run again: uploads replace), the accounts and the data are
 * loaded in one transaction, and everything is read back and compared with
 * the manifest. `--help` says how; scripts/backup/ holds the parts.
 */
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readArchive } from "./backup/archive.ts";
import { listTables, ownSchemas } from "./backup/catalog.ts";
import { describeBackup, migrationRefusal, schemaDifferences } from "./backup/compatibility.ts";
import { identitiesFromEnv } from "./backup/encryption.ts";
import { onInterrupt } from "./backup/interrupt.ts";
import { analyzeTables, cascadedTables, loadData } from "./backup/load.ts";
import { uploadMedia } from "./backup/media.ts";
import { lastAppliedMigration, newestMigrationInCode } from "./backup/migrations.ts";
import { parseRestoreArgs, restoreUsage, UsageError } from "./backup/options.ts";
import { createProgress, type Progress } from "./backup/progress.ts";
import { confirm } from "./backup/prompt.ts";
import { Refusal } from "./backup/refusal.ts";
import { StorageApi } from "./backup/storage-api.ts";
import { checkConnection, connect, resolveProject } from "./backup/target.ts";
import { verifyRestore } from "./backup/verify.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function main(): Promise<void> {
  const options = parseRestoreArgs(process.argv.slice(2));
  if (options.help) return void console.log(restoreUsage);
  const file = path.resolve(options.file!);
  if (!existsSync(file)) throw new Refusal(`there is no file ${file}`);
  const progress = createProgress();
  const identities = identitiesFromEnv();
  const project = resolveProject(options.dbUrl);
  const startedAt = Date.now();
  progress.info(`restoring ${path.basename(file)} into ${project.label}`);

  const sql = connect(project);
  const storage = new StorageApi(project);
  const stageDir = await fs.mkdtemp(path.join(os.tmpdir(), "archive-restore-"));
  const release = onInterrupt(() => fs.rm(stageDir, { recursive: true, force: true }));
  try {
    await checkConnection(sql, project);
    const targetMigration = await lastAppliedMigration(sql);
    const newestInCode = newestMigrationInCode(root);

    // 1. The file, whole, before anything is written; its migration as soon as its manifest is read.
    const manifest = await readArchive({
      file,
      identities,
      stageDir,
      progress,
      onManifest: (m) => {
        const refusal = migrationRefusal({ backup: m.migration, newestInCode, target: targetMigration });
        if (refusal) throw new Refusal(refusal);
      },
    });
    progress.info(`the backup: ${describeBackup(manifest)}`);
    for (const warning of manifest.warnings) progress.warn(`noted when it was taken: ${warning}`);

    // 2. The target: the same tables, and empty unless --replace says otherwise.
    const differences = schemaDifferences(manifest.tables, await listTables(sql), ownSchemas);
    if (differences.length) {
      throw new Refusal(
        "the target's tables differ from the backup's, though both are at the same migration (until the first deployment the " +
          "migrations are edited in place: start the target from the code the backup was taken with):\n  " +
          differences.slice(0, 10).join("\n  "),
      );
    }
    const [held] = await sql<{ posts: number; accounts: number }[]>`
      select (select count(*) from public.posts)::int as posts, (select count(*) from auth.users)::int as accounts`;
    const before = new Set<string>();
    for await (const object of storage.walk()) before.add(object.name);
    if (held!.posts > 0) await confirmReplace(options, held!, before.size);
    else if (held!.accounts > 0) progress.info(`the target's ${held!.accounts} accounts (it holds no posts) are replaced by the backup's`);
    const cascaded = await cascadedTables(sql, manifest);
    if (cascaded.length) progress.info(`emptied with the accounts they belong to: ${cascaded.join(", ")}`);

    // 3. Media first: a restore that fails later leaves no rows pointing at missing files, and can be run again.
    const uploaded: string[] = [];
    try {
      await uploadMedia(storage, manifest.objects, stageDir, progress, uploaded);
      await loadData(sql, manifest, stageDir, progress);
    } catch (error) {
      await takeBack(storage, uploaded.filter((name) => !before.has(name)), progress);
      throw error;
    }
    await analyzeTables(sql, manifest, progress);
    if (options.replace) {
      const kept = new Set(manifest.objects.map((o) => o.name));
      const stale = [...before].filter((name) => !kept.has(name));
      if (stale.length) {
        await storage.remove(stale);
        progress.info(`--replace: deleted ${stale.length} objects the backup does not hold`);
      }
    }

    // 4. Read back, compared with the manifest.
    const problems = await verifyRestore(sql, storage, manifest, progress);
    if (problems.length) {
      const things = problems.length === 1 ? "1 thing differs" : `${problems.length} things differ`;
      throw new Error(`the restore finished, but ${things} from the backup:\n  ${problems.slice(0, 20).join("\n  ")}`);
    }
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    const accounts = manifest.tables.find((t) => t.schema === "auth" && t.name === "users")?.rows ?? 0;
    const posts = manifest.tables.find((t) => t.schema === "public" && t.name === "posts")?.rows ?? 0;
    console.log(
      `restored in ${((Date.now() - startedAt) / 1000).toFixed(1)} s into ${project.label}: ${posts} posts, ${accounts} accounts, ` +
        `${rows} rows in ${manifest.tables.length} tables, ${manifest.objects.length} objects; every count and checksum matches the backup ` +
        `taken ${manifest.createdAt}`,
    );
  } finally {
    release();
    await fs.rm(stageDir, { recursive: true, force: true });
    await sql.end({ timeout: 5 });
  }
}

/** --replace over a target with posts: asked on a terminal, --yes for scripts. */
async function confirmReplace(options: { replace: boolean; yes: boolean }, held: { posts: number; accounts: number }, objects: number) {
  const holds = `the target already holds ${held.posts} posts, ${held.accounts} accounts and ${objects} objects`;
  if (!options.replace) throw new Refusal(`${holds}: a restore goes into an empty project. To replace all of it with the backup, add --replace.`);
  if (options.yes) return;
  if (!process.stdin.isTTY) throw new Refusal(`${holds}. --replace asks before replacing them, and there is no terminal to ask: add --yes.`);
  if (!(await confirm(`${holds}. Replace every restored table, the accounts and the media with the backup's?`))) {
    throw new Refusal("not replaced: the answer was no");
  }
}

/** A restore that failed after uploading: the objects it added go again (those it replaced stay replaced). */
async function takeBack(storage: StorageApi, added: string[], progress: Progress): Promise<void> {
  if (!added.length) return;
  await storage.remove(added).then(
    () => progress.info(`took back the ${added.length} objects this restore had uploaded`),
    (error: Error) => progress.warn(`could not take back the ${added.length} objects this restore had uploaded: ${error.message}`),
  );
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof Refusal) console.error(`\n✗ refused: ${message}\nNothing was changed.`);
  else if (error instanceof UsageError) console.error(`\n✗ ${message}\n\n${restoreUsage}`);
  else console.error(`\n✗ ${message}`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
