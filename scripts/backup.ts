/**
 * `npm run backup`: one file holding the whole archive (data, Auth accounts,
 * media, manifest), encrypted to ARCHIVE_BACKUP_RECIPIENT. `--help` says
 * how; scripts/backup/ holds the parts, one job each; `npm run restore`
 * (scripts/restore.ts) brings it back.
 */
import { readFileSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { StagedFile } from "./backup/archive.ts";
import { writeArchive } from "./backup/archive.ts";
import { describeBackup, formatBytes } from "./backup/compatibility.ts";
import { newKeyPair, recipientsFromEnv } from "./backup/encryption.ts";
import { onInterrupt } from "./backup/interrupt.ts";
import { remoteFileSystem } from "./backup/local-disk.ts";
import { manifestEntry, manifestFormat, manifestVersion, type Manifest } from "./backup/manifest.ts";
import { downloadMedia } from "./backup/media.ts";
import { backupUsage, parseBackupArgs, UsageError } from "./backup/options.ts";
import { backupFileName, outputPath, pruneBackups } from "./backup/output.ts";
import { createProgress } from "./backup/progress.ts";
import { recordBackup } from "./backup/record.ts";
import { Refusal } from "./backup/refusal.ts";
import { takeSnapshot } from "./backup/snapshot.ts";
import { StorageApi } from "./backup/storage-api.ts";
import { checkConnection, connect, redact, resolveProject } from "./backup/target.ts";
import { gitCommit } from "./backup/tool.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function main(): Promise<void> {
  const options = parseBackupArgs(process.argv.slice(2));
  if (options.help) return void console.log(backupUsage);
  if (options.generateKey) {
    const { identity, recipient } = await newKeyPair();
    console.log(`# The public key: where backups are written (CI secrets, the server's environment).
ARCHIVE_BACKUP_RECIPIENT=${recipient}
# The secret key: only where backups are restored. Keep it in a password manager, never beside the backups.
ARCHIVE_BACKUP_IDENTITY=${identity}`);
    return;
  }

  const progress = createProgress();
  const recipients = recipientsFromEnv();
  const project = resolveProject(options.dbUrl);
  const startedAt = Date.now();

  // Where it goes: known before anything is read, so a refusal costs nothing.
  const provisional = outputPath(options.out, path.join(root, "backups"), backupFileName(new Date(), recipients.length > 0));
  await fs.mkdir(provisional.folder, { recursive: true });
  if (recipients.length === 0) {
    const remote = await remoteFileSystem(provisional.folder);
    if (remote) {
      throw new Refusal(
        `without ARCHIVE_BACKUP_RECIPIENT the backup would be unencrypted, and ${provisional.folder} is on ${remote}, ` +
          "not this machine's disk. Set ARCHIVE_BACKUP_RECIPIENT (npm run backup -- --generate-key makes a key pair).",
      );
    }
    progress.warn("ARCHIVE_BACKUP_RECIPIENT is not set: the backup is NOT encrypted. It holds e-mail addresses and password hashes; keep it on this disk.");
  }

  progress.info(`backing up ${project.label}`);
  const sql = connect(project);
  const stageDir = await fs.mkdtemp(path.join(os.tmpdir(), "archive-backup-"));
  let partial: string | undefined;
  const release = onInterrupt(async () => {
    await fs.rm(stageDir, { recursive: true, force: true });
    if (partial) await fs.rm(partial, { force: true });
  });
  try {
    await checkConnection(sql, project);
    const snapshot = await takeSnapshot(sql, stageDir, progress);
    const media = await downloadMedia(new StorageApi(project), stageDir, progress);

    const warnings = media.vanished.map((name) => `the object media/${name} was deleted while the backup read the bucket`);
    const stored = new Set(media.objects.map((o) => o.name));
    const missing = snapshot.referencedObjects.filter((name) => !stored.has(name));
    if (missing.length) {
      warnings.push(`${missing.length} objects the data refers to (post_media) are not in the bucket: ${missing.slice(0, 5).join(", ")}${missing.length > 5 ? ", …" : ""}`);
    }
    for (const warning of warnings) progress.warn(warning);

    const manifest: Manifest = {
      format: manifestFormat,
      formatVersion: manifestVersion,
      tool: { name: "community-archive backup", version: packageVersion(), commit: gitCommit(root) },
      createdAt: snapshot.createdAt,
      source: { database: redact(project.databaseUrl), supabaseUrl: project.supabaseUrl },
      migration: snapshot.migration,
      tables: snapshot.tables,
      sequences: snapshot.sequences,
      objects: media.objects,
      warnings,
    };
    await fs.writeFile(path.join(stageDir, manifestEntry), JSON.stringify(manifest, null, 1));

    const createdAt = new Date(snapshot.createdAt);
    const { folder, file } = outputPath(options.out, path.join(root, "backups"), backupFileName(createdAt, recipients.length > 0));
    const files: StagedFile[] = [];
    for (const entry of [manifestEntry, ...manifest.tables.map((t) => t.entry), ...manifest.objects.map((o) => o.entry)]) {
      const staged = path.join(stageDir, entry);
      files.push({ entry, file: staged, size: (await fs.stat(staged)).size });
    }
    // Written under a temporary name and renamed when whole: a backup file is never half a backup.
    partial = `${file}.partial`;
    let written: { bytes: number; sha256: string };
    try {
      written = await writeArchive({ files, output: partial, recipients, createdAt, progress });
      await fs.rename(partial, file);
    } finally {
      await fs.rm(partial, { force: true });
    }

    const recorded = await recordBackup(sql, {
      file: path.basename(file),
      bytes: written.bytes,
      sha256: written.sha256,
      createdAt: snapshot.createdAt,
      tables: manifest.tables.length,
      objects: manifest.objects.length,
      encrypted: recipients.length > 0,
    }).catch((error: Error) => {
      progress.warn(`the backup is written, but recording it in private.backups failed: ${error.message}`);
      return false;
    });
    if (options.keep) {
      const pruned = await pruneBackups(folder, options.keep, path.basename(file));
      if (pruned.length) progress.info(`--keep ${options.keep}: deleted ${pruned.join(", ")}`);
    }
    progress.info(
      `done in ${((Date.now() - startedAt) / 1000).toFixed(1)} s: ${describeBackup(manifest)}; ` +
        `the file is ${formatBytes(written.bytes)}${recipients.length ? ", encrypted" : ", NOT encrypted"}` +
        `${recorded ? "; recorded in private.backups" : ""}`,
    );
    console.log(file);
  } finally {
    release();
    await fs.rm(stageDir, { recursive: true, force: true });
    await sql.end({ timeout: 5 });
  }
}

function packageVersion(): string | null {
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version?: string };
  return pkg.version ?? null;
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof Refusal) console.error(`\n✗ refused: ${message}`);
  else if (error instanceof UsageError) console.error(`\n✗ ${message}\n\n${backupUsage}`);
  else console.error(`\n✗ ${message}`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
