import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { commentAnswer, commentDeleted, commentEdit, type Comment, commentPage, newComment } from "../../_shared/api/comments.ts";
import { requireUser, signedIn } from "../auth/guards.ts";
import { asCaller, writeAsCaller } from "../db/lanes.ts";
import { decodeCursor } from "../http/cursor.ts";
import { fail } from "../http/errors.ts";
import { access, errors, formRefused, json, jsonBody, newRouter, nonJsonAsEmpty } from "../http/openapi.ts";
import { pageLimit, pathId } from "../http/params.ts";
import { commentListVotables, listComments } from "../queries/comment-list.ts";
import { sharedRead } from "../read-cache/shared-read.ts";
import { commentReportRouter } from "./reports.ts";
import { voteRouter } from "./votes.ts";

const postIdParam = z.object({ id: z.string().meta({ description: "The post's id.", example: "42" }) });
const commentIdParam = z.object({ id: z.string().meta({ description: "The comment's id.", example: "12" }) });

/** GET and POST /posts/{id}/comments: a post's thread (mounted by the posts router). */
export const postCommentsRouter = newRouter();

const commentsQuery = z.object({
  sort: z.enum(["newest", "top"], { error: "sort must be newest or top." }).default("newest")
    .meta({ description: "Top-level comments newest first, or by score; replies follow theirs, oldest first." }),
  limit: pageLimit(100, 30).meta({ description: "Comments on a page, 1 to 100 (30 when left out).", example: "30" }),
  cursor: z.string().max(300).optional().meta({ description: "The previous page's nextCursor." }),
});

postCommentsRouter.openapi(
  createRoute({
    method: "get",
    path: "/",
    operationId: "listPostComments",
    tags: ["Comments"],
    summary: "A page of a post's comments in thread order",
    description: "Each top-level comment followed by its replies. Everyone reads a published post's; its author and the team read the comments of a post that is not published, all on one page.",
    ...access("visitor"),
    request: { params: postIdParam, query: commentsQuery },
    responses: { 200: json(commentPage, "A page of the thread."), ...errors(400, 404) },
  }),
  (c) => {
    const postId = pathId(c.req.valid("param").id, "Post not found.");
    const { sort, limit, cursor } = c.req.valid("query");
    const after = decodeCursor(cursor);
    return sharedRead(c, commentListVotables, (caller) => asCaller(caller, (tx) => listComments(tx, postId, sort, after, limit)));
  },
);

postCommentsRouter.openapi(
  createRoute({
    method: "post",
    path: "/",
    operationId: "createComment",
    tags: ["Comments"],
    summary: "Comment on a published post, or reply to a comment",
    description: "Replies are one level deep: parentId names a top-level comment of the same post. One comment a minute.",
    ...access("member"),
    middleware: [signedIn("Please sign in to comment."), nonJsonAsEmpty] as const,
    request: { params: postIdParam, body: jsonBody(newComment) },
    responses: { 201: json(commentAnswer, "The comment as the thread shows it."), ...errors(400, 401, 403, 404, 413, 429), ...formRefused },
  }),
  async (c) => {
    const postId = pathId(c.req.valid("param").id, "Post not found.");
    const { content, parentId } = c.req.valid("json");
    // One statement: the post as the member sees it, the comment, and the
    // comment as the API shows it. The comment count's row lock on the post
    // (private.comments_count) is then held for this statement and the commit
    // alone, not for three more round trips.
    const [created] = await writeAsCaller(c.var.caller, (tx) =>
      tx<{ comment: Comment }[]>`
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
  },
);

/** /comments/{id}: a comment's edit, deletion, vote and report. */
export const commentsRouter = newRouter();

commentsRouter.route("/:id/vote", voteRouter("comment"));
commentsRouter.route("/:id/report", commentReportRouter);

/** PATCH /comments/{id}: its author's new words; the answer is the comment as the thread shows it. */
commentsRouter.openapi(
  createRoute({
    method: "patch",
    path: "/{id}",
    operationId: "updateComment",
    tags: ["Comments"],
    summary: "Edit one's own comment",
    description: "Its author only; the thread shows when it was edited. At most 5 edits a minute.",
    ...access("member"),
    middleware: [signedIn("Please sign in to edit your comment."), nonJsonAsEmpty] as const,
    request: { params: commentIdParam, body: jsonBody(commentEdit) },
    responses: { 200: json(commentAnswer, "The comment as the thread shows it now."), ...errors(400, 401, 403, 404, 409, 413, 429), ...formRefused },
  }),
  async (c) => {
    const id = pathId(c.req.valid("param").id, "Comment not found.");
    const { content } = c.req.valid("json");
    const [edited] = await writeAsCaller(c.var.caller, async (tx) => {
      await tx`select private.edit_comment(${id}::bigint, ${content}::text)`;
      return tx<{ comment: Comment }[]>`
        select j.comment from public.comments c cross join lateral private.comment_json(c) j where c.id = ${id}`;
    });
    c.set("changed", { commentsOf: [edited.comment.post_id] });
    return c.json({ comment: edited.comment }, 200);
  },
);

/**
 * DELETE /comments/{id}: an admin deletes any comment with its replies; its
 * author deletes their own (kept as "deleted" while it has replies). The
 * database tells them apart (private.delete_comment).
 */
commentsRouter.openapi(
  createRoute({
    method: "delete",
    path: "/{id}",
    operationId: "deleteComment",
    tags: ["Comments"],
    summary: "Delete a comment",
    description: "Its author deletes their own (kept as \"deleted\" while it has replies); the team deletes any comment with its replies.",
    ...access("member"),
    request: { params: commentIdParam },
    responses: { 200: json(commentDeleted, "The comment is deleted."), ...errors(401, 403, 404, 409) },
  }),
  async (c) => {
    const id = pathId(c.req.valid("param").id, "Comment not found.");
    requireUser(c.var.caller);
    await writeAsCaller(c.var.caller, (tx) => tx`select private.delete_comment(${id}::bigint)`);
    return c.json({ success: true, message: "Comment deleted successfully" } as const, 200);
  },
);
