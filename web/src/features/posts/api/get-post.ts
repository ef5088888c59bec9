import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { withPrefetched } from "@/lib/prefetch";
import { isKnownViewer, queryKeys, type Viewer } from "@/lib/query-keys";
import type { PostDetail } from "@/types/api";

/** GET /api/posts/{id}: the post with its info boxes; a visitor's first one comes from index.html's early request. */
export function getPost(id: string, signal?: AbortSignal): Promise<PostDetail> {
  const path = `/api/posts/${encodeURIComponent(id)}`;
  return withPrefetched(path, () => api.get<PostDetail>(path, { signal }));
}

export const postQueryOptions = (id: string, viewer: Viewer) =>
  queryOptions({
    queryKey: queryKeys.post(id, viewer),
    queryFn: ({ signal }) => getPost(id, signal),
    enabled: isKnownViewer(viewer),
  });

export function usePost(id: string, viewer: Viewer) {
  return useQuery(postQueryOptions(id, viewer));
}
