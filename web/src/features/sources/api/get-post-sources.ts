import { useQuery } from "@tanstack/react-query";
import type { PostSource, PostSources } from "@shared/api/posts.ts";
import { api } from "@/lib/api-client";
import { isKnownViewer, queryKeys, type Viewer } from "@/lib/query-keys";

export type { PostSource };

/** GET /api/posts/{id}/sources: the URLs a post cites, with their state and archived copies. */
export function getPostSources(postId: string, signal?: AbortSignal) {
  return api.get<PostSources>(`/api/posts/${encodeURIComponent(postId)}/sources`, { signal });
}

/** Under the post's detail key, so every change to the post refetches them. */
export function usePostSources(postId: string, viewer: Viewer) {
  return useQuery({
    queryKey: queryKeys.postSources(postId, viewer),
    queryFn: ({ signal }) => getPostSources(postId, signal),
    enabled: isKnownViewer(viewer),
    select: (answer) => answer.sources,
  });
}
