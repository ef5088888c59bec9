import { JsonText } from "../db/json-text.ts";
import type { ReadTx } from "../db/lanes.ts";
import { type Cursor, encodeCursor } from "../http/cursor.ts";
import { fail } from "../http/errors.ts";
import type { VotableComment, Votables } from "../read-cache/votables.ts";

export type CommentSort = "newest" | "top";

export interface CommentList {
  comments: (VotableComment & Record<string, unknown>)[];
  /** Where the next page starts, or null on the last. */
  nextCursor: string | null;
  /** Comments in the whole thread. */
  total: number;
}

interface CommentPageRow {
  visible: boolean;
  comments: string | null;
  next_after: string | null;
  next_id: string | null;
  total: number | null;
  unpublished: string | null;
  unpublished_total: number | null;
}

/**
 * A page of a post's comments in thread order (each top-level comment, then its replies) in one
 * statement, or a 404 when the caller may not see the post. A published post's comments come from
 * their kept JSON, as text (private.approved_post_comments), a page at a time; only its author and
 * admins read a post that is not published, built here under row-level security, all on one page.
 */
export async function listComments(tx: ReadTx, postId: number, sort: CommentSort, cursor: Cursor | undefined, limit: number): Promise<JsonText<CommentList>> {
  const order = sort === "top"
    ? tx`(c.upvotes - c.downvotes) desc, c.created_at desc, c.id desc`
    : tx`c.created_at desc, c.id desc`;
  const [row] = await tx<CommentPageRow[]>`
    select
      exists (select 1 from public.posts p where p.id = ${postId}) as visible,
      a.comments, a.next_after, a.next_id, a.total,
      u.comments::text as unpublished, jsonb_array_length(u.comments) as unpublished_total
    from (select) as one
    left join private.approved_post_comments(${postId}, ${sort}, ${limit}, ${cursor ? String(cursor.key) : null}::text::jsonb, ${cursor?.id ?? null}::bigint) a on true
    left join lateral (
      select jsonb_agg(j.comment order by ${order}) as comments
      from public.comments c cross join lateral private.comment_json(c) j
      where a.comments is null and ${cursor === undefined} and c.post_id = ${postId}) u on true`;
  if (!row.visible) fail(404, "Post not found.");
  if (row.comments === null) {
    return new JsonText(`{"comments": ${row.unpublished ?? "[]"}, "nextCursor": null, "total": ${row.unpublished_total ?? 0}}`);
  }
  const next = row.next_after === null ? null : encodeCursor({ key: row.next_after, id: Number(row.next_id) });
  return new JsonText(`{"comments": ${row.comments}, "nextCursor": ${JSON.stringify(next)}, "total": ${row.total}}`);
}

export const commentListVotables: Votables<CommentList> = { comments: (list) => list.comments };
