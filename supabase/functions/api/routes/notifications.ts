import { Hono } from "hono";
import { z } from "zod";
import { signedIn } from "../auth/guards.ts";
import type { AppEnv } from "../context.ts";
import { asCaller, writeAsCaller } from "../db/lanes.ts";
import { decodeCursor } from "../http/cursor.ts";
import { fail } from "../http/errors.ts";
import { pageLimit } from "../http/params.ts";
import { validate } from "../http/validate.ts";
import { listNotifications } from "../queries/notification-list.ts";

/**
 * GET /notifications and POST /notifications/read: the signed-in user's own
 * notifications. Personal answers: read as the caller (row-level security
 * shows only their own), never through the visitors' read cache.
 */
export const notificationsRouter = new Hono<AppEnv>();

const signInFirst = "Please sign in to see your notifications.";

const listQuery = z.object({
  limit: pageLimit(100, 20),
  cursor: z.string().max(200).optional(),
});

notificationsRouter.get("/", signedIn(signInFirst), validate("query", listQuery), async (c) => {
  const { limit, cursor } = c.req.valid("query");
  const options = { limit, cursor: decodeCursor(cursor) };
  return c.json(await asCaller(c.var.caller, (tx) => listNotifications(tx, options)));
});

const notANotificationId = "ids must be a list of notification ids.";
const readBody = z.object({
  ids: z.array(z.number({ error: notANotificationId }).int(notANotificationId).positive(notANotificationId), { error: notANotificationId })
    .max(500, "At most 500 notifications at a time.")
    .optional(),
});

/** The body is optional: none (or no `ids`) marks every notification read. */
function readIds(text: string): number[] | null {
  if (!text.trim()) return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    fail(400, "The request body must be JSON.");
  }
  const result = readBody.safeParse(body);
  if (!result.success) fail(400, result.error.issues[0]?.message ?? notANotificationId);
  return result.data.ids ?? null;
}

notificationsRouter.post("/read", signedIn(signInFirst), async (c) => {
  const ids = readIds(await c.req.text());
  const unread = await writeAsCaller(c.var.caller, async (tx) => {
    const [row] = await tx<{ unread: number }[]>`select private.mark_notifications_read(${ids}::bigint[]) as unread`;
    return row.unread;
  });
  return c.json({ unread });
});
