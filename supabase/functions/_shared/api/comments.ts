import { z } from "zod";
import { userVote } from "./votes.ts";

/** A comment as the thread shows it (private.comment_card and private.comment_counters). */
export const comment = z
  .object({
    id: z.number().int(),
    post_id: z.number().int(),
    content: z.string().meta({ description: "Its words, or \"This comment was deleted by its author.\"" }),
    parent_id: z.number().int().nullable().meta({ description: "The top-level comment it replies to; null for a top-level comment." }),
    author_name: z.string().nullable().meta({ description: "\"Deleted user\" for a deleted account; null for a comment deleted by its author." }),
    author_id: z.string().nullable().meta({ description: "The author's page; null for a deleted account or a comment deleted by its author." }),
    created_at: z.string(),
    edited_at: z.string().nullable().meta({ description: "When its author last changed its words; null if never." }),
    deleted: z.boolean().meta({ description: "Deleted by its author while it had replies: `content` says so, and it has no name." }),
    upvotes: z.number().int().nonnegative(),
    downvotes: z.number().int().nonnegative(),
    user_vote: userVote,
  })
  .meta({
    id: "Comment",
    example: {
      id: 12,
      post_id: 42,
      content: "I was there too!",
      parent_id: null,
      author_name: "Grace Hopper",
      author_id: "0d6c1b2a-3e4f-4a5b-8c7d-9e0f1a2b3c4d",
      created_at: "2026-05-01T15:00:00.123456+00:00",
      edited_at: null,
      deleted: false,
      upvotes: 2,
      downvotes: 0,
      user_vote: "none",
    },
  });

/** GET /api/posts/{id}/comments: a page of the thread, each top-level comment followed by its replies. */
export const commentPage = z
  .object({
    comments: z.array(comment),
    nextCursor: z.string().nullable().meta({ description: "Where the next page starts, or null on the last." }),
    total: z.number().int().nonnegative().meta({ description: "Comments in the whole thread." }),
  })
  .meta({ id: "CommentPage" });

const notACommentId = "parentId must be a comment id.";

/** POST /api/posts/{id}/comments. Its length is the database's rule (private.comments_before_insert), with its message. */
export const newComment = z
  .object({
    content: z.string({ error: "content is required." }),
    // A number, not a string or boolean: a lenient parse would turn "1" or true
    // into an id the client never meant. Whether it names a comment of this post
    // is the database's answer.
    parentId: z.number({ error: notACommentId }).int(notACommentId).positive(notACommentId).nullish()
      .meta({ description: "The top-level comment this replies to." }),
  })
  .meta({ id: "NewComment", example: { content: "I was there too!", parentId: null } });

/** PATCH /api/comments/{id}: its author's new words. Who may, the length and how often are the database's rules (private.edit_comment). */
export const commentEdit = z
  .object({ content: z.string({ error: "content is required." }) })
  .meta({ id: "CommentEdit", example: { content: "I was there too, on Sunday." } });

/** A comment written or edited, as the thread shows it. */
export const commentAnswer = z.object({ comment });

/** DELETE /api/comments/{id}. */
export const commentDeleted = z.object({
  success: z.literal(true),
  message: z.string().meta({ example: "Comment deleted successfully" }),
});

export type Comment = z.infer<typeof comment>;
export type CommentPage = z.infer<typeof commentPage>;
export type NewComment = z.infer<typeof newComment>;
export type CommentEdit = z.infer<typeof commentEdit>;
export type CommentAnswer = z.infer<typeof commentAnswer>;
export type CommentDeleted = z.infer<typeof commentDeleted>;
