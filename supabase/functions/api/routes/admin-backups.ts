import { Hono } from "hono";
import { lastBackupAnswer } from "../../_shared/api/backups.ts";
import type { AppEnv } from "../context.ts";
import { asCaller } from "../db/lanes.ts";

/**
 * /admin/backups: when the archive was last backed up, for admins
 * (private.last_backup checks the role). Mounted by adminRouter, whose guard
 * runs first.
 */
export const adminBackupsRouter = new Hono<AppEnv>();

adminBackupsRouter.get("/latest", async (c) => {
  const backup = await asCaller(c.var.caller, async (tx) => {
    const [row] = await tx<{ backup: unknown }[]>`select private.last_backup() as backup`;
    return row.backup;
  });
  return c.json(lastBackupAnswer.parse({ backup: backup ?? null }));
});
