import type { ReviewQueuePage, ReviewQueuePost } from "@shared/api/moderation.ts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { useAdminPages } from "../hooks/use-admin-pages";

/**
 * A pending post as GET /api/admin/pending-posts answers: the post with its
 * info boxes, its sources (as GET /api/posts/{id}/sources lists them), and the
 * version approval sends back (a post changed since is 409).
 */
export type PendingPost = ReviewQueuePost;

/** A page of the queue, oldest first; `total` counts every pending post, not only this page's. */
export type PendingPostsPage = ReviewQueuePage;

const PENDING_POSTS_PAGE = 20;

export function getPendingPosts(cursor: string | null, signal?: AbortSignal): Promise<PendingPostsPage> {
  return api.get<PendingPostsPage>("/admin/pending-posts", { signal, query: { limit: PENDING_POSTS_PAGE, cursor } });
}

/**
 * The queue a page at a time (Load more). Approving or rejecting refetches the
 * pages shown (useModerationMutation), each after the cursor of the refetched one before it.
 */
export function usePendingPosts() {
  return useAdminPages(queryKeys.pendingPosts, getPendingPosts);
}
