import { z } from "zod";

/**
 * GET /api/admin/backups/latest (admins): the last backup `npm run backup`
 * recorded, or null when none was (docs/operations.md). One schema, read by
 * the api function to answer and by the SPA to trust the answer.
 */
export const lastBackupAnswer = z.object({
  backup: z
    .object({
      /** When the backup's snapshot of the data was taken. */
      createdAt: z.string(),
      finishedAt: z.string(),
      fileName: z.string(),
      bytes: z.number().int().nonnegative(),
      tables: z.number().int().nonnegative(),
      objects: z.number().int().nonnegative(),
      encrypted: z.boolean(),
    })
    .nullable(),
});

export type LastBackupAnswer = z.infer<typeof lastBackupAnswer>;
