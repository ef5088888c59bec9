import type { Tx } from "../../_shared/db.ts";
import { fail } from "../../_shared/errors.ts";
import { JsonText } from "../../_shared/json-text.ts";
import type { VotableComment, Votables } from "./member-votes.ts";

export type CommentSort = "newest" | "top";

export interface CommentList {
  comments: (VotableComment & Record<string, unknown>)[];
}

/**
 * A post's comments in one statement, or a 404 when the caller may not see the post.
 * A published post's comments come from their kept JSON, as text (private.approved_post_comments);
 * only its author and admins read a post that is not published, built here under row-level security.
 */
export async function listComments(tx: Tx, postId: number, sort: CommentSort): Promise<JsonText<CommentList>> {
  const order = sort === "top"
    ? tx`(c.upvotes - c.downvotes) desc, c.created_at desc, c.id desc`
    : tx`c.created_at desc, c.id desc`;
  const [row] = await tx<{ visible: boolean; comments: string }[]>`
    select
      exists (select 1 from public.posts p where p.id = ${postId}) as visible,
      coalesce(
        private.approved_post_comments(${postId}, ${sort}),
        (select jsonb_agg(j.comment order by ${order})
         from public.comments c cross join lateral private.comment_json(c) j
         where c.post_id = ${postId})::text,
        '[]') as comments`;
  if (!row.visible) fail(404, "Post not found.");
  return new JsonText(`{"comments": ${row.comments}}`);
}

export const commentListVotables: Votables<CommentList> = { comments: (list) => list.comments };
