import type { MyEditSuggestion, MyPost, MySuggestion } from "@shared/api/me.ts";
import type { PostStatus, ReviewStatus } from "@/types/api";

/**
 * GET /api/me/posts: one of the user's own posts, in any state;
 * GET /api/me/edit-suggestions: one of their edit suggestions (`post_title`
 * null when they may no longer read the post);
 * GET /api/me/suggestions: one of their general suggestions.
 */
export type { MyEditSuggestion, MyPost, MySuggestion };

export type { PostStatus, ReviewStatus };
