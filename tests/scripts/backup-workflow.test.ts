/**
 * The scheduled backup (.github/workflows/backup.yml) runs the command the
 * docs describe against the hosted project, encrypted, and keeps its file:
 * a change that would back up nothing, or in the clear, fails here.
 */
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { parseBackupArgs } from "../../scripts/backup/options.ts";

type Step = { run?: string; uses?: string; env?: Record<string, string>; with?: Record<string, unknown> };
const workflow = parse(readFileSync(new URL("../../.github/workflows/backup.yml", import.meta.url), "utf8")) as {
  on: { schedule: { cron: string }[] };
  jobs: { backup: { steps: Step[] } };
};
const steps = workflow.jobs.backup.steps;
const backupStep = steps.find((step) => step.run?.includes("npm run --silent backup"))!;

describe("the scheduled backup", () => {
  it("runs every night", () => {
    expect(workflow.on.schedule.map((s) => s.cron)).toEqual([expect.stringMatching(/^\d+ \d+ \* \* \*$/)]);
  });

  it("backs up the hosted project with a command line the backup script accepts", () => {
    const argv = backupStep.run!.split("--silent backup -- ")[1]!.replace(/"\$ARCHIVE_DB_URL"/, "postgresql://x").split(/\s+/);
    expect(parseBackupArgs(argv)).toMatchObject({ dbUrl: "postgresql://x", out: "backups/", keep: 1 });
    expect(Object.keys(backupStep.env!).sort()).toEqual(
      ["ARCHIVE_BACKUP_RECIPIENT", "ARCHIVE_DB_URL", "SUPABASE_SERVICE_ROLE_KEY", "SUPABASE_URL"].sort(),
    );
  });

  it("encrypts to a public key and never sees the secret one", () => {
    expect(backupStep.env!.ARCHIVE_BACKUP_RECIPIENT).toContain("ARCHIVE_BACKUP_RECIPIENT");
    expect(readFileSync(new URL("../../.github/workflows/backup.yml", import.meta.url), "utf8")).not.toContain("ARCHIVE_BACKUP_IDENTITY");
  });

  it("keeps the file off the runner, for a month", () => {
    const upload = steps.find((step) => step.uses?.startsWith("actions/upload-artifact"))!;
    expect(upload.with).toMatchObject({ path: "backups/", "retention-days": 30, "if-no-files-found": "error" });
  });
});
