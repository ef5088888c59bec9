/** The command lines of `npm run backup` and `npm run restore`, and where a backup goes (scripts/backup/). */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseBackupArgs, parseRestoreArgs, UsageError } from "../../scripts/backup/options.ts";
import { backupFileName, backupsToPrune, outputPath } from "../../scripts/backup/output.ts";
import { identitiesFromEnv, recipientsFromEnv } from "../../scripts/backup/encryption.ts";

describe("npm run backup's options", () => {
  it("reads --out, --keep and --db-url, as --name value or --name=value", () => {
    expect(parseBackupArgs([])).toEqual({ help: false, generateKey: false });
    expect(parseBackupArgs(["--out", "/srv/backups/", "--keep=7", "--db-url", "postgresql://u:p@h/db"])).toEqual({
      help: false,
      generateKey: false,
      out: "/srv/backups/",
      keep: 7,
      dbUrl: "postgresql://u:p@h/db",
    });
    expect(parseBackupArgs(["--help"]).help).toBe(true);
    expect(parseBackupArgs(["--generate-key"]).generateKey).toBe(true);
  });

  it("refuses what it does not know, a missing value and a --keep that is not a count", () => {
    for (const argv of [["--bogus"], ["--out"], ["--out", "--keep", "2"], ["--keep", "0"], ["--keep", "two"], ["--keep=1.5"], ["file.tar.gz"]]) {
      expect(() => parseBackupArgs(argv), argv.join(" ")).toThrow(UsageError);
    }
  });
});

describe("npm run restore's options", () => {
  it("takes one file, --replace, --yes and --db-url", () => {
    expect(parseRestoreArgs(["b.tar.gz.age"])).toEqual({ help: false, replace: false, yes: false, file: "b.tar.gz.age" });
    expect(parseRestoreArgs(["--replace", "-y", "--db-url=postgresql://x", "b"])).toEqual({
      help: false,
      replace: true,
      yes: true,
      dbUrl: "postgresql://x",
      file: "b",
    });
    expect(parseRestoreArgs(["--help"]).help).toBe(true);
  });

  it("refuses no file, two files and unknown flags", () => {
    expect(() => parseRestoreArgs([])).toThrow(/name the backup file/);
    expect(() => parseRestoreArgs(["a", "b"])).toThrow(/one backup file at a time/);
    expect(() => parseRestoreArgs(["--force", "a"])).toThrow(UsageError);
  });
});

describe("where a backup goes", () => {
  const taken = new Date("2026-03-15T10:15:00.123Z");

  it("is named by its UTC time, .age when encrypted", () => {
    expect(backupFileName(taken, true)).toBe("archive-backup-20260315T101500Z.tar.gz.age");
    expect(backupFileName(taken, false)).toBe("archive-backup-20260315T101500Z.tar.gz");
  });

  it("goes into backups/ by default, into a folder --out names (ending with a slash), or to the file --out names", () => {
    const name = backupFileName(taken, true);
    expect(outputPath(undefined, "/repo/backups", name)).toEqual({ folder: "/repo/backups", file: `/repo/backups/${name}` });
    expect(outputPath("/srv/nightly/", "/repo/backups", name)).toEqual({ folder: "/srv/nightly", file: `/srv/nightly/${name}` });
    expect(outputPath("/srv/nightly/today.tar.gz.age", "/repo/backups", name)).toEqual({ folder: "/srv/nightly", file: "/srv/nightly/today.tar.gz.age" });
    // An existing folder without the slash is a folder too.
    const testsFolder = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
    expect(outputPath(testsFolder, "/repo/backups", name).file).toBe(path.join(testsFolder, name));
  });

  it("--keep N keeps the newest N backups (the new one among them) and touches no other file", () => {
    const names = [
      "archive-backup-20260101T000000Z.tar.gz.age",
      "archive-backup-20260103T000000Z.tar.gz.age",
      "archive-backup-20260102T000000Z.tar.gz",
      "archive-backup-20260104T000000Z.tar.gz.age",
      "notes.txt",
      "archive-backup-20260105T000000Z.tar.gz.age.partial",
    ];
    expect(backupsToPrune(names, 2, "archive-backup-20260104T000000Z.tar.gz.age")).toEqual([
      "archive-backup-20260102T000000Z.tar.gz",
      "archive-backup-20260101T000000Z.tar.gz.age",
    ]);
    expect(backupsToPrune(names, 1, "archive-backup-20260104T000000Z.tar.gz.age")).toHaveLength(3);
    expect(backupsToPrune(names, 10, "archive-backup-20260104T000000Z.tar.gz.age")).toEqual([]);
  });
});

describe("the keys from the environment", () => {
  it("takes one or more age recipients and refuses anything else", () => {
    expect(recipientsFromEnv({})).toEqual([]);
    expect(recipientsFromEnv({ ARCHIVE_BACKUP_RECIPIENT: " age1abc, age1def\nage1ghi " })).toEqual(["age1abc", "age1def", "age1ghi"]);
    expect(() => recipientsFromEnv({ ARCHIVE_BACKUP_RECIPIENT: "AGE-SECRET-KEY-1XYZ" })).toThrow(/not an age public key/);
  });

  it("takes the secret key itself, and refuses a value that is neither a key nor a file holding one", () => {
    expect(identitiesFromEnv({})).toEqual([]);
    expect(identitiesFromEnv({ ARCHIVE_BACKUP_IDENTITY: "AGE-SECRET-KEY-1ABC" })).toEqual(["AGE-SECRET-KEY-1ABC"]);
    expect(() => identitiesFromEnv({ ARCHIVE_BACKUP_IDENTITY: "age1abc" })).toThrow(/neither an age secret key/);
  });
});
