import { Hono } from "hono";
import { z } from "zod";
import { requireUser, signedIn } from "../auth/guards.ts";
import type { AppEnv } from "../context.ts";
import { asCaller, writeAsCaller } from "../db/lanes.ts";
import { decodeCursor } from "../http/cursor.ts";
import { fail } from "../http/errors.ts";
import { pageLimit, pathId } from "../http/params.ts";
import { validate } from "../http/validate.ts";
import { commentListVotables, listComments } from "../queries/comment-list.ts";
import { sharedRead } from "../read-cache/shared-read.ts";
import { commentReportRouter } from "./reports.ts";
import { voteRouter } from "./votes.ts";

/** GET and POST /posts/{id}/comments: a post's thread (mounted by the posts router). */
export const postCommentsRouter = new Hono<AppEnv>();

const commentsQuery = z.object({
  sort: z.enum(["newest", "top"], { error: "sort must be newest or top." }).default("newest"),
  limit: pageLimit(100, 30),
  cursor: z.string().max(300).optional(),
});

postCommentsRouter.get("/", validate("query", commentsQuery), (c) => {
  const postId = pathId(c.req.param("id"), "Post not found.");
  const { sort, limit, cursor } = c.req.valid("query");
  const after = decodeCursor(cursor);
  return sharedRead(c, commentListVotables, (caller) => asCaller(caller, (tx) => listComments(tx, postId, sort, after, limit)));
});

const notACommentId = "parentId must be a comment id.";
const newComment = z.object({
  // Its length is the database's rule (private.comments_before_insert), with its message.
  content: z.string({ error: "content is required." }),
  // A number, not a string or boolean: a lenient parse would turn "1" or true
  // into an id the client never meant. Whether it names a comment of this post
  // is the database's answer.
  parentId: z.number({ error: notACommentId }).int(notACommentId).positive(notACommentId).nullish(),
});

postCommentsRouter.post("/", signedIn("Please sign in to comment."), validate("json", newComment), async (c) => {
  const postId = pathId(c.req.param("id"), "Post not found.");
  const { content, parentId } = c.req.valid("json");
  // One statement: the post as the member sees it, the comment, and the
  // comment as the API shows it. The comment count's row lock on the post
  // (private.comments_count) is then held for this statement and the commit
  // alone, not for three more round trips.
  const [created] = await writeAsCaller(c.var.caller, (tx) =>
    tx<{ comment: unknown }[]>`
      with visible_post as (select p.id from public.posts p where p.id = ${postId}),
      inserted as (
        insert into public.comments (post_id, parent_id, content)
        select visible_post.id, ${parentId ?? null}::bigint, ${content}::text from visible_post
        returning comments)
      select j.comment from inserted cross join lateral private.comment_json(inserted.comments) j`
  );
  // Not visible to the member (missing, or someone else's pending post): nothing was inserted.
  if (!created) fail(404, "Post not found.");
  c.set("changed", { commentsOf: [postId] });
  return c.json({ comment: created.comment }, 201);
});

/** /comments/{id}: a comment's edit, deletion, vote and report. */
export const commentsRouter = new Hono<AppEnv>();

commentsRouter.route("/:id/vote", voteRouter("comment"));
commentsRouter.route("/:id/report", commentReportRouter);

// Who may, the length and how often are the database's rules (private.edit_comment), with its messages.
const commentEdit = z.object({ content: z.string({ error: "content is required." }) });

/** PATCH /comments/{id}: its author's new words; the answer is the comment as the thread shows it. */
commentsRouter.patch("/:id", signedIn("Please sign in to edit your comment."), validate("json", commentEdit), async (c) => {
  const id = pathId(c.req.param("id"), "Comment not found.");
  const { content } = c.req.valid("json");
  const [edited] = await writeAsCaller(c.var.caller, async (tx) => {
    await tx`select private.edit_comment(${id}::bigint, ${content}::text)`;
    return tx<{ comment: { post_id: number } }[]>`
      select j.comment from public.comments c cross join lateral private.comment_json(c) j where c.id = ${id}`;
  });
  c.set("changed", { commentsOf: [edited.comment.post_id] });
  return c.json({ comment: edited.comment });
});

/**
 * DELETE /comments/{id}: an admin deletes any comment with its replies; its
 * author deletes their own (kept as "deleted" while it has replies). The
 * database tells them apart (private.delete_comment).
 */
commentsRouter.delete("/:id", async (c) => {
  const id = pathId(c.req.param("id"), "Comment not found.");
  requireUser(c.var.caller);
  await writeAsCaller(c.var.caller, (tx) => tx`select private.delete_comment(${id}::bigint)`);
  return c.json({ success: true, message: "Comment deleted successfully" });
});
