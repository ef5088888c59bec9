import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api, apiUrl } from "@/lib/api-client";
import { withPrefetched } from "@/lib/prefetch";
import { isKnownViewer, queryKeys, type Viewer } from "@/lib/query-keys";
import type { HomePosts, PostDetail, PostPage } from "@/types/api";
import { browserTimeZone } from "../utils/display";
import { filtersToQuery, type PostFilters } from "../utils/filters";

export const PAGE_SIZE = 20;

export function getHomePosts(signal?: AbortSignal): Promise<HomePosts> {
  const query = { tz: browserTimeZone() };
  return withPrefetched(apiUrl("/api/posts", query), () => api.get<HomePosts>("/api/posts", { query, signal }));
}

function getPost(id: string, signal?: AbortSignal): Promise<PostDetail> {
  const path = `/api/posts/${encodeURIComponent(id)}`;
  return withPrefetched(path, () => api.get<PostDetail>(path, { signal }));
}

/** Home groups; "today" is the visitor's day (their browser's time zone). */
export function useHomePosts(viewer: Viewer) {
  return useQuery({
    queryKey: queryKeys.home(viewer),
    queryFn: ({ signal }) => getHomePosts(signal),
    enabled: isKnownViewer(viewer),
  });
}

export function useTimeline(viewer: Viewer) {
  return useInfiniteQuery({
    queryKey: queryKeys.timeline(viewer),
    enabled: isKnownViewer(viewer),
    queryFn: ({ pageParam, signal }) =>
      api.get<PostPage>("/api/timeline", { query: { limit: PAGE_SIZE, cursor: pageParam, tz: browserTimeZone() }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useAllPosts(filters: PostFilters, viewer: Viewer) {
  const query = filtersToQuery(filters);
  return useInfiniteQuery({
    queryKey: queryKeys.allPosts(query, viewer),
    enabled: isKnownViewer(viewer),
    queryFn: ({ pageParam, signal }) =>
      api.get<PostPage>("/api/posts/all", { query: { ...query, limit: PAGE_SIZE, cursor: pageParam, tz: browserTimeZone() }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function usePost(id: string, viewer: Viewer) {
  return useQuery({
    queryKey: queryKeys.post(id, viewer),
    enabled: isKnownViewer(viewer),
    queryFn: ({ signal }) => getPost(id, signal),
  });
}
