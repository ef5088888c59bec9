import type { ReadTx } from "../db/lanes.ts";
import type { Cursor } from "../http/cursor.ts";
import { keysetColumns, keysetOrder, keysetPage, type KeysetRow, olderThan, rowCursor } from "./keyset.ts";

export interface NotificationPage {
  notifications: Record<string, unknown>[];
  nextCursor: string | null;
  /** All of the caller's unread notifications, not only this page's. */
  unread: number;
}

/**
 * The caller's notifications, newest first, one keyset page (served by the
 * index on recipient, created_at and id), and the unread count (the partial
 * index on unread rows). Row-level security limits both to the caller's own;
 * the explicit filter lets the planner use the indexes.
 */
export async function listNotifications(tx: ReadTx, options: { cursor?: Cursor; limit: number }): Promise<NotificationPage> {
  const { cursor, limit } = options;
  const rows = await tx<({ notification: Record<string, unknown> } & KeysetRow)[]>`
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
        'tag', n.tag,
        'suspended_until', n.suspended_until,
        'created_at', n.created_at,
        'read_at', n.read_at) as notification,
      ${keysetColumns(tx, "n")}
    from public.notifications n
    where n.recipient_id = (select auth.uid())
      ${cursor ? tx`and ${olderThan(tx, "n", cursor)}` : tx``}
    ${keysetOrder(tx, "n", limit)}`;
  const [{ unread }] = await tx<{ unread: number }[]>`
    select count(*)::int as unread from public.notifications
    where recipient_id = (select auth.uid()) and read_at is null`;

  const { shown, nextCursor } = keysetPage(rows, limit, rowCursor);
  return {
    notifications: shown.map((row) => row.notification),
    nextCursor,
    unread,
  };
}
