import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import type { HomePosts, Post } from "@/types/api";

export type PinnedPost = Pick<Post, "id" | "title">;

/** GET /api/posts: the post pinned now (the home page's pinnedPost), or null. */
export function getPinnedPost(signal?: AbortSignal): Promise<PinnedPost | null> {
  return api.get<HomePosts>("/posts", { signal }).then(({ pinnedPost }) => (pinnedPost ? { id: pinnedPost.id, title: pinnedPost.title } : null));
}

/** Read afresh at each Pin: another admin may have pinned a post since the page loaded. */
export const pinnedPostQueryOptions = () =>
  queryOptions({ queryKey: [...queryKeys.posts, "pinned"], queryFn: ({ signal }) => getPinnedPost(signal), staleTime: 0 });
