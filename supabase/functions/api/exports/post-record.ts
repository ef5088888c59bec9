import type { Post } from "../../_shared/api/posts.ts";
import { env } from "../env.ts";

/** What the list reader gives of a post (private.post_card and its counters) that a download keeps. */
export type ListedPost = Pick<Post, "id" | "title" | "post_type" | "author_name" | "created_at" | "event_timestamp" | "tags" | "upvotes" | "downvotes" | "comment_count" | "excerpt" | "citations">;

/** The columns of a download of All posts, in order (docs/api.md, "Downloads"). */
export const postColumns = [
  "id",
  "title",
  "type",
  "author",
  "created_at",
  "event_date",
  "tags",
  "score",
  "comment_count",
  "url",
  "excerpt",
  "references",
] as const;

export type PostRecord = Record<(typeof postColumns)[number], string | number | string[] | null>;

/** One post as a download carries it: the list's card, with its score and the post's address on the site. */
export function postRecord(post: ListedPost): PostRecord {
  return {
    id: post.id,
    title: post.title,
    type: post.post_type,
    author: post.author_name,
    created_at: post.created_at,
    event_date: post.event_timestamp,
    tags: post.tags ? post.tags.split(",") : [],
    score: post.upvotes - post.downvotes,
    comment_count: post.comment_count,
    url: `${env.siteUrl}/posts/${post.id}`,
    excerpt: post.excerpt,
    references: post.citations,
  };
}
