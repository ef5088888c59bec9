import { Hono } from "hono";
import { z } from "zod";
import { asCaller, type Tx } from "../../_shared/db.ts";
import { fail } from "../../_shared/errors.ts";
import { requireUser, signedIn } from "../../_shared/guards.ts";
import { pathId } from "../../_shared/params.ts";
import { validate } from "../../_shared/validate.ts";
import type { AppEnv } from "../context.ts";

/** GET/POST /posts/{id}/comments and DELETE /comments/{id}. */
export const commentsRouter = new Hono<AppEnv>();

async function assertPostVisible(tx: Tx, postId: number) {
  const [post] = await tx`select 1 from public.posts where id = ${postId}`;
  if (!post) fail(404, "Post not found.");
}

commentsRouter.get(
  "/posts/:id/comments",
  validate("query", z.object({ sort: z.enum(["newest", "top"], { error: "sort must be newest or top." }).default("newest") })),
  async (c) => {
    const postId = pathId(c.req.param("id"), "Post not found.");
    const { sort } = c.req.valid("query");
    const comments = await asCaller(c.var.caller, async (tx) => {
      const order = sort === "top"
        ? tx`(c.upvotes - c.downvotes) desc, c.created_at desc, c.id desc`
        : tx`c.created_at desc, c.id desc`;
      // One statement: whether the caller may see the post, and its comments.
      const [row] = await tx<{ visible: boolean; comments: unknown[] }[]>`
        select
          exists (select 1 from public.posts p where p.id = ${postId}) as visible,
          coalesce((
            select jsonb_agg(j.comment order by ${order})
            from public.comments c cross join lateral private.comment_json(c) j
            where c.post_id = ${postId}), '[]'::jsonb) as comments`;
      if (!row.visible) fail(404, "Post not found.");
      return row.comments;
    });
    return c.json({ comments });
  },
);

const notACommentId = "parentId must be a comment id.";
const newComment = z.object({
  content: z.string({ error: "content is required." }).trim().min(1, "A comment cannot be empty.").max(5000),
  // A number, not a string or boolean: parsing is strict (issue 13 item 6).
  parentId: z.number({ error: notACommentId }).int(notACommentId).positive(notACommentId).nullish(),
});

commentsRouter.post("/posts/:id/comments", signedIn("Please sign in to comment."), validate("json", newComment), async (c) => {
  const postId = pathId(c.req.param("id"), "Post not found.");
  const { content, parentId } = c.req.valid("json");
  const comment = await asCaller(c.var.caller, async (tx) => {
    await assertPostVisible(tx, postId);
    if (parentId) {
      const [parent] = await tx`select 1 from public.comments where id = ${parentId} and post_id = ${postId}`;
      if (!parent) fail(404, "The comment you are replying to no longer exists.");
    }
    const [row] = await tx<{ id: number }[]>`
      insert into public.comments (post_id, parent_id, content)
      values (${postId}, ${parentId ?? null}, ${content})
      returning id`;
    const [created] = await tx<{ comment: unknown }[]>`
      select j.comment from public.comments c cross join lateral private.comment_json(c) j where c.id = ${row.id}`;
    return created.comment;
  });
  return c.json({ comment }, 201);
});

commentsRouter.delete("/comments/:id", async (c) => {
  const id = pathId(c.req.param("id"), "Comment not found.");
  requireUser(c.var.caller);
  await asCaller(c.var.caller, (tx) => tx`select private.delete_comment(${id}::bigint)`);
  return c.json({ success: true, message: "Comment deleted successfully" });
});
