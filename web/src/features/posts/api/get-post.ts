import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { withPrefetched } from "@/lib/prefetch";
import { isKnownViewer, queryKeys, type Viewer } from "@/lib/query-keys";
import type { PostDetail } from "@/types/api";
import { postUrl } from "./request-urls";

/** GET /api/posts/{id}: the post with its info boxes; a visitor's first one comes from index.html's early request. */
export function getPost(id: string): Promise<PostDetail> {
  const url = postUrl(id);
  return withPrefetched(url, () => api.get<PostDetail>(url));
}

/**
 * No abort signal: a post asked for is kept even when the screen goes, so
 * coming back (or React's second mount in development) does not ask again.
 */
export const postQueryOptions = (id: string, viewer: Viewer) =>
  queryOptions({
    queryKey: queryKeys.post(id, viewer),
    queryFn: () => getPost(id),
    enabled: isKnownViewer(viewer),
  });

export function usePost(id: string, viewer: Viewer) {
  return useQuery(postQueryOptions(id, viewer));
}
