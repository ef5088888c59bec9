import { createRoute } from "@hono/zod-openapi";
import { lastBackupAnswer } from "../../_shared/api/backups.ts";
import { asCaller } from "../db/lanes.ts";
import { access, errors, json, newRouter } from "../http/openapi.ts";

/**
 * /admin/backups: when the archive was last backed up, for admins
 * (private.last_backup checks the role). Mounted by adminRouter, whose guard
 * runs first.
 */
export const adminBackupsRouter = newRouter();

adminBackupsRouter.openapi(
  createRoute({
    method: "get",
    path: "/latest",
    operationId: "getLatestBackup",
    tags: ["Admin"],
    summary: "The last backup npm run backup recorded",
    ...access("admin"),
    responses: { 200: json(lastBackupAnswer, "The last backup, or null when none was recorded."), ...errors(401, 403) },
  }),
  async (c) => {
    const backup = await asCaller(c.var.caller, async (tx) => {
      const [row] = await tx<{ backup: unknown }[]>`select private.last_backup() as backup`;
      return row.backup;
    });
    return c.json(lastBackupAnswer.parse({ backup: backup ?? null }), 200);
  },
);
