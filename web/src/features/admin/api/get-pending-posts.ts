import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import type { PostSource } from "@shared/post-source.ts";
import type { InfoBox, Post } from "@/types/api";

/**
 * A pending post as GET /api/admin/pending-posts answers: the post with its
 * info boxes, its sources (as GET /api/posts/{id}/sources lists them), and the
 * version approval sends back (a post changed since is 409).
 */
export type PendingPost = Post & { info_boxes?: Omit<InfoBox, "id">[]; sources?: PostSource[]; version?: string };

export function getPendingPosts(signal?: AbortSignal): Promise<PendingPost[]> {
  return api.get<{ posts: PendingPost[] }>("/admin/pending-posts", { signal }).then((data) => data.posts ?? []);
}

export function usePendingPosts() {
  return useQuery({ queryKey: queryKeys.pendingPosts, queryFn: ({ signal }) => getPendingPosts(signal), staleTime: 0 });
}
