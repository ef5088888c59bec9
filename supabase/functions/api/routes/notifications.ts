import { Hono } from "hono";
import { z } from "zod";
import { asCaller, type Tx } from "../../_shared/db.ts";
import { decodeCursor, encodeCursor } from "../../_shared/cursor.ts";
import { fail } from "../../_shared/errors.ts";
import { signedIn } from "../../_shared/guards.ts";
import { pageLimit } from "../../_shared/params.ts";
import { validate } from "../../_shared/validate.ts";
import type { AppEnv } from "../context.ts";

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

async function unreadCount(tx: Tx): Promise<number> {
  const [row] = await tx<{ unread: number }[]>`
    select count(*)::int as unread from public.notifications
    where recipient_id = (select auth.uid()) and read_at is null`;
  return row.unread;
}

notificationsRouter.get("/", signedIn(signInFirst), validate("query", listQuery), async (c) => {
  const { limit } = c.req.valid("query");
  const cursor = decodeCursor(c.req.valid("query").cursor);
  const { rows, unread } = await asCaller(c.var.caller, async (tx) => {
    const rows = await tx<{ notification: Record<string, unknown>; id: number; cursor_key: string }[]>`
      select
        jsonb_build_object(
          'id', n.id,
          'kind', n.kind,
          'post_id', n.post_id,
          'post_title', n.post_title,
          'comment_id', n.comment_id,
          -- null for a deleted account, as a comment's author_name is.
          'actor_name', (select pr.display_name from public.profiles pr where pr.id = n.actor_id),
          'reason', n.reason,
          'created_at', n.created_at,
          'read_at', n.read_at) as notification,
        n.id,
        n.created_at::text as cursor_key
      from public.notifications n
      where n.recipient_id = (select auth.uid())
        ${cursor ? tx`and (n.created_at, n.id) < (${String(cursor.key)}::text::timestamptz, ${cursor.id})` : tx``}
      order by n.created_at desc, n.id desc
      limit ${limit + 1}`;
    return { rows, unread: await unreadCount(tx) };
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return c.json({
    notifications: page.map((row) => row.notification),
    nextCursor: rows.length > limit && last ? encodeCursor({ key: last.cursor_key, id: Number(last.id) }) : null,
    unread,
  });
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
  const unread = await asCaller(c.var.caller, async (tx) => {
    const [row] = await tx<{ unread: number }[]>`select private.mark_notifications_read(${ids}::bigint[]) as unread`;
    return row.unread;
  });
  return c.json({ unread });
});
