import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { type NotificationPage, notificationPage, unreadCount } from "../../_shared/api/notifications.ts";
import { signedIn } from "../auth/guards.ts";
import { asCaller, writeAsCaller } from "../db/lanes.ts";
import { decodeCursor } from "../http/cursor.ts";
import { fail } from "../http/errors.ts";
import { access, errors, formRefused, json, newRouter } from "../http/openapi.ts";
import { pageLimit } from "../http/params.ts";
import { listNotifications } from "../queries/notification-list.ts";

/**
 * GET /notifications and POST /notifications/read: the signed-in user's own
 * notifications. Personal answers: read as the caller (row-level security
 * shows only their own), never through the visitors' read cache.
 */
export const notificationsRouter = newRouter();

const signInFirst = "Please sign in to see your notifications.";

const listQuery = z.object({
  limit: pageLimit(100, 20).meta({ description: "Notifications on the page, 1 to 100 (20 when left out).", example: "20" }),
  cursor: z.string().max(200).optional().meta({ description: "The nextCursor of the page before." }),
});

notificationsRouter.openapi(
  createRoute({
    method: "get",
    path: "/",
    operationId: "listNotifications",
    tags: ["Notifications"],
    summary: "The caller's notifications, newest first, and how many are unread",
    ...access("member"),
    middleware: [signedIn(signInFirst)],
    request: { query: listQuery },
    responses: { 200: json(notificationPage, "A page of the caller's notifications."), ...errors(400, 401) },
  }),
  async (c) => {
    const { limit, cursor } = c.req.valid("query");
    const options = { limit, cursor: decodeCursor(cursor) };
    const page = await asCaller(c.var.caller, (tx) => listNotifications(tx, options));
    // The query types its items loosely; the SQL builds them as notificationPage describes.
    return c.json(page as NotificationPage, 200);
  },
);

const notANotificationId = "ids must be a list of notification ids.";
const readBody = z.object({
  ids: z.array(z.number({ error: notANotificationId }).int(notANotificationId).positive(notANotificationId), { error: notANotificationId })
    .max(500, "At most 500 notifications at a time.")
    .optional()
    .meta({ description: "The notifications to mark read (at most 500); left out, every one.", example: [9, 12] }),
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

// The body is optional and read whatever its media type, which a body in createRoute would change
// (its validator refuses an empty JSON body, and non-JSON ones): the route stays plain and is described here.
notificationsRouter.openAPIRegistry.registerPath({
  method: "post",
  path: "/read",
  operationId: "markNotificationsRead",
  tags: ["Notifications"],
  summary: "Mark the caller's notifications read",
  description: "The given notifications, or without a body (or without ids) every one; ids that are not the caller's are passed over.",
  ...access("member"),
  request: { body: { required: false, content: { "application/json": { schema: readBody } } } },
  responses: {
    200: json(unreadCount, "How many of the caller's notifications are still unread."),
    ...errors(400, 401, 413),
    ...formRefused,
  },
});

notificationsRouter.post("/read", signedIn(signInFirst), async (c) => {
  const ids = readIds(await c.req.text());
  const unread = await writeAsCaller(c.var.caller, async (tx) => {
    const [row] = await tx<{ unread: number }[]>`select private.mark_notifications_read(${ids}::bigint[]) as unread`;
    return row.unread;
  });
  return c.json({ unread });
});
