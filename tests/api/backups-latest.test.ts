/**
 * GET /api/admin/backups/latest: the last backup the backup script
 * recorded, newest finished first, in the shape the shared schema declares.
 */
import { expect, it } from "vitest";
import { lastBackupAnswer } from "../../supabase/functions/_shared/api/backups.ts";
import { api, createAdmin } from "../support/api.ts";
import { sql } from "../support/database.ts";

it("answers the backup that finished last, with its size and contents", async () => {
  const admin = await createAdmin();
  const name = `archive-backup-${crypto.randomUUID()}.tar.gz.age`;
  await sql`insert into private.backups (created_at, finished_at, file_name, bytes, sha256, tables, objects, encrypted)
            values (now() - interval '2 minutes', now() + interval '1 day', ${name}, 123456789, ${"a".repeat(64)}, 42, 7, true),
                   (now() - interval '1 day', now() - interval '1 day', 'older.tar.gz', 1, ${"b".repeat(64)}, 1, 0, false)`;
  const res = await api("GET", "/api/admin/backups/latest", { token: admin.token });
  expect(res.status).toBe(200);
  const { backup } = lastBackupAnswer.parse(res.body);
  expect(backup).toMatchObject({ fileName: name, bytes: 123456789, tables: 42, objects: 7, encrypted: true });
  expect(new Date(backup!.createdAt).getTime()).toBeLessThan(new Date(backup!.finishedAt).getTime());
  await sql`delete from private.backups where file_name = ${name}`;
});
