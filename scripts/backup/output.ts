/**
 * Where a backup is written, what it is called, and `--keep N`: which older
 * backups of the same folder go once a new one is written.
 */
import { existsSync, statSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";

/** `archive-backup-20260315T101500Z.tar.gz`, `.age` after it when encrypted. */
const backupName = /^archive-backup-(\d{8}T\d{6}Z)\.tar\.gz(\.age)?$/;

/** The file name of a backup taken at `createdAt` (UTC, to the second). */
export function backupFileName(createdAt: Date, encrypted: boolean): string {
  const stamp = createdAt.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
  return `archive-backup-${stamp}.tar.gz${encrypted ? ".age" : ""}`;
}

/**
 * `--out`: a folder when it ends with a slash or is one; otherwise the file
 * itself. Without it, `backups/` at the repository root.
 */
export function outputPath(out: string | undefined, defaultFolder: string, fileName: string): { folder: string; file: string } {
  const target = out ?? defaultFolder;
  const isFolder = out === undefined || /[/\\]$/.test(target) || (existsSync(target) && statSync(target).isDirectory());
  const file = isFolder ? path.resolve(target, fileName) : path.resolve(target);
  return { folder: path.dirname(file), file };
}

/**
 * The backups `--keep N` deletes: of the files in the folder named as
 * backups, all but the newest `keep` (by the time in their names), never
 * `current`.
 */
export function backupsToPrune(names: string[], keep: number, current: string): string[] {
  const backups = names.filter((name) => backupName.test(name)).sort((a, b) => stampOf(b).localeCompare(stampOf(a)) || b.localeCompare(a));
  const kept = new Set([current, ...backups.filter((n) => n !== current).slice(0, Math.max(keep - 1, 0))]);
  return backups.filter((name) => !kept.has(name));
}

const stampOf = (name: string) => backupName.exec(name)?.[1] ?? "";

/** Deletes what backupsToPrune names in `folder`; answers the names deleted. */
export async function pruneBackups(folder: string, keep: number, current: string): Promise<string[]> {
  const doomed = backupsToPrune(await fs.readdir(folder), keep, current);
  for (const name of doomed) await fs.rm(path.join(folder, name), { force: true });
  return doomed;
}
