import { queryOptions, useQuery } from "@tanstack/react-query";
import { useTimeZone } from "@/hooks/use-time-zone";
import { api } from "@/lib/api-client";
import { withPrefetched } from "@/lib/prefetch";
import { isKnownViewer, keptAcrossTimeZones, queryKeys, type Viewer } from "@/lib/query-keys";
import type { HomePosts } from "@/types/api";
import { homePostsUrl } from "./request-urls";

/** GET /api/posts?tz=: the home groups; a visitor's first one comes from index.html's early request. */
export function getHomePosts(timeZone: string): Promise<HomePosts> {
  const url = homePostsUrl(timeZone);
  return withPrefetched(url, () => api.get<HomePosts>(url));
}

/**
 * No abort signal: the groups asked for are kept even when the screen goes,
 * so coming back (or React's second mount in development) does not ask again.
 */
export const homePostsQueryOptions = (viewer: Viewer, timeZone: string) => {
  const queryKey = queryKeys.home(viewer, timeZone);
  return queryOptions({
    queryKey,
    queryFn: () => getHomePosts(timeZone),
    enabled: isKnownViewer(viewer),
    placeholderData: keptAcrossTimeZones(queryKey),
  });
};

/** Home groups; "today" is the visitor's day (their browser's time zone, once the page has hydrated). */
export function useHomePosts(viewer: Viewer) {
  return useQuery(homePostsQueryOptions(viewer, useTimeZone()));
}
