import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { withPrefetched } from "@/lib/prefetch";
import { isKnownViewer, queryKeys, type Viewer } from "@/lib/query-keys";
import type { HomePosts } from "@/types/api";
import { homePostsUrl } from "./request-urls";

/** GET /api/posts?tz=: the home groups; a visitor's first one comes from index.html's early request. */
export function getHomePosts(): Promise<HomePosts> {
  const url = homePostsUrl();
  return withPrefetched(url, () => api.get<HomePosts>(url));
}

/**
 * No abort signal: the groups asked for are kept even when the screen goes,
 * so coming back (or React's second mount in development) does not ask again.
 */
export const homePostsQueryOptions = (viewer: Viewer) =>
  queryOptions({
    queryKey: queryKeys.home(viewer),
    queryFn: () => getHomePosts(),
    enabled: isKnownViewer(viewer),
  });

/** Home groups; "today" is the visitor's day (their browser's time zone). */
export function useHomePosts(viewer: Viewer) {
  return useQuery(homePostsQueryOptions(viewer));
}
