import type { Post, PostStatus, ReviewStatus } from "@/types/api";

/** GET /api/me/posts: one of the user's own posts, in any state. */
export type MyPost = Post & { rejection_reason: string | null; reviewed_at: string | null };

/** GET /api/me/edit-suggestions: one of the user's own edit suggestions. */
export interface MyEditSuggestion {
  id: number;
  post_id: number;
  /** Null when the post has since been deleted. */
  post_title: string | null;
  summary: string;
  /** The fields it changes, e.g. ["content", "title"]. */
  fields: string[];
  status: ReviewStatus;
  rejection_reason: string | null;
  created_at: string;
  reviewed_at: string | null;
}

/** GET /api/me/suggestions: one of the user's own general suggestions. */
export interface MySuggestion {
  id: string;
  suggestion: string;
  status: string;
  created_at: string;
}

export type { PostStatus, ReviewStatus };
