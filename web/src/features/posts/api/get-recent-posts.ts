import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { useTimeZone } from "@/hooks/use-time-zone";
import { api } from "@/lib/api-client";
import { isKnownViewer, queryKeys, type Viewer } from "@/lib/query-keys";
import type { PostPage } from "@/types/api";
import { PAGE_SIZE } from "../utils/post-pages";

/** GET /api/posts/recent: a page of today's posts after `cursor` (Home's recentNextCursor, then each page's nextCursor). */
export function getRecentPosts(cursor: string, timeZone: string, signal?: AbortSignal): Promise<PostPage> {
  return api.get<PostPage>("/api/posts/recent", { query: { cursor, limit: PAGE_SIZE, tz: timeZone }, signal });
}

/** Fetched only once `asked` (the visitor pressed "Show more"): Home's first paint stays one request. */
export const recentPostsQueryOptions = (from: string, viewer: Viewer, timeZone: string, asked: boolean) =>
  infiniteQueryOptions({
    queryKey: queryKeys.recentPosts(from, viewer, timeZone),
    queryFn: ({ pageParam, signal }) => getRecentPosts(pageParam, timeZone, signal),
    initialPageParam: from,
    getNextPageParam: (last: PostPage) => last.nextCursor ?? undefined,
    enabled: asked && isKnownViewer(viewer),
  });

export function useRecentPosts(from: string, viewer: Viewer, asked: boolean) {
  return useInfiniteQuery(recentPostsQueryOptions(from, viewer, useTimeZone(), asked));
}
