import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import { asCaller } from "../db/lanes.ts";
import { decodeCursor } from "../http/cursor.ts";
import { pageLimit } from "../http/params.ts";
import { validate } from "../http/validate.ts";
import { listLinkHealth } from "../queries/link-health.ts";

/**
 * /admin/link-health: the dead and moved sources across the
 * archive with the posts citing them, for moderators and admins (the database
 * function checks the role). Mounted by adminRouter, whose guard runs first.
 */
export const adminLinkHealthRouter = new Hono<AppEnv>();

const linkHealthQuery = z.object({
  limit: pageLimit(100, 50),
  cursor: z.string().max(200).optional(),
});

adminLinkHealthRouter.get("/", validate("query", linkHealthQuery), async (c) => {
  const query = c.req.valid("query");
  const cursor = decodeCursor(query.cursor);
  return c.json(await asCaller(c.var.caller, (tx) => listLinkHealth(tx, { cursor, limit: query.limit })));
});
